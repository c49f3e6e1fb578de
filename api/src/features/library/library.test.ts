import { encodeGlobalID } from "@pothos/plugin-relay";
import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../../test/database.js";
import { run } from "../../test/execute.js";
import { buildMicrobook, buildReader, makeFreeToday } from "../../test/factories.js";

const db = useTestDatabase();

const MINUTE = 60_000;
const gid = (id: string) => encodeGlobalID("Microbook", id);

const LIBRARY = /* GraphQL */ `
  query ($shelf: LibraryShelf!, $sort: LibrarySort!, $first: Int, $after: String) {
    viewer {
      libraryCounts {
        favourites
        reading
        read
      }
      library(shelf: $shelf, sort: $sort, first: $first, after: $after) {
        totalCount
        pageInfo {
          hasNextPage
          endCursor
        }
        nodes {
          slug
        }
      }
    }
  }
`;
type Library = {
  viewer: {
    libraryCounts: { favourites: number; reading: number; read: number };
    library: { totalCount: number; pageInfo: { hasNextPage: boolean; endCursor: string | null }; nodes: { slug: string }[] };
  } | null;
};

const REMOVE = /* GraphQL */ `
  mutation ($id: ID!) {
    removeFromLibrary(microbookId: $id) {
      __typename
      ... on Microbook {
        slug
        viewerState {
          isFavourite
          status
          progress
        }
      }
      ... on Error {
        code
      }
    }
  }
`;

async function library(token: string, shelf: string, sort = "RECENT", page: { first?: number; after?: string } = {}) {
  const result = await run<Library>(db, LIBRARY, { shelf, sort, ...page }, { sessionToken: token });
  expect(result.errors).toBeUndefined();
  return result.data!.viewer!;
}

/** A reader's state for a book, dated `minutesAgo` (favourited then, or last read then). */
function stateOf(userId: string, microbookId: string, state: { favourite?: number; reading?: number; read?: number; progress?: number }) {
  const ago = (minutes: number | undefined) => (minutes === undefined ? null : new Date(Date.now() - minutes * MINUTE));
  const status = state.read !== undefined ? "READ" : state.reading !== undefined ? "READING" : "NONE";
  return db.prisma.userBookState.create({
    data: {
      userId,
      microbookId,
      isFavourite: state.favourite !== undefined,
      favouritedAt: ago(state.favourite),
      status,
      progress: state.progress ?? (status === "READ" ? 1 : 0),
      startedAt: status === "NONE" ? null : ago(120),
      finishedAt: ago(state.read),
      lastReadAt: ago(state.read ?? state.reading),
    },
  });
}

