import DataLoader from "dataloader";
import type { Context } from "../../context.js";
import { oneLine } from "../../db/one-line.js";
import { Prisma } from "../../generated/prisma/client.js";
import type { Language } from "../../generated/prisma/enums.js";
import { cardRows, cardsSelect, type CardRow, type CardsRequest } from "./library-cards.js";

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

export type LibraryPageRequest = {
  userId: string;
  shelf: LibraryShelf;
  sort: LibrarySort;
  languages: readonly Language[];
  offset: number;
  limit: number;
  /** Read the page's cards too, in the same statement (when the nodes ask for no more than a card). */
  cards?: CardsRequest;
};

/** One page of a shelf: its microbook ids in order, and their cards when asked for. */
export type LibraryPage = { ids: string[]; cards?: CardRow[] };

/**
 * The ids of one page of a reader's shelf, in order, as a SELECT of one column, whatever the library's
 * size (the (userId, status, lastReadAt) and (userId, isFavourite) indexes narrow it to the reader's
 * rows). Only published microbooks (with an edition) are listed, as the counts count.
 */
function pageSelect(request: LibraryPageRequest): Prisma.Sql {
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
  return sql`
      SELECT s."microbookId" FROM "UserBookState" AS s JOIN "Microbook" AS m ON m."id" = s."microbookId" ${joins}
      WHERE s."userId" = ${request.userId} AND ${SHELF_WHERE[shelf]} AND cardinality(m."languages") > 0
      ORDER BY ${order} s."microbookId" ASC
      LIMIT ${request.limit} OFFSET ${request.offset}`;
}

/**
 * The statement's lead (a `page` CTE of the ids in order, when the cards are read too) and its columns:
 * `ids` (text[] in order) and, when asked for, `cards` (a JSON array in the same order).
 */
function pageParts(request: LibraryPageRequest): { lead: Prisma.Sql; columns: Prisma.Sql } {
  if (!request.cards) return { lead: Prisma.empty, columns: sql`ARRAY(${pageSelect(request)}) AS "ids"` };
  return {
    lead: sql`WITH "page" AS (SELECT ARRAY(${pageSelect(request)}) AS "ids")`,
    columns: sql`(SELECT "ids" FROM "page") AS "ids", (${cardsSelect(sql`(SELECT "ids" FROM "page")`, request.cards)}) AS "cards"`,
  };
}

const pageOf = (row: { ids: string[]; cards?: CardRow[] | null }): LibraryPage =>
  row.cards ? { ids: row.ids, cards: cardRows(row.cards) } : { ids: row.ids };

/** One page of a reader's shelf (ids in order, and cards when asked for), in a statement of its own. */
export async function libraryPage(ctx: Pick<Context, "prisma">, request: LibraryPageRequest): Promise<LibraryPage> {
  const { lead, columns } = pageParts(request);
  const [row] = await ctx.prisma.$queryRaw<{ ids: string[]; cards?: CardRow[] | null }[]>(oneLine(sql`${lead} SELECT ${columns}`));
  return pageOf(row!);
}

const COUNTS = sql`
  count(*) FILTER (WHERE s."isFavourite")::int AS "favourites",
  count(*) FILTER (WHERE s."status" = 'READING'::"ReadingStatus")::int AS "reading",
  count(*) FILTER (WHERE s."status" = 'READ'::"ReadingStatus")::int AS "read"`;

async function readCounts(ctx: Pick<Context, "prisma">, userIds: readonly string[]): Promise<LibraryCounts[]> {
  const rows = await ctx.prisma.$queryRaw<(LibraryCounts & { userId: string })[]>(
    oneLine(sql`
      SELECT s."userId", ${COUNTS}
      FROM "UserBookState" AS s JOIN "Microbook" AS m ON m."id" = s."microbookId"
      WHERE s."userId" IN (${Prisma.join([...userIds])}) AND cardinality(m."languages") > 0
      GROUP BY s."userId"`),
  );
  const byUser = new Map(rows.map((row) => [row.userId, row]));
  return userIds.map((id) => {
    const row = byUser.get(id);
    return { favourites: row?.favourites ?? 0, reading: row?.reading ?? 0, read: row?.read ?? 0 };
  });
}

