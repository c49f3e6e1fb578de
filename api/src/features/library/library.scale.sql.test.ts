import { print } from "graphql";
import { describe, expect, it } from "vitest";
import { LibraryPageDocument } from "@brevia/web/gql";
import { useTestDatabase } from "../../test/database.js";
import { run } from "../../test/execute.js";
import { buildReader, makeFreeToday } from "../../test/factories.js";
import { generateSynthetic } from "../catalog/synthetic/generate.js";

/**
 * The library page (its web query: tab counts and the first tab's first 20 books) issues the same
 * statements for a reader with 10 and with 1,000 books in their library: a query per book shows up as a
 * longer list at 1,000. The statement list is snapshotted with its count; when a change is intended,
 * review the diff and update with `vitest -u`.
 */
const SIZES = [10, 1_000] as const;
const db = useTestDatabase();

/** Bound-list lengths folded, and sorted: fields resolve concurrently, so their order varies on PostgreSQL. */
const normalize = (statements: string[]) => statements.map((sql) => sql.replace(/IN \((\$\d+,?)+\)/g, "IN (…)")).sort();

/** A reader whose library holds `books` microbooks: every one a favourite, every third being read, every fifth read. */
async function libraryOf(books: number) {
  await db.reset();
  await generateSynthetic(db.prisma, { books, users: 0, seed: 1, textScale: 0.005 });
  const ids = (await db.prisma.microbook.findMany({ select: { id: true }, orderBy: { id: "asc" } })).map((b) => b.id);
  await makeFreeToday(db.prisma, ids[0]!);
  const reader = await buildReader(db.prisma, { plan: "premium" });
  const now = Date.now();
  await db.prisma.userBookState.createMany({
    data: ids.map((microbookId, i) => ({
      userId: reader.user.id,
      microbookId,
      isFavourite: true,
      favouritedAt: new Date(now - i * 60_000),
      status: i % 5 === 0 ? ("READ" as const) : i % 3 === 0 ? ("READING" as const) : ("NONE" as const),
      startedAt: i % 5 === 0 || i % 3 === 0 ? new Date(now - i * 60_000) : null,
      lastReadAt: i % 5 === 0 || i % 3 === 0 ? new Date(now - i * 60_000) : null,
    })),
  });
  return reader.token;
}

describe("SQL of the library page at 10 and 1,000 books in the library", () => {
  it("issues identical statement lists, whose count is recorded in the snapshot", { timeout: 300_000 }, async () => {
    const bySize: Record<number, string[]> = {};
    for (const size of SIZES) {
      const token = await libraryOf(size);
      const variables = { shelf: "FAVOURITES", sort: "RECENT" };
      // Warm the per-day pick first, as every request after the first of the day finds it recorded.
      await run(db, print(LibraryPageDocument), variables, { sessionToken: token });
      const { result, statements } = await db.recorder.capture(() =>
        run<{ viewer: { libraryCounts: { favourites: number }; library: { nodes: unknown[] } } }>(
          db,
          print(LibraryPageDocument),
          variables,
          {
            sessionToken: token,
          },
        ),
      );
      expect(result.errors).toBeUndefined();
      // Really filled at both sizes: equal statement lists mean equal plans, not an empty page.
      expect(result.data!.viewer.libraryCounts.favourites).toBe(size);
      expect(result.data!.viewer.library.nodes).toHaveLength(Math.min(size, 20));
      bySize[size] = normalize(statements);
      console.log(`library page at ${size} books: ${statements.length} SQL statements`);
    }
    expect(bySize[1_000]).toEqual(bySize[10]);
    expect({ statementCount: bySize[10]!.length, statements: bySize[10] }).toMatchSnapshot();
  });
});
