import { print } from "graphql";
import { describe, expect, it } from "vitest";
import { CategoryPageDocument, HomePageDocument } from "@brevia/web/gql";
import { useTestDatabase } from "../../test/database.js";
import { run } from "../../test/execute.js";
import { buildCategory, buildUser, makeFreeToday } from "../../test/factories.js";
import { generateSynthetic } from "../catalog/synthetic/generate.js";

/**
 * The home query and a category page issue the same statements for a catalogue of 10 and of 1,000
 * microbooks (made by `catalog:synthetic`'s generator, in this file's own database): a query per row or
 * per page shows up as a longer list at 1,000. The statement lists are snapshotted with their counts;
 * when a change is intended, review the diff and update with `vitest -u`.
 */
const SIZES = [10, 1_000] as const;
// The generator's bulk path writes 1,000 books (editions, key ideas, similar works, readers) in a few
// seconds with short texts: indexing full-length texts for search would take most of a minute and does
// not change what a listing reads. How long it takes is printed, not asserted: a shared machine's load
// would make a time limit fail at random (speed targets are benchmarks' business, under bench/).
const TEXT_SCALE = 0.005;

const db = useTestDatabase();

/** Bound-list lengths folded, and sorted: root fields resolve concurrently, so their order varies on PostgreSQL. */
const normalize = (statements: string[]) => statements.map((sql) => sql.replace(/IN \((\$\d+,?)+\)/g, "IN (…)")).sort();

/** A catalogue of `books` synthetic microbooks in one category, with readers, a book of the day, a learning path and a playlist. */
async function catalogueOf(books: number) {
  await db.reset();
  // With a category present the generator files every book under it: the category page lists them all.
  await buildCategory(db.prisma, { slug: "ideas" });
  const started = performance.now();
  await generateSynthetic(db.prisma, { books, users: 20, seed: 1, textScale: TEXT_SCALE });
  const generationMs = performance.now() - started;
  const ids = (await db.prisma.microbook.findMany({ select: { id: true }, orderBy: { id: "asc" }, take: 3 })).map((b) => b.id);
  await makeFreeToday(db.prisma, ids[0]!);
  // Reads started today, so trending has books whatever dates the generator drew.
  const reader = await buildUser(db.prisma);
  await db.prisma.userBookState.createMany({
    data: ids.map((microbookId) => ({ userId: reader.id, microbookId, status: "READING" as const, startedAt: new Date() })),
  });
  await db.prisma.original.create({
    data: {
      slug: "path",
      specialistName: "Ana",
      translations: { create: [{ language: "pt", title: "Trilha", specialistRole: "Professora", introduction: "Intro" }] },
      steps: {
        create: ids.map((microbookId, position) => ({
          position,
          microbookId,
          translations: { create: [{ language: "pt" as const, text: `Passo ${position}` }] },
        })),
      },
    },
  });
  await db.prisma.playlist.create({
    data: {
      slug: "mix",
      week: "this-week",
      // Out already: a playlist shows from the start of its week (8 days ago is in an earlier week).
      weekStart: new Date(Date.now() - 8 * 86_400_000),
      translations: { create: [{ language: "pt", title: "Mix", description: "Mix" }] },
      items: { create: ids.map((microbookId, position) => ({ position, microbookId })) },
    },
  });
  return generationMs;
}

async function statementsOf(source: string, variables: Record<string, unknown> = {}) {
  // Warm the per-day pick first, as every request after the first of the day finds it recorded.
  await run(db, source, variables);
  const { result, statements } = await db.recorder.capture(() => run(db, source, variables, { acceptLanguage: "pt" }));
  expect(result.errors).toBeUndefined();
  return { result: result.data, statements: normalize(statements) };
}

const PAGES = {
  home: () => statementsOf(print(HomePageDocument)),
  "category page": () => statementsOf(print(CategoryPageDocument), { slug: "ideas", sort: "POPULAR", page: 1, first: 24 }),
};
type Page = keyof typeof PAGES;

describe("SQL per page at 10 and 1,000 microbooks (catalog:synthetic)", () => {
  it("issues identical statement lists, whose counts are recorded in the snapshot", async () => {
    const bySize: Record<number, Record<Page, string[]>> = {};
    for (const size of SIZES) {
      const generationMs = await catalogueOf(size);
      console.log(`catalog:synthetic wrote ${size} microbooks in ${Math.round(generationMs)} ms`);
      bySize[size] = {} as Record<Page, string[]>;
      for (const page of Object.keys(PAGES) as Page[]) {
        const { result, statements } = await PAGES[page]();
        bySize[size][page] = statements;
        console.log(`${page} at ${size} microbooks: ${statements.length} SQL statements`);
        // The lists are really filled at both sizes, so equal statement lists mean equal plans, not empty sections.
        if (page === "home") {
          const lists = Object.entries(result as Record<string, unknown>).filter(([, value]) => value && typeof value === "object");
          expect(lists.length).toBeGreaterThan(3);
          for (const [field, value] of lists) {
            const items = Array.isArray(value) ? value : ((value as { nodes?: unknown[] }).nodes ?? [value]);
            expect(items.length, `home: ${field}`).toBeGreaterThan(0);
          }
        }
        if (page === "category page") {
          const microbooks = (result as { category: { microbooks: { totalCount: number; nodes: unknown[] } } }).category.microbooks;
          expect(microbooks.totalCount).toBe(size);
          expect(microbooks.nodes).toHaveLength(Math.min(size, 24));
        }
      }
    }
    expect(bySize[1_000]).toEqual(bySize[10]);
    const recorded = Object.fromEntries(
      Object.entries(bySize[10]!).map(([page, statements]) => [page, { statementCount: statements.length, statements }]),
    );
    expect(recorded).toMatchSnapshot();
  });
});