describe("viewer.library", () => {
  it("lists each tab with its count, most recent activity first (favourites by favouritedAt), not another reader's", async () => {
    const { user, token } = await buildReader(db.prisma);
    const other = await buildReader(db.prisma);
    const books = [];
    for (const slug of ["a", "b", "c", "d", "e"]) books.push(await buildMicrobook(db.prisma, { slug }));
    const [a, b, c, d, e] = books as [(typeof books)[0], (typeof books)[0], (typeof books)[0], (typeof books)[0], (typeof books)[0]];
    await stateOf(user.id, a.id, { favourite: 50, reading: 1 });
    await stateOf(user.id, b.id, { favourite: 5 });
    await stateOf(user.id, c.id, { reading: 30 });
    await stateOf(user.id, d.id, { read: 10 });
    await stateOf(user.id, e.id, { favourite: 20, read: 3 });
    await stateOf(other.user.id, c.id, { favourite: 1 });

    const favourites = await library(token, "FAVOURITES");
    expect(favourites.libraryCounts).toEqual({ favourites: 3, reading: 2, read: 2 });
    expect(favourites.library.totalCount).toBe(3);
    expect(favourites.library.nodes.map((n) => n.slug)).toEqual(["b", "e", "a"]);
    expect((await library(token, "READING")).library.nodes.map((n) => n.slug)).toEqual(["a", "c"]);
    expect((await library(token, "READ")).library.nodes.map((n) => n.slug)).toEqual(["e", "d"]);
    expect((await library(other.token, "FAVOURITES")).library.nodes.map((n) => n.slug)).toEqual(["c"]);
  });

  it("reads the counts and the page in one statement, and any other page or a page without counts apart", async () => {
    const { user, token } = await buildReader(db.prisma);
    for (const [i, slug] of ["p", "q", "r"].entries()) {
      const book = await buildMicrobook(db.prisma, { slug });
      await stateOf(user.id, book.id, i === 2 ? { reading: 5 } : { favourite: 10 - i });
    }
    const together = await db.recorder.capture(() => library(token, "FAVOURITES"));
    expect(together.result.library.nodes.map((n) => n.slug)).toEqual(["q", "p"]);
    expect(together.statements.filter((sql) => sql.includes('"UserBookState"') && !sql.includes('"Microbook_'))).toHaveLength(1);

    // Two tabs in one operation, without the counts: each page its own statement, each in its order.
    const TWO_TABS = /* GraphQL */ `
      query {
        viewer {
          favourites: library(shelf: FAVOURITES, sort: RECENT) {
            nodes {
              slug
            }
          }
          reading: library(shelf: READING, sort: RECENT) {
            nodes {
              slug
            }
          }
        }
      }
    `;
    const apart = await run<{ viewer: Record<"favourites" | "reading", { nodes: { slug: string }[] }> }>(
      db,
      TWO_TABS,
      {},
      { sessionToken: token },
    );
    expect(apart.errors).toBeUndefined();
    expect(apart.data!.viewer.favourites.nodes.map((n) => n.slug)).toEqual(["q", "p"]);
    expect(apart.data!.viewer.reading.nodes.map((n) => n.slug)).toEqual(["r"]);

    // Two tabs with the counts: one page rides with the counts, the other is read apart.
    const WITH_COUNTS = TWO_TABS.replace("viewer {", "viewer { libraryCounts { favourites reading read }");
    const both = await run<{
      viewer: Record<"favourites" | "reading", { nodes: { slug: string }[] }> & { libraryCounts: Record<string, number> };
    }>(db, WITH_COUNTS, {}, { sessionToken: token });
    expect(both.errors).toBeUndefined();
    expect(both.data!.viewer.libraryCounts).toEqual({ favourites: 2, reading: 1, read: 0 });
    expect(both.data!.viewer.favourites.nodes.map((n) => n.slug)).toEqual(["q", "p"]);
    expect(both.data!.viewer.reading.nodes.map((n) => n.slug)).toEqual(["r"]);
  });

  it("sorts by title (in the reader's language, ignoring case and accents) or by author, and pages with cursors", async () => {
    const { user, token } = await buildReader(db.prisma, { contentLanguage: "en" });
    const titles = ["Zebra", "álgebra", "Book", "cat"];
    for (const [i, title] of titles.entries()) {
      const book = await buildMicrobook(db.prisma, { slug: `t${i}`, languages: ["en", "pt"] });
      await db.prisma.microbookEdition.updateMany({ where: { microbookId: book.id, language: "en" }, data: { title } });
      await db.prisma.author.update({ where: { id: book.authorId }, data: { name: ["Ann", "Zoe", "Bea", "Ann"][i]! } });
      await stateOf(user.id, book.id, { favourite: i });
    }
    const byTitle = await library(token, "FAVOURITES", "TITLE");
    expect(byTitle.library.nodes.map((n) => n.slug)).toEqual(["t1", "t2", "t3", "t0"]);
    const byAuthor = await library(token, "FAVOURITES", "AUTHOR");
    // Ann (cat, Zebra), Bea, Zoe.
    expect(byAuthor.library.nodes.map((n) => n.slug)).toEqual(["t3", "t0", "t2", "t1"]);

    const first = await library(token, "FAVOURITES", "TITLE", { first: 3 });
    expect(first.library).toMatchObject({ totalCount: 4, pageInfo: { hasNextPage: true } });
    const second = await library(token, "FAVOURITES", "TITLE", { first: 3, after: first.library.pageInfo.endCursor! });
    expect(second.library.nodes.map((n) => n.slug)).toEqual(["t0"]);
    expect(second.library.pageInfo.hasNextPage).toBe(false);
  });

  it("is empty, with zero counts, for a new reader; a visitor has no viewer", async () => {
    const { token } = await buildReader(db.prisma);
    expect(await library(token, "READ")).toEqual({
      libraryCounts: { favourites: 0, reading: 0, read: 0 },
      library: { totalCount: 0, pageInfo: { hasNextPage: false, endCursor: expect.any(String) as string }, nodes: [] },
    });
    const visitor = await run<Library>(db, LIBRARY, { shelf: "READ", sort: "RECENT" });
    expect(visitor.data).toEqual({ viewer: null });
  });

  it("refuses a page larger than 50", async () => {
    const { token } = await buildReader(db.prisma);
    const result = await run(db, LIBRARY, { shelf: "READ", sort: "RECENT", first: 51 }, { sessionToken: token });
    expect(result.errors).toHaveLength(1);
  });
});

