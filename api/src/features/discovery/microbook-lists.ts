import DataLoader from "dataloader";
import type { GraphQLResolveInfo } from "graphql";
import type { Context } from "../../context.js";
import { oneLine } from "../../db/one-line.js";
import { Prisma } from "../../generated/prisma/client.js";
import type { Language } from "../../generated/prisma/enums.js";
import { withEditionsIn } from "../catalog/catalog.schema.js";
import { queryFromConnection } from "./paging.js";

const { sql, empty, join } = Prisma;

/**
 * The orders of microbook lists.
 * TRENDING: most read in the last 7 days, then most read ever (so it falls back to all-time when few
 *   have read lately), then newest. A "read" is a reader starting the microbook (see MicrobookPopularity).
 * POPULAR: most read ever, then newest. NEWEST: latest added first. TITLE: A–Z by the title in the
 *   reader's language (or the edition shown instead), ignoring case and accents.
 */
export const MICROBOOK_SORTS = ["TRENDING", "POPULAR", "NEWEST", "TITLE"] as const;
export type MicrobookSort = (typeof MICROBOOK_SORTS)[number];

export const TRENDING_DAYS = 7;

export type RankedListRequest = {
  sort: MicrobookSort;
  categoryId?: string;
  /** Only microbooks with an edition in this language. */
  publishedIn?: Language | null;
  languages: readonly Language[];
  offset: number;
  limit: number;
};

/** One list's page of ids, in order, as the array it selects (ordinality keeps the order through UNION ALL). */
function rankedIdsQuery(ctx: Pick<Context, "now">, options: RankedListRequest, list: number) {
  const { sort } = options;
  const since = new Date(Date.UTC(ctx.now.getUTCFullYear(), ctx.now.getUTCMonth(), ctx.now.getUTCDate() - (TRENDING_DAYS - 1)));
  const joins = [
    sort === "TRENDING" || sort === "POPULAR" ? sql`LEFT JOIN "MicrobookPopularity" AS p ON p."microbookId" = m."id"` : empty,
    sort === "TRENDING"
      ? sql`LEFT JOIN (SELECT "microbookId", SUM("readers") AS "recent" FROM "MicrobookDailyReads" WHERE "day" >= ${since}::date GROUP BY "microbookId") AS r ON r."microbookId" = m."id"`
      : empty,
    sort === "TITLE"
      ? sql`LEFT JOIN LATERAL (SELECT e."title" FROM "MicrobookEdition" AS e WHERE e."microbookId" = m."id" ORDER BY array_position(${[...options.languages]}::text[], e."language"::text) LIMIT 1) AS t ON true`
      : empty,
  ];
  const order = {
    TRENDING: sql`COALESCE(r."recent", 0) DESC, COALESCE(p."readers", 0) DESC,`,
    POPULAR: sql`COALESCE(p."readers", 0) DESC,`,
    NEWEST: empty,
    TITLE: sql`lower(unaccent(t."title")) ASC,`,
  }[sort];
  return sql`
    SELECT ${list}::int AS "list", x."id", x."n" FROM unnest(ARRAY(
      SELECT m."id" FROM "Microbook" AS m ${join(joins, " ", "", "")}
      WHERE cardinality(m."languages") > 0 ${options.categoryId ? sql`AND m."categoryId" = ${options.categoryId}` : empty}
      ${options.publishedIn ? sql`AND ${options.publishedIn}::"Language" = ANY(m."languages")` : empty}
      ORDER BY ${order} m."createdAt" DESC, m."id" ASC
      LIMIT ${options.limit} OFFSET ${options.offset}
    )) WITH ORDINALITY AS x("id", "n")`;
}

/**
 * Pages of published microbook ids in each list's order, over stored counts (no per-request COUNT over
 * readers' states). Every list an operation asks for at once (the home page's trending and latest) is
 * read by one statement; the lists' books are then loaded together by `microbooksInOrder`.
 */
export function createRankedIdsLoader(ctx: Pick<Context, "prisma" | "now">) {
  return new DataLoader<RankedListRequest, string[], string>(
    async (requests) => {
      const parts = requests.map((request, list) => rankedIdsQuery(ctx, request, list));
      const query = join(parts, " UNION ALL ", "", ' ORDER BY "list", "n"');
      const rows = await ctx.prisma.$queryRaw<{ list: number; id: string }[]>(oneLine(query));
      const lists = requests.map((): string[] => []);
      for (const row of rows) lists[row.list]!.push(row.id);
      return lists;
    },
    { cacheKeyFn: (request) => JSON.stringify(request) },
  );
}

type MicrobookQuery = ReturnType<typeof queryFromConnection>;
/** Typed as the selection's one fixed column; Pothos reads the other selected fields by name. */
export type MicrobookRow = Awaited<ReturnType<typeof findMicrobooks>>[number];
const findMicrobooks = (ctx: Pick<Context, "prisma">, query: MicrobookQuery, ids: readonly string[]) =>
  ctx.prisma.microbook.findMany({ ...query, where: { id: { in: [...ids] } } });

/**
 * Microbooks by id, one loader per Prisma selection: lists resolved together whose nodes ask for the
 * same fields (the home page's card sections) share one statement.
 */
export function createMicrobooksByIdLoaders(ctx: Pick<Context, "prisma">) {
  const loaders = new Map<string, DataLoader<string, MicrobookRow | undefined>>();
  return (query: MicrobookQuery) => {
    const key = JSON.stringify(query);
    const known = loaders.get(key);
    if (known) return known;
    const loader = new DataLoader<string, MicrobookRow | undefined>(async (ids) => {
      const rows = await findMicrobooks(ctx, query, ids);
      const byId = new Map(rows.map((row) => [row.id, row]));
      return ids.map((id) => byId.get(id));
    });
    loaders.set(key, loader);
    return loader;
  };
}

/** How many microbooks (of a category) have an edition in `language`: filtered lists' totalCount. */
export async function countPublishedIn(ctx: Pick<Context, "prisma">, language: Language, categoryId?: string): Promise<number> {
  // Raw: Prisma's `has` on an enum array sends a malformed array literal through the driver adapter.
  const [row] = await ctx.prisma.$queryRaw<
    { count: number }[]
  >`SELECT count(*)::int AS "count" FROM "Microbook" WHERE ${language}::"Language" = ANY("languages") ${categoryId ? sql`AND "categoryId" = ${categoryId}` : empty}`;
  return row?.count ?? 0;
}

/**
 * The microbooks of `ids`, in that order, selected as the connection's nodes ask; for a list filtered
 * to `listLanguage`, each with its edition in that language.
 */
export async function microbooksInOrder(
  ctx: Context,
  info: GraphQLResolveInfo,
  ids: readonly string[],
  listLanguage: Language | null = null,
) {
  if (ids.length === 0) return [];
  const query = queryFromConnection(ctx, info, "Microbook");
  return microbooksByQuery(ctx, listLanguage ? withEditionsIn(ctx, query, listLanguage) : query, ids);
}

/** The microbooks of `ids`, in that order, read with `query` (a connection's, from `queryFromConnection`). */
export async function microbooksByQuery(ctx: Context, query: MicrobookQuery, ids: readonly string[]) {
  if (ids.length === 0) return [];
  const loader = ctx.loaders.microbooksById(query);
  const rows = await Promise.all(ids.map((id) => loader.load(id)));
  return rows.filter((row) => row !== undefined);
}
