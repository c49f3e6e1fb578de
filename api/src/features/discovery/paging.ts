import { PothosValidationError } from "@pothos/core";
import { cursorToOffset, offsetToCursor, resolveOffsetConnection } from "@pothos/plugin-relay";
import { queryFromInfo } from "@pothos/plugin-prisma";
import type { GraphQLResolveInfo } from "graphql";
import { pageSizeAtMost } from "../../schema/pagination.js";

/** Relay's arguments plus `page`, the 1-based page of `first` items that a `?page=N` URL asks for. */
export type PageArgs = {
  first?: number | null;
  after?: string | null;
  last?: number | null;
  before?: string | null;
  page?: number | null;
};

/** Deeper than this, an offset scan costs more than anyone browsing needs. */
const MAX_OFFSET = 100_000;

function checkedOffset(cursor: string): number {
  const offset = cursorToOffset(cursor);
  if (!Number.isSafeInteger(offset) || offset < 0 || offset > MAX_OFFSET) throw new PothosValidationError("Invalid cursor");
  return offset;
}

/**
 * An offset-paged relay connection: cursors are positions, so `page: N` is the same as `after` the
 * last item of page N-1, and each page is one LIMIT/OFFSET in SQL. `load` receives the offset and how
 * many rows to read (one more than the page, to know whether there is a next one).
 */
export async function resolvePage<T>(
  args: PageArgs,
  sizes: { defaultSize: number; maxSize: number },
  load: (window: { offset: number; limit: number }) => Promise<readonly T[]>,
) {
  pageSizeAtMost(sizes.maxSize)(args);
  let relayArgs: Omit<PageArgs, "page"> = args;
  if (args.page != null) {
    if (args.after != null || args.before != null || args.last != null) {
      throw new PothosValidationError("`page` cannot be combined with `after`, `before` or `last`");
    }
    const size = args.first ?? sizes.defaultSize;
    if (args.page < 1 || (args.page - 1) * size > MAX_OFFSET) throw new PothosValidationError(`Invalid page ${args.page}`);
    relayArgs = { first: size, after: args.page > 1 ? offsetToCursor((args.page - 1) * size - 1) : null };
  }
  if (relayArgs.after) checkedOffset(relayArgs.after);
  if (relayArgs.before) checkedOffset(relayArgs.before);
  return resolveOffsetConnection({ args: relayArgs, ...sizes }, load);
}

/** The Prisma selection a connection's nodes ask for, whether read as `nodes` or `edges { node }`. */
export function queryFromConnection(ctx: object, info: GraphQLResolveInfo, typeName: string) {
  return queryFromInfo({ context: ctx, info, typeName, paths: [["nodes"], ["edges", "node"]], select: { id: true } });
}
