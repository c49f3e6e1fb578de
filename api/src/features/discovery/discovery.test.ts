import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../../test/database.js";
import { run } from "../../test/execute.js";
import { buildCategory, buildMicrobook, buildUser } from "../../test/factories.js";

const db = useTestDatabase();

const DAY = 86_400_000;

/** `count` readers start the microbook at `at` (a read: UserBookState.startedAt set). */
async function read(microbookId: string, count: number, at = new Date()) {
  for (let i = 0; i < count; i++) {
    const user = await buildUser(db.prisma);
    await db.prisma.userBookState.create({ data: { userId: user.id, microbookId, status: "READING", startedAt: at } });
  }
}

type List = {
  totalCount: number;
  pageInfo: { hasNextPage: boolean; hasPreviousPage: boolean };
  nodes: { slug: string; edition: { title: string } | null }[];
};

const CATEGORY = /* GraphQL */ `
  query ($slug: String!, $sort: MicrobookSort!, $page: Int, $first: Int) {
    category(slug: $slug) {
      microbookCount
      microbooks(sort: $sort, page: $page, first: $first) {
        totalCount
        pageInfo {
          hasNextPage
          hasPreviousPage
        }
        nodes {
          slug
          edition {
            title
          }
        }
      }
    }
  }
`;
const categoryList = async (variables: Record<string, unknown>, acceptLanguage = "en") => {
  const result = await run<{ category: { microbookCount: number; microbooks: List } }>(db, CATEGORY, variables, { acceptLanguage });
  expect(result.errors).toBeUndefined();
  return result.data!.category;
};

describe("categories", () => {
  it("count their published microbooks, kept by the database as books come, go and move", async () => {
    const [ideas, history] = [await buildCategory(db.prisma, { slug: "ideas" }), await buildCategory(db.prisma, { slug: "history" })];
    const books = [];
    for (let i = 0; i < 3; i++) books.push(await buildMicrobook(db.prisma, { categoryId: ideas.id }));
    // A work with no edition yet is not published: not counted.
    await buildMicrobook(db.prisma, { categoryId: ideas.id, languages: [] });
    const counts = async () =>
      (await run<{ categories: { slug: string; microbookCount: number }[] }>(db, `{ categories { slug microbookCount } }`)).data!
        .categories;
    expect(await counts()).toEqual([
      { slug: "ideas", microbookCount: 3 },
      { slug: "history", microbookCount: 0 },
    ]);
    await db.prisma.microbook.update({ where: { id: books[0]!.id }, data: { categoryId: history.id } });
    await db.prisma.microbook.delete({ where: { id: books[1]!.id } });
    expect(await counts()).toEqual([
      { slug: "ideas", microbookCount: 1 },
      { slug: "history", microbookCount: 1 },
    ]);
  });

  it("list a category's microbooks newest, popular or A–Z, page by page", async () => {
    const category = await buildCategory(db.prisma, { slug: "ideas" });
    const start = Date.now() - 10 * DAY;
    const books = [];
    for (let i = 0; i < 5; i++) {
      books.push(await buildMicrobook(db.prisma, { slug: `book-${i}`, categoryId: category.id, createdAt: new Date(start + i * DAY) }));
    }
    await buildMicrobook(db.prisma, { slug: "elsewhere" });
    await read(books[1]!.id, 3);
    await read(books[3]!.id, 1);
    const slugs = (list: List) => list.nodes.map((n) => n.slug);

    const newest = await categoryList({ slug: "ideas", sort: "NEWEST" });
    expect(newest.microbookCount).toBe(5);
    expect(slugs(newest.microbooks)).toEqual(["book-4", "book-3", "book-2", "book-1", "book-0"]);
    expect(slugs((await categoryList({ slug: "ideas", sort: "POPULAR" })).microbooks)).toEqual([
      "book-1",
      "book-3",
      "book-4",
      "book-2",
      "book-0",
    ]);

    const page2 = (await categoryList({ slug: "ideas", sort: "NEWEST", page: 2, first: 2 })).microbooks;
    expect(slugs(page2)).toEqual(["book-2", "book-1"]);
    expect(page2.pageInfo).toEqual({ hasNextPage: true, hasPreviousPage: true });
    expect(page2.totalCount).toBe(5);
    const page3 = (await categoryList({ slug: "ideas", sort: "NEWEST", page: 3, first: 2 })).microbooks;
    expect(slugs(page3)).toEqual(["book-0"]);
    expect(page3.pageInfo.hasNextPage).toBe(false);
  });

  it("filtered to a language, show each book's edition in it, and the unfiltered list in the reader's", async () => {
    const category = await buildCategory(db.prisma, { slug: "ideas" });
    await buildMicrobook(db.prisma, { slug: "both", categoryId: category.id, languages: ["en", "es"] });
    await buildMicrobook(db.prisma, { slug: "english", categoryId: category.id, languages: ["en"] });
    const query = `query ($language: Language) {
      category(slug: "ideas") { microbooks(sort: TITLE, language: $language) { nodes { slug edition { language } } } }
      latest: microbooks(sort: TITLE) { nodes { slug edition { language } } }
    }`;
    type Lists = Record<"category" | "latest", { microbooks?: { nodes: unknown[] }; nodes?: unknown[] }>;
    const result = await run<Lists>(db, query, { language: "es" }, { acceptLanguage: "en" });
    expect(result.errors).toBeUndefined();
    expect(result.data?.category.microbooks?.nodes).toEqual([{ slug: "both", edition: { language: "es" } }]);
    // The same books in the same operation, unfiltered: in the reader's language.
    expect(result.data?.latest.nodes).toEqual([
      { slug: "both", edition: { language: "en" } },
      { slug: "english", edition: { language: "en" } },
    ]);
  });

  it("sorts A–Z by the title in the reader's language, ignoring case and accents", async () => {
    const category = await buildCategory(db.prisma, { slug: "ideas" });
    const titles = { zebra: "Zebra", agua: "Água viva", banana: "banana", only: "Only in English" };
    for (const [slug, title] of Object.entries(titles)) {
      const book = await buildMicrobook(db.prisma, { slug, categoryId: category.id, languages: slug === "only" ? ["en"] : ["en", "pt"] });
      await db.prisma.microbookEdition.updateMany({ where: { microbookId: book.id, language: "pt" }, data: { title } });
      await db.prisma.microbookEdition.updateMany({ where: { microbookId: book.id, language: "en" }, data: { title: `${title} (en)` } });
    }
    const list = (await categoryList({ slug: "ideas", sort: "TITLE" }, "pt")).microbooks;
    expect(list.nodes.map((n) => n.edition?.title)).toEqual(["Água viva", "banana", "Only in English (en)", "Zebra"]);
  });

  it("refuses a page below 1 or a page with a cursor, as bad input", async () => {
    await buildCategory(db.prisma, { slug: "ideas" });
    for (const variables of [{ page: 0 }, { page: -3 }]) {
      const result = await run(db, CATEGORY, { slug: "ideas", sort: "NEWEST", ...variables });
      expect(result.errors?.[0]?.message).toMatch(/Invalid page/);
    }
    const mixed = await run(db, `{ microbooks(page: 2, after: "T2Zmc2V0Q29ubmVjdGlvbjoy") { nodes { slug } } }`);
    expect(mixed.errors?.[0]?.message).toMatch(/cannot be combined/);
    const tooBig = await run(db, `{ microbooks(first: 51) { nodes { slug } } }`);
    expect(tooBig.errors?.[0]?.message).toMatch(/at most 50/);
  });
});