/** A reader's counts and one page of a shelf in one statement (the page's ids in order, as an array, and its cards). */
async function readCountsWithPage(ctx: Pick<Context, "prisma">, request: LibraryPageRequest) {
  const { lead, columns } = pageParts(request);
  const [row] = await ctx.prisma.$queryRaw<(LibraryCounts & { ids: string[]; cards?: CardRow[] | null })[]>(
    oneLine(sql`
      ${lead} SELECT ${COUNTS}, ${columns}
      FROM "UserBookState" AS s JOIN "Microbook" AS m ON m."id" = s."microbookId"
      WHERE s."userId" = ${request.userId} AND cardinality(m."languages") > 0`),
  );
  return { counts: { favourites: row!.favourites, reading: row!.reading, read: row!.read }, page: pageOf(row!) };
}

type LibraryRead = { userId: string; page?: LibraryPageRequest };
type LibraryReadResult = { counts?: LibraryCounts; page?: LibraryPage };

/**
 * Every shelf's count for the readers asked about in one request, in one statement; `page` reads a
 * page of a shelf. The library page asks for both at once: its counts and its page are then one
 * statement (a reader with one page asked for); anything else reads the pages apart.
 */
export function createLibraryCountsLoader(ctx: Pick<Context, "prisma">) {
  // Not cached: every page asked for is read. Dispatched after the turn's ticks, so the counts asked
  // for in the same turn (the loader below, itself batched on a tick) join the page's statement.
  const reads = new DataLoader<LibraryRead, LibraryReadResult>(
    async (keys) => {
      const results: LibraryReadResult[] = keys.map(() => ({}));
      const pagesByUser = new Map<string, number[]>();
      keys.forEach((key, i) => key.page && pagesByUser.set(key.userId, [...(pagesByUser.get(key.userId) ?? []), i]));
      const countsWanted = [...new Set(keys.filter((key) => !key.page).map((key) => key.userId))];
      const combined = new Map<string, LibraryCounts>();
      await Promise.all([
        ...[...pagesByUser].map(async ([userId, indexes]) => {
          const [first, ...others] = indexes;
          if (countsWanted.includes(userId)) {
            const { counts, page } = await readCountsWithPage(ctx, keys[first!]!.page!);
            combined.set(userId, counts);
            results[first!] = { page };
          } else others.unshift(first!);
          await Promise.all(others.map(async (i) => (results[i] = { page: await libraryPage(ctx, keys[i]!.page!) })));
        }),
        (async () => {
          const alone = countsWanted.filter((userId) => !pagesByUser.has(userId));
          if (!alone.length) return;
          const counts = await readCounts(ctx, alone);
          alone.forEach((userId, i) => combined.set(userId, counts[i]!));
        })(),
      ]);
      keys.forEach((key, i) => !key.page && (results[i] = { counts: combined.get(key.userId) }));
      return results;
    },
    { cache: false, batchScheduleFn: (dispatch) => setImmediate(dispatch) },
  );
  const counts = new DataLoader<string, LibraryCounts>(async (userIds) =>
    Promise.all(userIds.map(async (userId) => (await reads.load({ userId })).counts!)),
  );
  return Object.assign(counts, {
    /** One page of a reader's shelf: ids in order, and cards when asked for (with the counts' statement when they are asked for too). */
    page: async (request: LibraryPageRequest): Promise<LibraryPage> => (await reads.load({ userId: request.userId, page: request })).page!,
  });
}

/** The shelf's count among a reader's counts. */
export const shelfCount = (counts: LibraryCounts, shelf: LibraryShelf): number =>
  ({ FAVOURITES: counts.favourites, READING: counts.reading, READ: counts.read })[shelf];
