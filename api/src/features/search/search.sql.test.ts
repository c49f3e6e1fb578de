import { print } from "graphql";
import { beforeEach, describe, expect, it } from "vitest";
import { SearchPageDocument } from "@brevia/web/gql";
import { Language } from "../../generated/prisma/enums.js";
import { useTestDatabase } from "../../test/database.js";
import { run } from "../../test/execute.js";
import { buildCategory, buildMicrobook, buildUser, makeFreeToday } from "../../test/factories.js";

/**
 * What a search costs the database: the statements of the web's own SearchPage operation (a fixed few,
 * whatever the number of results; the empty-result help only for an empty first page), the order of the
 * popular fallback, and the per-language indexes the search statement is planned against.
 */
const db = useTestDatabase();
beforeEach(async () => {
  // Today's free microbook (readable by everyone, so its key-idea texts are loaded) is not one searched for.
  await makeFreeToday(db.prisma, (await buildMicrobook(db.prisma, { slug: "free-today", languages: ["pt"] })).id);
});

type Page = { search: { edges: { node: { slug: string } }[]; suggestions: string[]; popular: { slug: string }[] } };

const SEARCH_PAGE = print(SearchPageDocument);
const isSearch = (sql: string) => sql.includes(`WITH "checked"`);
const isEmptyResultHelp = (sql: string) => sql.includes(`"popularIds"`);

/** Microbooks titled "<word> n" in English, in one category. */
async function titled(word: string, count: number) {
  const category = await buildCategory(db.prisma);
  const books = [];
  for (let i = 0; i < count; i++) {
    const book = await buildMicrobook(db.prisma, { slug: `${word}-${i}`, categoryId: category.id });
    await db.prisma.microbookEdition.update({ where: { id: book.editions[0]!.id }, data: { title: `${word} ${i}` } });
    books.push(book);
  }
  return books;
}

async function statementsOf(variables: Record<string, unknown>) {
  const { result, statements } = await db.recorder.capture(() => run<Page>(db, SEARCH_PAGE, { language: "en", ...variables }));
  expect(result.errors).toBeUndefined();
  return { page: result.data!.search, statements: statements.filter((sql) => !sql.includes(`FROM "public"."Category"`)) };
}

describe("statements per search", () => {
  it("are the same few for 2 and for 10 results, with the highlight text in the search statement", async () => {
    await titled("lantern", 2);
    await titled("compass", 10);
    const two = await statementsOf({ query: "lantern" });
    const ten = await statementsOf({ query: "compass" });
    expect(two.page.edges).toHaveLength(2);
    expect(ten.page.edges).toHaveLength(10);
    expect(ten.statements.length).toBe(two.statements.length);
    for (const { statements } of [two, ten]) {
      expect(statements.filter(isSearch)).toHaveLength(1);
      expect(statements.filter(isEmptyResultHelp)).toEqual([]);
      // Titles, subtitles and key-idea titles for the highlights come with the search statement.
      expect(statements.filter((sql) => sql.includes(`FROM "public"."MicrobookEdition" AS "t0"`))).toEqual([]);
    }
  });

  it("look for close titles and popular microbooks only when the first page is empty", async () => {
    await titled("lantern", 12);
    const empty = await statementsOf({ query: "lanterm zzqx", format: "AUDIO" });
    expect(empty.page.edges).toEqual([]);
    expect(empty.page.suggestions.length).toBeGreaterThan(0);
    expect(empty.page.popular.length).toBeGreaterThan(0);
    expect(empty.statements.filter(isEmptyResultHelp)).toHaveLength(1);

    const first = await run<{ search: { pageInfo: { endCursor: string } } }>(
      db,
      `query($query: String!) { search(query: $query, language: en, first: 12) { pageInfo { endCursor } } }`,
      { query: "lantern" },
    );
    const afterTheLast = await statementsOf({ query: "lantern", after: first.data!.search.pageInfo.endCursor });
    expect(afterTheLast.page.edges).toEqual([]);
    expect(afterTheLast.page.popular).toEqual([]);
    expect(afterTheLast.statements.filter(isEmptyResultHelp)).toEqual([]);
  });
});

describe("the popular fallback", () => {
  it("shows the most read microbooks in the language first, then the newest", async () => {
    const category = await buildCategory(db.prisma);
    const at = (day: number) => new Date(Date.UTC(2026, 0, day));
    const old = await buildMicrobook(db.prisma, { slug: "old", categoryId: category.id, createdAt: at(1) });
    await buildMicrobook(db.prisma, { slug: "newest", categoryId: category.id, createdAt: at(9) });
    const newer = await buildMicrobook(db.prisma, { slug: "newer", categoryId: category.id, createdAt: at(5) });
    const readMost = await buildMicrobook(db.prisma, { slug: "read-most", categoryId: category.id, createdAt: at(2) });
    await buildMicrobook(db.prisma, { slug: "portuguese-only", categoryId: category.id, languages: ["pt"], createdAt: at(10) });
    // A read is a reader starting the microbook (MicrobookPopularity counts them).
    const read = async (microbookId: string) =>
      db.prisma.userBookState.create({
        data: { userId: (await buildUser(db.prisma)).id, microbookId, status: "READING", startedAt: new Date() },
      });
    await read(readMost.id);
    await read(readMost.id);
    await read(old.id);
    // A favourite never started is not a read.
    await db.prisma.userBookState.create({ data: { userId: (await buildUser(db.prisma)).id, microbookId: newer.id, isFavourite: true } });

    const { page } = await statementsOf({ query: "zzqx" });
    expect(page.edges).toEqual([]);
    expect(page.popular.map((b) => b.slug)).toEqual(["read-most", "old", "newest", "newer"]);
  });
});

describe("indexes", () => {
  it("give every content language its own partial text and trigram indexes", async () => {
    const indexes = await db.prisma.$queryRaw<{ indexdef: string }[]>`
      SELECT indexdef FROM pg_indexes WHERE tablename = 'SearchDocument'`;
    for (const language of Object.values(Language)) {
      for (const column of ["prominent", "details", "body", "titleKey", "authorKey"]) {
        const on = new RegExp(`USING gin \\("?${column}"?[ )].*WHERE \\(language = '${language}'::"Language"\\)$`);
        const partial = indexes.filter((i) => on.test(i.indexdef));
        expect(partial, `${column} index for ${language}`).toHaveLength(1);
      }
    }
  });
});
