import { print } from "graphql";
import { describe, expect, it } from "vitest";
import { LibraryPageDocument } from "@brevia/web/gql";
import { useTestDatabase } from "../../test/database.js";
import { run } from "../../test/execute.js";
import { buildAudioTrack, buildMicrobook, buildReader, makeFreeToday } from "../../test/factories.js";

// The library page reads its cards with its ids (library-cards.ts). These tests hold it to what the
// Prisma path answers for the same nodes, and check that a selection beyond a card still gets Prisma.

const db = useTestDatabase();
const MINUTE = 60_000;

/** The card fields the web asks for, the reader's state with its dates, and `extra` (beyond a card: the Prisma path). */
const libraryQuery = (extra = "") => /* GraphQL */ `
  query ($shelf: LibraryShelf!) {
    viewer {
      library(shelf: $shelf, sort: RECENT, first: 20) {
        totalCount
        nodes {
          id
          slug
          author { id name sortName }
          edition { id language title readingMinutes coverUrl audio { durationSeconds } }
          viewerState { isFavourite status progress favouritedAt startedAt finishedAt }
          viewerAccess { canMarkRead canRead reason }
          ${extra}
        }
      }
    }
  }
`;
type Node = Record<string, unknown> & { slug: string; edition: { language: string } | null };
type Library = { viewer: { library: { totalCount: number; nodes: Node[] } } };

/** Statements that read microbooks through Prisma (the cards statement reads them by its own SQL). */
const prismaBookReads = (statements: string[]) => statements.filter((sql) => /FROM "public"\."Microbook"/.test(sql));

async function libraryWithBooks(plan: "free" | "premium" = "free") {
  const reader = await buildReader(db.prisma, { plan });
  await db.prisma.user.update({ where: { id: reader.user.id }, data: { contentLanguage: "es" } });
  // Published in Spanish; only in English (a fallback edition, with audio); in Portuguese and Spanish.
  const spanish = await buildMicrobook(db.prisma, { languages: ["es", "en"] });
  const english = await buildMicrobook(db.prisma, { languages: ["en"] });
  const both = await buildMicrobook(db.prisma, { languages: ["pt", "es"] });
  await buildAudioTrack(db.prisma, english.editions[0]!.id, { durationSeconds: 61.5 });
  await db.prisma.authorTranslation.create({
    data: { authorId: spanish.authorId, language: "es", name: "Autora", sortName: "Autora, La" },
  });
  const now = Date.now();
  await db.prisma.userBookState.createMany({
    data: [
      { userId: reader.user.id, microbookId: spanish.id, isFavourite: true, favouritedAt: new Date(now - MINUTE + 123) },
      {
        userId: reader.user.id,
        microbookId: english.id,
        isFavourite: true,
        favouritedAt: new Date(now - 2 * MINUTE),
        status: "READ",
        progress: 1,
        startedAt: new Date(now - 3 * MINUTE + 7),
        finishedAt: new Date(now - 2 * MINUTE + 9),
      },
      {
        userId: reader.user.id,
        microbookId: both.id,
        isFavourite: true,
        favouritedAt: new Date(now - 3 * MINUTE),
        status: "READING",
        progress: 0.25,
        startedAt: new Date(now - 4 * MINUTE),
      },
    ],
  });
  // Today's free book picked (the day's first request does it), so that only the page's own statements are counted.
  await makeFreeToday(db.prisma, both.id);
  return { reader, books: { spanish, english, both } };
}

describe("the library page's cards", () => {
  it("answer as the Prisma path does (editions by language, author names, audio, state and its dates, access), in one statement", async () => {
    const { reader } = await libraryWithBooks();
    const options = { sessionToken: reader.token, acceptLanguage: "es" };
    const cards = await db.recorder.capture(() => run<Library>(db, libraryQuery(), { shelf: "FAVOURITES" }, options));
    const prisma = await db.recorder.capture(() => run<Library>(db, libraryQuery("publishedYear"), { shelf: "FAVOURITES" }, options));
    expect(cards.result.errors).toBeUndefined();
    expect(prisma.result.errors).toBeUndefined();

    // The card selection reads no book through Prisma (besides the session's and the free pick's
    // statements, the page's own); one field more is read by Prisma.
    expect(prismaBookReads(cards.statements)).toHaveLength(0);
    expect(cards.statements).toHaveLength(prisma.statements.length - 1);
    expect(prismaBookReads(prisma.statements)).toHaveLength(1);

    const fromPrisma = prisma.result.data!.viewer.library.nodes.map(({ publishedYear: _year, ...card }) => card);
    expect(cards.result.data!.viewer.library.nodes).toEqual(fromPrisma);
    expect(cards.result.data!.viewer.library.totalCount).toBe(3);
    // Each book in the reader's first language it is published in (es, then the interface's, then the rest).
    expect(fromPrisma.map((node) => node.edition?.language)).toEqual(["es", "en", "es"]);
    expect(fromPrisma[0]!.author).toMatchObject({ name: "Autora", sortName: "Autora, La" });
    expect(fromPrisma[1]!.edition).toMatchObject({ audio: { durationSeconds: 61.5 } });
    expect(fromPrisma[1]!.viewerState).toMatchObject({ status: "READ", finishedAt: expect.stringMatching(/\.\d{3}Z$/) });
  });

  it("leave a selection beyond a card to Prisma: an edition in a language asked for", async () => {
    const { reader } = await libraryWithBooks();
    const { result, statements } = await db.recorder.capture(() =>
      run<{ viewer: { library: { nodes: { edition: { language: string } | null }[] } } }>(
        db,
        `query { viewer { library(shelf: FAVOURITES, sort: RECENT) { nodes { edition(language: pt) { language } } } } }`,
        {},
        { sessionToken: reader.token, acceptLanguage: "es" },
      ),
    );
    expect(result.errors).toBeUndefined();
    expect(prismaBookReads(statements)).toHaveLength(1);
    expect(result.data!.viewer.library.nodes.map((node) => node.edition?.language)).toEqual(["es", "en", "pt"]);
  });

  it("are what the web's library page reads: one statement for its counts, page and cards", async () => {
    const { reader } = await libraryWithBooks("premium");
    const { result, statements } = await db.recorder.capture(() =>
      run<{ viewer: { libraryCounts: { favourites: number }; library: { nodes: unknown[] } } }>(
        db,
        print(LibraryPageDocument),
        { shelf: "FAVOURITES", sort: "RECENT" },
        { sessionToken: reader.token },
      ),
    );
    expect(result.errors).toBeUndefined();
    expect(result.data!.viewer.libraryCounts.favourites).toBe(3);
    expect(result.data!.viewer.library.nodes).toHaveLength(3);
    expect(prismaBookReads(statements)).toHaveLength(0);
    expect(statements).toHaveLength(2);
  });
});
