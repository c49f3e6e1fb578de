import DataLoader from "dataloader";
import type { Context } from "../../context.js";
import { Prisma } from "../../generated/prisma/client.js";
import type { Language } from "../../generated/prisma/enums.js";

const { sql } = Prisma;

/** The library's tabs: each is a condition on the reader's UserBookState. */
export const LIBRARY_SHELVES = ["FAVOURITES", "READING", "READ"] as const;
export type LibraryShelf = (typeof LIBRARY_SHELVES)[number];

/**
 * A library's orders. RECENT: the most recent activity first (favourites by when they were
 * favourited, the others by the last reading, `lastReadAt`); TITLE: A–Z by the title in the reader's
 * language, ignoring case and accents; AUTHOR: A–Z by the author's name, then the title.
 */
export const LIBRARY_SORTS = ["RECENT", "TITLE", "AUTHOR"] as const;
export type LibrarySort = (typeof LIBRARY_SORTS)[number];

export type LibraryCounts = { favourites: number; reading: number; read: number };

const SHELF_WHERE: Record<LibraryShelf, Prisma.Sql> = {
  FAVOURITES: sql`s."isFavourite"`,
  READING: sql`s."status" = 'READING'::"ReadingStatus"`,
  READ: sql`s."status" = 'READ'::"ReadingStatus"`,
};

/** One line, as logs and the SQL snapshots show it. */
function oneLine(query: Prisma.Sql): Prisma.Sql {
  return new Prisma.Sql(
    query.strings.map((part, i) => (i === 0 ? part.trimStart() : part).replace(/\s+/g, " ")),
    query.values,
  );
}

/**
 * One page of a reader's shelf: microbook ids in order, one statement whatever the library's size
 * (the (userId, status, lastReadAt) and (userId, isFavourite) indexes narrow it to the reader's rows).
 * Only published microbooks (with an edition) are listed, as the counts count.
 */
export async function libraryPageIds(
  ctx: Pick<Context, "prisma">,
  request: { userId: string; shelf: LibraryShelf; sort: LibrarySort; languages: readonly Language[]; offset: number; limit: number },
): Promise<string[]> {
  const { shelf, sort } = request;
  const recent = shelf === "FAVOURITES" ? sql`s."favouritedAt" DESC NULLS LAST,` : sql`s."lastReadAt" DESC NULLS LAST,`;
  const title = sql`lower(unaccent(t."title")) ASC,`;
  const order = { RECENT: recent, TITLE: title, AUTHOR: sql`lower(unaccent(a."name")) ASC, ${title}` }[sort];
  const joins =
    sort === "RECENT"
      ? Prisma.empty
      : sql`LEFT JOIN LATERAL (SELECT e."title" FROM "MicrobookEdition" AS e WHERE e."microbookId" = m."id"
              ORDER BY array_position(${[...request.languages]}::text[], e."language"::text) LIMIT 1) AS t ON true
            ${sort === "AUTHOR" ? sql`JOIN "Author" AS a ON a."id" = m."authorId"` : Prisma.empty}`;
  const rows = await ctx.prisma.$queryRaw<{ microbookId: string }[]>(
    oneLine(sql`
      SELECT s."microbookId" FROM "UserBookState" AS s JOIN "Microbook" AS m ON m."id" = s."microbookId" ${joins}
      WHERE s."userId" = ${request.userId} AND ${SHELF_WHERE[shelf]} AND cardinality(m."languages") > 0
      ORDER BY ${order} s."microbookId" ASC
      LIMIT ${request.limit} OFFSET ${request.offset}`),
  );
  return rows.map((row) => row.microbookId);
}

/** Every shelf's count for the readers asked about in one request, in one statement. */
export function createLibraryCountsLoader(ctx: Pick<Context, "prisma">) {
  return new DataLoader<string, LibraryCounts>(async (userIds) => {
    const rows = await ctx.prisma.$queryRaw<(LibraryCounts & { userId: string })[]>(
      oneLine(sql`
        SELECT s."userId",
          count(*) FILTER (WHERE s."isFavourite")::int AS "favourites",
          count(*) FILTER (WHERE s."status" = 'READING'::"ReadingStatus")::int AS "reading",
          count(*) FILTER (WHERE s."status" = 'READ'::"ReadingStatus")::int AS "read"
        FROM "UserBookState" AS s JOIN "Microbook" AS m ON m."id" = s."microbookId"
        WHERE s."userId" IN (${Prisma.join([...userIds])}) AND cardinality(m."languages") > 0
        GROUP BY s."userId"`),
    );
    const byUser = new Map(rows.map((row) => [row.userId, row]));
    return userIds.map((id) => {
      const row = byUser.get(id);
      return { favourites: row?.favourites ?? 0, reading: row?.reading ?? 0, read: row?.read ?? 0 };
    });
  });
}

/** The shelf's count among a reader's counts. */
export const shelfCount = (counts: LibraryCounts, shelf: LibraryShelf): number =>
  ({ FAVOURITES: counts.favourites, READING: counts.reading, READ: counts.read })[shelf];