describe("trending", () => {
  const TRENDING = `{ microbooks(sort: TRENDING, first: 10) { totalCount nodes { slug } } }`;
  const trending = async (now?: Date) =>
    (await run<{ microbooks: { totalCount: number; nodes: { slug: string }[] } }>(db, TRENDING, {}, { now })).data!.microbooks;

  it("ranks the most read of the last 7 days first, then the most read ever, then the newest", async () => {
    const start = Date.now() - 60 * DAY;
    const books: Record<string, string> = {};
    for (const [i, slug] of ["classic", "hot", "quiet", "fresh"].entries()) {
      books[slug] = (await buildMicrobook(db.prisma, { slug, createdAt: new Date(start + i * DAY) })).id;
    }
    // classic: read a lot, long ago; hot: read twice this week; quiet and fresh: never read.
    await read(books.classic!, 5, new Date(Date.now() - 30 * DAY));
    await read(books.hot!, 2, new Date(Date.now() - 2 * DAY));
    const list = await trending();
    expect(list.nodes.map((n) => n.slug)).toEqual(["hot", "classic", "fresh", "quiet"]);
    expect(list.totalCount).toBe(4);
    // Ten days later the week has no reads: all-time popularity decides.
    expect((await trending(new Date(Date.now() + 10 * DAY))).nodes.map((n) => n.slug)).toEqual(["classic", "hot", "fresh", "quiet"]);
  });

  it("counts a reader once per microbook, and forgets a read when the state loses its start", async () => {
    const book = await buildMicrobook(db.prisma, { slug: "book" });
    const other = await buildMicrobook(db.prisma, { slug: "other" });
    await read(other.id, 1);
    const user = await buildUser(db.prisma);
    await db.prisma.userBookState.create({ data: { userId: user.id, microbookId: book.id, isFavourite: true } });
    expect((await trending()).nodes[0]?.slug).toBe("other");
    await db.prisma.userBookState.update({
      where: { userId_microbookId: { userId: user.id, microbookId: book.id } },
      data: { status: "READING", startedAt: new Date() },
    });
    await db.prisma.userBookState.update({
      where: { userId_microbookId: { userId: user.id, microbookId: book.id } },
      data: { status: "READ", finishedAt: new Date() },
    });
    await read(book.id, 1);
    expect((await trending()).nodes.map((n) => n.slug)).toEqual(["book", "other"]);
    expect(await db.prisma.microbookPopularity.findUnique({ where: { microbookId: book.id } })).toMatchObject({ readers: 2 });
    await db.prisma.userBookState.deleteMany({ where: { microbookId: book.id } });
    expect(await db.prisma.microbookPopularity.findUnique({ where: { microbookId: book.id } })).toMatchObject({ readers: 0 });
  });
});
