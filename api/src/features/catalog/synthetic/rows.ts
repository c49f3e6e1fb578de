// Pure row builders: (seed, index, inputs) -> rows. No database access, so they are cheap to test
// and the same seed always yields the same rows.
import type { Author, KeyIdea, Microbook, MicrobookEdition, User, UserBookState } from "../../../generated/prisma/client.js";
import type { Language, ReadingStatus } from "../../../generated/prisma/enums.js";
import { LIMITS, WORDS_PER_MINUTE } from "../import/model.js";
import { createRandom, STREAM } from "./random.js";
import { paragraph, personName, sentence, title } from "./text.js";

/**
 * Every synthetic row has an id starting with this prefix (real ids are cuids: letters and digits only),
 * which is what --reset deletes by. Slugs and e-mails carry the same mark for people looking at the data.
 */
export const SYNTHETIC_ID_PREFIX = "synthetic-";
export const SYNTHETIC_EMAIL_DOMAIN = "synthetic.brevia.test";

const DAY_MS = 86_400_000;
const pad = (n: number) => String(n).padStart(6, "0");

export const bookId = (index: number) => `${SYNTHETIC_ID_PREFIX}${pad(index)}`;
export const USER_ID_PREFIX = `${SYNTHETIC_ID_PREFIX}user-`;
export const userId = (index: number) => `${USER_ID_PREFIX}${pad(index)}`;
export const userEmail = (index: number) => `user${pad(index)}@${SYNTHETIC_EMAIL_DOMAIN}`;
/** Three consecutive books share an author, so author pages list several works. */
export const authorIndex = (bookIndex: number) => Math.ceil(bookIndex / 3);
const authorId = (index: number) => `${SYNTHETIC_ID_PREFIX}author-${pad(index)}`;

// Row shapes come from the Prisma models, so a schema change shows up here as a type error.
export type AuthorRow = Pick<Author, "id" | "slug" | "name">;
export type MicrobookRow = Pick<Microbook, "id" | "slug" | "authorId" | "categoryId" | "publishedYear" | "createdAt"> & {
  publishedYear: number;
};
export type EditionRow = MicrobookEdition;
export type KeyIdeaRow = KeyIdea;
export type UserRow = Pick<
  User,
  "id" | "email" | "name" | "surname" | "interfaceLanguage" | "contentLanguage" | "createdAt" | "updatedAt"
> & {
  passwordHash: null;
};
export type StateRow = UserBookState;

export function authorRow(seed: number, index: number): AuthorRow {
  const { first, last } = personName(createRandom(seed, STREAM.author, index));
  const id = authorId(index);
  return { id, slug: id, name: `${first} ${last}` };
}

/**
 * One microbook: en always, pt for ~40% and es for ~25%, the same 6-10 key ideas in each. `textScale`
 * (0-1] shortens the introduction and key-idea bodies (1: the importer's lengths), for tests that need
 * many books but not their text: indexing the text for search is most of the time a book takes to write.
 */
export function bookRows(seed: number, index: number, categoryIds: readonly string[], now: Date, textScale = 1) {
  const r = createRandom(seed, STREAM.book, index);
  const id = bookId(index);
  const createdAt = new Date(now.getTime() - r.int(1, 3 * 365 * 24 * 60) * 60_000);
  const microbook: MicrobookRow = {
    id,
    slug: id,
    authorId: authorId(authorIndex(index)),
    categoryId: r.pick(categoryIds),
    publishedYear: r.chance(0.1) ? r.int(-500, 1799) : r.int(1800, 2024),
    createdAt,
  };
  const languages: Language[] = ["en"];
  if (r.chance(0.4)) languages.push("pt");
  if (r.chance(0.25)) languages.push("es");
  const ideaCount = r.int(LIMITS.keyIdeas.min, LIMITS.keyIdeas.max);
  const bookTitle = title(r);
  const editions: EditionRow[] = [];
  const keyIdeas: KeyIdeaRow[] = [];
  for (const language of languages) {
    // Aim inside the importer's word limits so reading times look like the real catalogue's.
    const target = r.int(LIMITS.words.min, LIMITS.words.max) * textScale;
    const intro = paragraph(r, Math.round(r.int(120, 200) * textScale));
    let words = intro.words;
    const editionId = `${id}-${language}`;
    for (let position = 0; position < ideaCount; position++) {
      const body = paragraph(r, Math.round(((target - intro.words) / ideaCount) * (0.8 + r.next() * 0.4)));
      words += body.words;
      keyIdeas.push({ id: `${editionId}-${position}`, editionId, position, title: sentence(r, r.int(3, 7)).slice(0, -1), body: body.text });
    }
    editions.push({
      id: editionId,
      microbookId: id,
      language,
      title: bookTitle,
      subtitle: sentence(r, r.int(5, 10)).slice(0, -1),
      authorBio: `${sentence(r)} ${sentence(r)}`,
      about: `${sentence(r)} ${sentence(r)} ${sentence(r)}`,
      audience: sentence(r),
      introduction: intro.text,
      wordCount: words,
      readingMinutes: Math.max(1, Math.round(words / WORDS_PER_MINUTE)),
      keyIdeaCount: ideaCount,
      createdAt,
      updatedAt: createdAt,
    });
  }
  return { microbook, editions, keyIdeas };
}

