import { print } from "graphql";
import { describe, expect, it } from "vitest";
import {
  CategoriesPageDocument,
  CategoryPageDocument,
  HomePageDocument,
  ListingPageDocument,
  MicrobookPageDocument,
  OriginalPageDocument,
  PlaylistPageDocument,
  PlaylistsPageDocument,
} from "@brevia/web/gql";
import { useTestDatabase } from "../../test/database.js";
import { run } from "../../test/execute.js";
import { buildCategory, buildMicrobook, buildReader, buildUser, makeFreeToday } from "../../test/factories.js";

/**
 * The SQL each page's operation (the web's own documents) issues, snapshotted statement by statement,
 * with 2 and with 50 microbooks: a per-row query, a new statement or a dropped WHERE shows up as a diff here. When a
 * change is intended, review the diff and update with `vitest -u`.
 */
const db = useTestDatabase();
let premiumToken: string;

/** Statements with their bound-list lengths folded, so 2 and 50 books compare equal when the plan is the same. */
const normalize = (statements: string[]) =>
  statements
    .map((sql) => sql.replace(/IN \((\$\d+,?)+\)/g, "IN (…)"))
    // Root fields resolve concurrently, so on PostgreSQL their statements interleave in varying order:
    // compare the statements and how many of each, not their order.
    .sort();

async function catalogueOf(size: number) {
  await db.reset();
  const category = await buildCategory(db.prisma, { slug: "ideas" });
  const books = [];
  for (let i = 0; i < size; i++) {
    books.push(await buildMicrobook(db.prisma, { slug: `book-${i}`, categoryId: category.id, languages: i % 2 ? ["en", "pt"] : ["en"] }));
  }
  for (const [i, book] of books.entries()) {
    for (const offset of [1, 2, 3]) {
      const similar = books[(i + offset) % books.length]!;
      if (similar.id !== book.id) {
        await db.prisma.similarMicrobook
          .create({ data: { microbookId: book.id, similarId: similar.id, position: offset } })
          .catch(() => undefined);
      }
    }
  }
  await makeFreeToday(db.prisma, books[0]!.id);
  // Readers (trending and popular sorts read their stored counts), a learning path and this week's playlist.
  for (const book of books.slice(0, 2)) {
    const reader = await buildUser(db.prisma);
    await db.prisma.userBookState.create({ data: { userId: reader.id, microbookId: book.id, status: "READING", startedAt: new Date() } });
  }
  const steps = books.slice(0, 2).map((book, position) => ({
    position,
    microbookId: book.id,
    translations: { create: [{ language: "pt" as const, text: `Passo ${position}` }] },
  }));
  await db.prisma.original.create({
    data: {
      slug: "path",
      specialistName: "Ana",
      translations: { create: [{ language: "pt", title: "Trilha", specialistRole: "Professora", introduction: "Intro" }] },
      steps: { create: steps },
    },
  });
  await db.prisma.playlist.create({
    data: {
      slug: "mix",
      week: "this-week",
      // A week ago: a playlist is out from its week's Monday (a day ago may still be next week's).
      weekStart: new Date(Date.now() - 7 * 86_400_000),
      translations: { create: [{ language: "pt", title: "Mix", description: "Mix" }] },
      // Every book: the playlist page (with its play-all audio URLs) must not query per item.
      items: { create: books.map((book, position) => ({ position, microbookId: book.id })) },
    },
  });
  premiumToken = (await buildReader(db.prisma, { plan: "premium" })).token;
}

async function statementsOf(
  source: string,
  variables: Record<string, unknown> = {},
  sessionToken?: string,
  /** What must be in the answer, so the statements are those of a page that shows something. */
  shown?: (data: Record<string, unknown>) => unknown,
) {
  // Warm the per-day pick first, as every request after the first of the day finds it recorded.
  await run(db, source, variables, { sessionToken });
  const { result, statements } = await db.recorder.capture(() => run(db, source, variables, { sessionToken, acceptLanguage: "pt" }));
  expect(result.errors).toBeUndefined();
  if (shown) expect(shown(result.data as Record<string, unknown>)).toBeTruthy();
  return normalize(statements);
}

const PAGES = {
  home: () => statementsOf(print(HomePageDocument)),
  "microbook page (visitor, locked)": () => statementsOf(print(MicrobookPageDocument), { slug: "book-1", language: "pt" }),
  "microbook page (premium reader)": () => statementsOf(print(MicrobookPageDocument), { slug: "book-1", language: "pt" }, premiumToken),
  "category page": () => statementsOf(print(CategoryPageDocument), { slug: "ideas", sort: "POPULAR", page: 1, first: 24 }),
  "category page, A–Z": () => statementsOf(print(CategoryPageDocument), { slug: "ideas", sort: "TITLE", page: 1, first: 24 }),
  categories: () => statementsOf(print(CategoriesPageDocument)),
  trending: () => statementsOf(print(ListingPageDocument), { sort: "TRENDING", page: 1, first: 24 }),
  "original page": () => statementsOf(print(OriginalPageDocument), { slug: "path" }),
  playlists: () => statementsOf(print(PlaylistsPageDocument), { page: 1, first: 24 }),
  "playlist page": () => statementsOf(print(PlaylistPageDocument), { slug: "mix" }, undefined, (data) => data.playlist),
  "playlist page (premium reader)": () => statementsOf(print(PlaylistPageDocument), { slug: "mix" }, premiumToken, (data) => data.playlist),
};

describe("SQL per page", () => {
  it("is the same statement list for 2 and for 50 microbooks, and matches the snapshot", async () => {
    await catalogueOf(2);
    const small: Record<string, string[]> = {};
    for (const [page, statements] of Object.entries(PAGES)) small[page] = await statements();
    await catalogueOf(50);
    const large: Record<string, string[]> = {};
    for (const [page, statements] of Object.entries(PAGES)) large[page] = await statements();
    expect(large).toEqual(small);
    expect(small).toMatchSnapshot();
  });
});
