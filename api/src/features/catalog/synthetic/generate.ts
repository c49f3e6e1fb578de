// Fills a database with synthetic microbooks and readers for benchmarks. Never part of the seed.
// Numbers are totals: synthetic rows already there are kept and only the missing ones are added,
// so a second run tops up (or resumes an interrupted one) instead of duplicating.
import type { PrismaClient } from "../../../generated/prisma/client.js";
import type { Language } from "../../../generated/prisma/enums.js";
import { insertRows, type Tx } from "./insert.js";
import { deleteSynthetic, type ResetSummary } from "./reset.js";
import {
  authorIndex,
  authorRow,
  bookRows,
  similarIds,
  SYNTHETIC_ID_PREFIX,
  USER_ID_PREFIX,
  userRows,
  type BookRef,
  type EditionRow,
  type KeyIdeaRow,
  type MicrobookRow,
} from "./rows.js";

export type SyntheticOptions = {
  books: number;
  users: number;
  seed: number;
  /** Delete every synthetic row first. */
  reset?: boolean;
  /** Shortens the books' texts, (0-1]; default 1 (full length). See bookRows. */
  textScale?: number;
  /** Timestamps are spread over the years before this instant. */
  now?: Date;
  onProgress?: (step: "books" | "similar" | "users", done: number, total: number) => void;
};

export type SyntheticSummary = {
  deleted: ResetSummary | null;
  categoriesCreated: number;
  added: { microbooks: number; editions: number; keyIdeas: number; similar: number; users: number; states: number };
  total: { microbooks: number; users: number };
};

// Chunk sizes keep each statement's JSON parameter to a few MB; one transaction per chunk.
const BOOK_CHUNK = 250;
const SIMILAR_CHUNK = 10_000;
const USER_CHUNK = 2_000;
const TX_OPTIONS = { timeout: 300_000, maxWait: 30_000 };

const synthetic = { startsWith: SYNTHETIC_ID_PREFIX };
/** Index of a synthetic row from its id ("synthetic-000042", "synthetic-user-000042"). */
const indexOf = (id: string) => Number(id.slice(id.lastIndexOf("-") + 1));

/** Indices in 1..wanted not yet taken: what a top-up has to add. */
function missing(wanted: number, existing: Iterable<number>): number[] {
  const taken = new Set(existing);
  return Array.from({ length: wanted }, (_, i) => i + 1).filter((i) => !taken.has(i));
}

async function chunked(indices: number[], size: number, write: (chunk: number[]) => Promise<void>, progress?: (done: number) => void) {
  for (let start = 0; start < indices.length; start += size) {
    const chunk = indices.slice(start, start + size);
    await write(chunk);
    progress?.(start + chunk.length);
  }
}

/** Category ids to spread books over: the existing ones, or a few synthetic ones in an empty database. */
async function categoryIds(prisma: PrismaClient): Promise<{ ids: string[]; created: number }> {
  const existing = await prisma.category.findMany({ select: { id: true }, orderBy: [{ position: "asc" }, { slug: "asc" }] });
  if (existing.length) return { ids: existing.map((c) => c.id), created: 0 };
  const names: Record<Language, string> = { en: "Synthetic category", pt: "Categoria sintética", es: "Categoría sintética" };
  const categories = Array.from({ length: 8 }, (_, i) => {
    const id = `${SYNTHETIC_ID_PREFIX}category-${i + 1}`;
    return { id, slug: id, color: ["#3d5a80", "#5e4b8b", "#b04a0f", "#8b1e3f"][i % 4]!, icon: "book", position: 1000 + i };
  });
  await prisma.$transaction(async (tx) => {
    await insertRows(tx, "Category", categories);
    const translations = categories.flatMap((c, i) =>
      (Object.keys(names) as Language[]).map((language) => ({
        categoryId: c.id,
        language,
        name: `${names[language]} ${i + 1}`,
        description: `${names[language]} ${i + 1}: generated for benchmarks.`,
      })),
    );
    await insertRows(tx, "CategoryTranslation", translations);
  }, TX_OPTIONS);
  return { ids: categories.map((c) => c.id), created: categories.length };
}