/** 3-5 similar works, from the same category when it has enough. */
export function similarIds(seed: number, index: number, sameCategory: readonly string[]): string[] {
  const r = createRandom(seed, STREAM.similar, index);
  const self = bookId(index);
  const pool = sameCategory.filter((id) => id !== self);
  const chosen = new Set<string>();
  const wanted = Math.min(pool.length, r.int(3, 5));
  while (chosen.size < wanted) chosen.add(r.pick(pool));
  return [...chosen];
}

export type BookRef = { id: string; createdAt: Date };

const LANGUAGE_MIX: Language[] = ["pt", "pt", "pt", "en", "en", "es"];

/** A reader and their shelf: favourites, books being read and books finished, with consistent timestamps. */
export function userRows(seed: number, index: number, books: readonly BookRef[], now: Date) {
  const r = createRandom(seed, STREAM.user, index);
  const id = userId(index);
  const { first, last } = personName(r);
  const language = r.pick(LANGUAGE_MIX);
  const createdAt = new Date(now.getTime() - r.int(1, 2 * 365) * DAY_MS + r.int(0, DAY_MS - 1));
  const user: UserRow = {
    id,
    email: userEmail(index),
    name: first,
    surname: last,
    passwordHash: null, // nobody signs in as a synthetic user; and hashing 100k passwords would dominate the run
    interfaceLanguage: language,
    contentLanguage: r.chance(0.8) ? language : r.pick(LANGUAGE_MIX),
    createdAt,
    updatedAt: createdAt,
  };
  // Most readers have a few books, some have many: 15% none, otherwise 1-24 skewed low (about 9 on average).
  const count = r.chance(0.15) ? 0 : Math.min(books.length, 1 + Math.floor(24 * r.next() ** 2));
  const taken = new Set<number>();
  const states: StateRow[] = [];
  const between = (from: number, to: number) => new Date(from + Math.floor(r.next() * Math.max(0, to - from)));
  for (let i = 0; i < count; i++) {
    // Skewed towards the first books: some titles are popular, most are not.
    let pick = Math.floor(books.length * r.next() ** 2);
    while (taken.has(pick)) pick = (pick + 1) % books.length;
    taken.add(pick);
    const book = books[pick]!;
    const from = Math.max(createdAt.getTime(), book.createdAt.getTime());
    const end = now.getTime();
    const roll = r.next();
    const status: ReadingStatus = roll < 0.2 ? "NONE" : roll < 0.6 ? "READING" : "READ";
    // A row with no status only exists because the book is a favourite.
    const isFavourite = status === "NONE" || r.chance(0.25);
    const favouritedAt = isFavourite ? between(from, end) : null;
    const startedAt = status === "NONE" ? null : between(from, end);
    const finishedAt = status === "READ" ? between(startedAt!.getTime(), end) : null;
    const lastRead = status === "READING" ? between(startedAt!.getTime(), end) : finishedAt;
    const progress = status === "READ" ? 1 : status === "READING" ? r.int(1, 99) / 100 : 0;
    const times = [favouritedAt, lastRead].filter((d): d is Date => d !== null).map((d) => d.getTime());
    states.push({
      userId: id,
      microbookId: book.id,
      isFavourite,
      status,
      progress,
      favouritedAt,
      startedAt,
      finishedAt,
      lastReadAt: lastRead,
      updatedAt: new Date(Math.max(...times)),
    });
  }
  return { user, states };
}
