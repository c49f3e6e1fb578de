import type { GraphQLResolveInfo } from "graphql";
import type { Context } from "../../context.js";
import { Prisma } from "../../generated/prisma/client.js";
import type { Language } from "../../generated/prisma/enums.js";
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

/**
 * One page of published microbook ids in a list's order, as one SQL statement over stored counts (no
 * per-request COUNT over readers' states): the discovery lists first choose ids, then load the page's
 * books with exactly the fields the operation asks for.
 */
export async function rankedMicrobookIds(
  ctx: Pick<Context, "prisma" | "now">,
  options: {
    sort: MicrobookSort;
    categoryId?: string;
    /** Only microbooks with an edition in this language. */
    publishedIn?: Language | null;
    languages: readonly Language[];
    offset: number;
    limit: number;
  },
): Promise<string[]> {
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
  const query = sql`
    SELECT m."id" FROM "Microbook" AS m ${join(joins, " ", "", "")}
    WHERE cardinality(m."languages") > 0 ${options.categoryId ? sql`AND m."categoryId" = ${options.categoryId}` : empty}
    ${options.publishedIn ? sql`AND ${options.publishedIn}::"Language" = ANY(m."languages")` : empty}
    ORDER BY ${order} m."createdAt" DESC, m."id" ASC
    LIMIT ${options.limit} OFFSET ${options.offset}`;
  // One line, as logs and the SQL snapshots show it.
  const oneLine = new Prisma.Sql(
    query.strings.map((part) => part.replace(/\s+/g, " ")),
    query.values,
  );
  const rows = await ctx.prisma.$queryRaw<{ id: string }[]>(oneLine);
  return rows.map((r) => r.id);
}

/** How many microbooks (of a category) have an edition in `language`: filtered lists' totalCount. */
export async function countPublishedIn(ctx: Pick<Context, "prisma">, language: Language, categoryId?: string): Promise<number> {
  // Raw: Prisma's `has` on an enum array sends a malformed array literal through the driver adapter.
  const [row] = await ctx.prisma.$queryRaw<
    { count: number }[]
  >`SELECT count(*)::int AS "count" FROM "Microbook" WHERE ${language}::"Language" = ANY("languages") ${categoryId ? sql`AND "categoryId" = ${categoryId}` : empty}`;
  return row?.count ?? 0;
}

/** The microbooks of `ids`, in that order, selected as the connection's nodes ask. One statement (none if empty). */
export async function microbooksInOrder(ctx: Context, info: GraphQLResolveInfo, ids: readonly string[]) {
  if (ids.length === 0) return [];
  const query = queryFromConnection(ctx, info, "Microbook");
  const rows = await ctx.prisma.microbook.findMany({ ...query, where: { id: { in: [...ids] } } });
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.map((id) => byId.get(id)).filter((row) => row !== undefined);
}