async function addBooks(tx: Tx, seed: number, indices: number[], categories: string[], now: Date, textScale: number) {
  const microbooks: MicrobookRow[] = [];
  const editions: EditionRow[] = [];
  const keyIdeas: KeyIdeaRow[] = [];
  for (const index of indices) {
    const book = bookRows(seed, index, categories, now, textScale);
    microbooks.push(book.microbook);
    editions.push(...book.editions);
    keyIdeas.push(...book.keyIdeas);
  }
  // Consecutive books share an author, which may already exist from an earlier chunk or run.
  const authors = [...new Set(indices.map(authorIndex))].map((i) => authorRow(seed, i));
  await insertRows(tx, "Author", authors, { skipDuplicates: true });
  // Parents before children, for the foreign keys.
  await insertRows(tx, "Microbook", microbooks);
  const editionCount = await insertRows(tx, "MicrobookEdition", editions);
  const keyIdeaCount = await insertRows(tx, "KeyIdea", keyIdeas);
  return { editions: editionCount, keyIdeas: keyIdeaCount };
}

export async function generateSynthetic(prisma: PrismaClient, options: SyntheticOptions): Promise<SyntheticSummary> {
  const { seed, onProgress } = options;
  const textScale = options.textScale ?? 1;
  if (!(textScale > 0 && textScale <= 1)) throw new RangeError(`textScale must be in (0, 1], got ${textScale}`);
  const now = options.now ?? new Date();
  const deleted = options.reset ? await deleteSynthetic(prisma) : null;
  const added = { microbooks: 0, editions: 0, keyIdeas: 0, similar: 0, users: 0, states: 0 };

  // Books, with their author, editions and key ideas: a chunk is written whole or not at all.
  let categoriesCreated = 0;
  const existingBooks = await prisma.microbook.findMany({ where: { id: synthetic }, select: { id: true } });
  const bookIndices = existingBooks.map((b) => indexOf(b.id));
  const newBooks = missing(options.books, bookIndices);
  if (newBooks.length) {
    const categories = await categoryIds(prisma);
    categoriesCreated = categories.created;
    await chunked(
      newBooks,
      BOOK_CHUNK,
      async (chunk) => {
        const counts = await prisma.$transaction((tx) => addBooks(tx, seed, chunk, categories.ids, now, textScale), TX_OPTIONS);
        added.microbooks += chunk.length;
        added.editions += counts.editions;
        added.keyIdeas += counts.keyIdeas;
      },
      (done) => onProgress?.("books", done, newBooks.length),
    );
  }

  const books = await prisma.microbook.findMany({
    where: { id: synthetic },
    select: { id: true, categoryId: true, createdAt: true, similar: { select: { similarId: true }, take: 1 } },
    orderBy: { id: "asc" },
  });

  // Similar works, once all books exist; any synthetic book still without them gets some (an interrupted run too).
  const allIds = books.map((b) => b.id);
  const byCategory = new Map<string, string[]>();
  for (const b of books) {
    const ids = byCategory.get(b.categoryId) ?? [];
    if (!ids.length) byCategory.set(b.categoryId, ids);
    ids.push(b.id);
  }
  const lonely = books.filter((b) => b.similar.length === 0);
  await chunked(
    lonely.map((_, i) => i),
    SIMILAR_CHUNK,
    async (chunk) => {
      const rows = chunk.flatMap((i) => {
        const book = lonely[i]!;
        // A small category borrows from the whole synthetic catalogue.
        const pool = byCategory.get(book.categoryId)!;
        const ids = similarIds(seed, indexOf(book.id), pool.length > 5 ? pool : allIds);
        return ids.map((similarId, position) => ({ microbookId: book.id, similarId, position }));
      });
      added.similar += await prisma.$transaction((tx) => insertRows(tx, "SimilarMicrobook", rows), TX_OPTIONS);
    },
    (done) => onProgress?.("similar", done, lonely.length),
  );

  // Readers, each with their shelf in the same chunk.
  const refs: BookRef[] = books.map((b) => ({ id: b.id, createdAt: b.createdAt }));
  const existingUsers = await prisma.user.findMany({ where: { id: { startsWith: USER_ID_PREFIX } }, select: { id: true } });
  const userIndices = existingUsers.map((u) => indexOf(u.id));
  const newUsers = missing(options.users, userIndices);
  await chunked(
    newUsers,
    USER_CHUNK,
    async (chunk) => {
      const rows = chunk.map((i) => userRows(seed, i, refs, now));
      const users = rows.map((r) => r.user);
      const shelves = rows.flatMap((r) => r.states);
      const states = await prisma.$transaction(async (tx) => {
        await insertRows(tx, "User", users);
        return insertRows(tx, "UserBookState", shelves);
      }, TX_OPTIONS);
      added.users += chunk.length;
      added.states += states;
    },
    (done) => onProgress?.("users", done, newUsers.length),
  );

  const total = {
    microbooks: books.length,
    users: await prisma.user.count({ where: { id: synthetic } }),
  };
  return { deleted, categoriesCreated, added, total };
}