describe("removeFromLibrary", () => {
  it("clears the reader's favourite, status and progress: the book leaves every tab and continue reading", async () => {
    const { user, token } = await buildReader(db.prisma, { plan: "premium" });
    const [kept, removed] = [await buildMicrobook(db.prisma, { slug: "kept" }), await buildMicrobook(db.prisma, { slug: "removed" })];
    await stateOf(user.id, kept.id, { reading: 5 });
    await stateOf(user.id, removed.id, { favourite: 5, reading: 1, progress: 0.4 });
    const before = await db.prisma.microbookPopularity.findUnique({ where: { microbookId: removed.id } });
    expect(before?.readers).toBe(1);
    // The reader's place in it, in the text and the narration, goes with it.
    const place = { language: "en" as const, medium: "TEXT" as const, keyIdea: 2, keyIdeaOffset: 0.5, progress: 0.4 };
    const device = { deviceId: "phone", sessionId: "s1", sequence: 3, savedAt: new Date() };
    await db.prisma.readingPosition.create({ data: { userId: user.id, microbookId: removed.id, ...place, ...device } });
    await db.prisma.readingPosition.create({ data: { userId: user.id, microbookId: kept.id, ...place, ...device } });

    const result = await run(db, REMOVE, { id: gid(removed.id) }, { sessionToken: token });
    expect(result.data).toEqual({
      removeFromLibrary: { __typename: "Microbook", slug: "removed", viewerState: { isFavourite: false, status: "NONE", progress: 0 } },
    });
    const after = await library(token, "READING");
    expect(after.libraryCounts).toEqual({ favourites: 0, reading: 1, read: 0 });
    expect(after.library.nodes.map((n) => n.slug)).toEqual(["kept"]);
    const continuing = await run<{ viewer: { continueReading: { nodes: { slug: string }[] } } }>(
      db,
      `{ viewer { continueReading(first: 5) { nodes { slug } } } }`,
      {},
      { sessionToken: token },
    );
    expect(continuing.data!.viewer.continueReading.nodes.map((n) => n.slug)).toEqual(["kept"]);
    // The reader no longer counts as having started it (trending's count follows).
    expect((await db.prisma.microbookPopularity.findUnique({ where: { microbookId: removed.id } }))?.readers).toBe(0);
    // Again: the same answer, nothing else touched.
    const again = await run(db, REMOVE, { id: gid(removed.id) }, { sessionToken: token });
    expect(again.data).toEqual(result.data);
    expect(await db.prisma.userBookState.count()).toBe(1);
    expect(await db.prisma.readingPosition.findMany({ select: { microbookId: true } })).toEqual([{ microbookId: kept.id }]);
  });

  it("lets a free reader remove a locked book (forgetting one's own state needs no access), and no other reader's", async () => {
    const [locked, free] = [await buildMicrobook(db.prisma), await buildMicrobook(db.prisma)];
    await makeFreeToday(db.prisma, free.id);
    const reader = await buildReader(db.prisma);
    const other = await buildReader(db.prisma);
    await stateOf(reader.user.id, locked.id, { favourite: 1 });
    await stateOf(other.user.id, locked.id, { favourite: 1 });
    const result = await run(db, REMOVE, { id: gid(locked.id) }, { sessionToken: reader.token });
    expect(result.data).toMatchObject({ removeFromLibrary: { __typename: "Microbook" } });
    expect(await db.prisma.userBookState.findMany({ select: { userId: true } })).toEqual([{ userId: other.user.id }]);
  });

  it("answers MICROBOOK_NOT_FOUND for an unknown id and tells a visitor to sign in, changing nothing", async () => {
    const { token } = await buildReader(db.prisma);
    const unknown = await run(db, REMOVE, { id: gid("nope") }, { sessionToken: token });
    expect(unknown.data).toEqual({ removeFromLibrary: { __typename: "MicrobookNotFoundError", code: "MICROBOOK_NOT_FOUND" } });
    const book = await buildMicrobook(db.prisma);
    const visitor = await run(db, REMOVE, { id: gid(book.id) });
    expect(visitor.data).toBeNull();
    expect(visitor.errors?.map((e) => e.extensions?.code)).toEqual(["UNAUTHENTICATED"]);
  });
});

describe("markRead(read: false)", () => {
  it("puts a read book back to reading with its progress and start kept; it moves from the Read tab to Reading", async () => {
    const { user, token } = await buildReader(db.prisma, { plan: "premium" });
    const book = await buildMicrobook(db.prisma, { slug: "done" });
    await stateOf(user.id, book.id, { read: 5, progress: 1 });
    const result = await run(
      db,
      `mutation ($id: ID!) { markRead(microbookId: $id, read: false) { ... on Microbook { viewerState { status progress startedAt } } } }`,
      { id: gid(book.id) },
      { sessionToken: token },
    );
    expect(result.data).toMatchObject({ markRead: { viewerState: { status: "READING", progress: 1 } } });
    expect((result.data as { markRead: { viewerState: { startedAt: string | null } } }).markRead.viewerState.startedAt).not.toBeNull();
    const reading = await library(token, "READING");
    expect(reading.libraryCounts).toEqual({ favourites: 0, reading: 1, read: 0 });
    expect(reading.library.nodes.map((n) => n.slug)).toEqual(["done"]);
  });
});
