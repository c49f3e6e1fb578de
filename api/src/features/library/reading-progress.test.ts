import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../../test/database.js";
import { run } from "../../test/execute.js";
import { buildCategory, buildMicrobook, buildReader } from "../../test/factories.js";

const db = useTestDatabase();

const MINUTE = 60_000;

const reader = (contentLanguage: "pt" | "en" | "es" = "pt") => buildReader(db.prisma, { contentLanguage });

describe("viewer.continueReading", () => {
  const CONTINUE = /* GraphQL */ `
    {
      viewer {
        continueReading(first: 10) {
          totalCount
          nodes {
            slug
            viewerState {
              status
              progress
            }
          }
        }
      }
    }
  `;
  type Continue = { viewer: { continueReading: { nodes: { slug: string; viewerState: { status: string; progress: number } }[] } } | null };

  it("lists the reader's books in progress, most recently read first, with their progress; not read or untouched ones", async () => {
    const { user, token } = await reader();
    const other = await reader();
    const [older, newer, finished, favourite] = [
      await buildMicrobook(db.prisma, { slug: "older" }),
      await buildMicrobook(db.prisma, { slug: "newer" }),
      await buildMicrobook(db.prisma, { slug: "finished" }),
      await buildMicrobook(db.prisma, { slug: "favourite" }),
    ];
    const now = Date.now();
    const state = (microbookId: string, status: "READING" | "READ" | "NONE", progress: number, minutesAgo: number) =>
      db.prisma.userBookState.create({
        data: {
          userId: user.id,
          microbookId,
          status,
          progress,
          startedAt: status === "NONE" ? null : new Date(now - 60 * MINUTE),
          lastReadAt: status === "NONE" ? null : new Date(now - minutesAgo * MINUTE),
        },
      });
    await state(older.id, "READING", 0.25, 30);
    await state(newer.id, "READING", 0.75, 5);
    await state(finished.id, "READ", 1, 1);
    await state(favourite.id, "NONE", 0, 1);
    // Another reader's book in progress is not this reader's.
    await db.prisma.userBookState.create({
      data: { userId: other.user.id, microbookId: finished.id, status: "READING", startedAt: new Date() },
    });

    const result = await run<Continue>(db, CONTINUE, {}, { sessionToken: token });
    expect(result.errors).toBeUndefined();
    expect(result.data!.viewer!.continueReading.nodes).toEqual([
      { slug: "newer", viewerState: { status: "READING", progress: 0.75 } },
      { slug: "older", viewerState: { status: "READING", progress: 0.25 } },
    ]);
  });

  it("moves a book to the front when the reader opens it again (startReading)", async () => {
    const { user, token } = await reader();
    const [a, b] = [await buildMicrobook(db.prisma, { slug: "a" }), await buildMicrobook(db.prisma, { slug: "b" })];
    const { grantPremium } = await import("../../test/factories.js");
    await grantPremium(db.prisma, user.id, { from: new Date(Date.now() - 60 * MINUTE) });
    const { encodeGlobalID } = await import("@pothos/plugin-relay");
    const start = (id: string, at: Date) =>
      run(
        db,
        `mutation ($id: ID!) { startReading(microbookId: $id) { __typename } }`,
        { id: encodeGlobalID("Microbook", id) },
        { sessionToken: token, now: at },
      );
    for (const [book, at] of [
      [a, Date.now() - 10 * MINUTE],
      [b, Date.now() - 5 * MINUTE],
      [a, Date.now()],
    ] as const) {
      expect((await start(book.id, new Date(at))).data).toEqual({ startReading: { __typename: "Microbook" } });
    }
    const result = await run<Continue>(db, CONTINUE, {}, { sessionToken: token });
    expect(result.errors).toBeUndefined();
    expect(result.data!.viewer!.continueReading.nodes.map((n) => n.slug)).toEqual(["a", "b"]);
  });

  it("keeps its order when the reader favourites an older book (favouriting is not reading)", async () => {
    const { user, token } = await reader();
    const [a, b] = [await buildMicrobook(db.prisma, { slug: "a" }), await buildMicrobook(db.prisma, { slug: "b" })];
    const { grantPremium } = await import("../../test/factories.js");
    await grantPremium(db.prisma, user.id, { from: new Date(Date.now() - 60 * MINUTE) });
    const { encodeGlobalID } = await import("@pothos/plugin-relay");
    const as = (at: number) => ({ sessionToken: token, now: new Date(at) });
    const id = (book: { id: string }) => ({ id: encodeGlobalID("Microbook", book.id) });
    await run(db, `mutation ($id: ID!) { startReading(microbookId: $id) { __typename } }`, id(a), as(Date.now() - 10 * MINUTE));
    await run(db, `mutation ($id: ID!) { startReading(microbookId: $id) { __typename } }`, id(b), as(Date.now() - 5 * MINUTE));
    const favourite = await run(
      db,
      `mutation ($id: ID!) { setFavourite(microbookId: $id, favourite: true) { __typename } }`,
      id(a),
      as(Date.now()),
    );
    expect(favourite.errors).toBeUndefined();
    const result = await run<Continue>(db, CONTINUE, {}, { sessionToken: token });
    expect(result.data!.viewer!.continueReading.nodes.map((n) => n.slug)).toEqual(["b", "a"]);
  });
});

describe("Original.viewerProgress", () => {
  const PATH = /* GraphQL */ `
    query ($slug: String!) {
      original(slug: $slug) {
        stepCount
        viewerProgress {
          stepCount
          readCount
          readStepPositions
          nextStepPosition
        }
      }
    }
  `;

  async function path(slug: string, books: { id: string }[]) {
    return db.prisma.original.create({
      data: {
        slug,
        specialistName: "Ana",
        translations: { create: [{ language: "pt", title: "Trilha", specialistRole: "Professora", introduction: "Intro" }] },
        steps: { create: books.map((book, position) => ({ position, microbookId: book.id })) },
      },
    });
  }

  it("is null for a visitor; for a reader, which steps are read, how many of N, and the next one", async () => {
    const books = [await buildMicrobook(db.prisma), await buildMicrobook(db.prisma), await buildMicrobook(db.prisma)];
    await path("path", books);
    const { user, token } = await reader();
    await db.prisma.userBookState.createMany({
      data: [
        { userId: user.id, microbookId: books[0]!.id, status: "READ", startedAt: new Date(), finishedAt: new Date() },
        { userId: user.id, microbookId: books[1]!.id, status: "READING", startedAt: new Date() },
      ],
    });
    expect((await run(db, PATH, { slug: "path" })).data).toEqual({ original: { stepCount: 3, viewerProgress: null } });
    const asReader = await run(db, PATH, { slug: "path" }, { sessionToken: token });
    expect(asReader.data).toEqual({
      original: { stepCount: 3, viewerProgress: { stepCount: 3, readCount: 1, readStepPositions: [0], nextStepPosition: 1 } },
    });
    await db.prisma.userBookState.updateMany({ where: { userId: user.id }, data: { status: "READ" } });
    await db.prisma.userBookState.create({ data: { userId: user.id, microbookId: books[2]!.id, status: "READ", startedAt: new Date() } });
    const done = await run(db, PATH, { slug: "path" }, { sessionToken: token });
    expect(done.data).toEqual({
      original: { stepCount: 3, viewerProgress: { stepCount: 3, readCount: 3, readStepPositions: [0, 1, 2], nextStepPosition: null } },
    });
  });

  it("loads every path's progress of a list in one statement", async () => {
    const { token } = await reader();
    for (let i = 0; i < 4; i++) await path(`path-${i}`, [await buildMicrobook(db.prisma), await buildMicrobook(db.prisma)]);
    const LIST = `{ originals(first: 10) { nodes { slug viewerProgress { readCount nextStepPosition } } } }`;
    const { result, statements } = await db.recorder.capture(() => run(db, LIST, {}, { sessionToken: token }));
    expect(result.errors).toBeUndefined();
    expect(statements.filter((sql) => sql.includes('"OriginalStep"'))).toHaveLength(1);
  });
});

describe("language filter on lists", () => {
  const LIST = /* GraphQL */ `
    query ($language: Language, $slug: String!) {
      microbooks(sort: NEWEST, first: 10, language: $language) {
        totalCount
        nodes {
          slug
          edition {
            language
          }
        }
      }
      category(slug: $slug) {
        microbooks(sort: NEWEST, first: 10, language: $language) {
          totalCount
          nodes {
            slug
          }
        }
      }
    }
  `;
  type Lists = {
    microbooks: { totalCount: number; nodes: { slug: string; edition: { language: string } }[] };
    category: { microbooks: { totalCount: number; nodes: { slug: string }[] } };
  };

  it("keeps only microbooks published in the language, shown in it; without it, all in the reader's content language", async () => {
    const ideas = await buildCategory(db.prisma, { slug: "ideas" });
    const other = await buildCategory(db.prisma, { slug: "other" });
    const t0 = Date.now();
    await buildMicrobook(db.prisma, { slug: "pt-only", categoryId: ideas.id, languages: ["pt"], createdAt: new Date(t0 - 3000) });
    await buildMicrobook(db.prisma, { slug: "en-pt", categoryId: ideas.id, languages: ["en", "pt"], createdAt: new Date(t0 - 2000) });
    await buildMicrobook(db.prisma, { slug: "es-only", categoryId: other.id, languages: ["es"], createdAt: new Date(t0 - 1000) });

    const english = await run<Lists>(db, LIST, { language: "en", slug: "ideas" }, { acceptLanguage: "pt" });
    expect(english.errors).toBeUndefined();
    expect(english.data!.microbooks).toEqual({ totalCount: 1, nodes: [{ slug: "en-pt", edition: { language: "en" } }] });
    expect(english.data!.category.microbooks).toEqual({ totalCount: 1, nodes: [{ slug: "en-pt" }] });

    const portuguese = await run<Lists>(db, LIST, { language: "pt", slug: "ideas" }, { acceptLanguage: "en" });
    expect(portuguese.data!.microbooks.nodes).toEqual([
      { slug: "en-pt", edition: { language: "pt" } },
      { slug: "pt-only", edition: { language: "pt" } },
    ]);
    expect(portuguese.data!.microbooks.totalCount).toBe(2);

    // No filter: everything, each in the reader's content language (a signed-in reader's own setting) or the edition that exists.
    const { token } = await reader("en");
    const all = await run<Lists>(db, LIST, { slug: "ideas" }, { acceptLanguage: "pt", sessionToken: token });
    expect(all.data!.microbooks.nodes).toEqual([
      { slug: "es-only", edition: { language: "es" } },
      { slug: "en-pt", edition: { language: "en" } },
      { slug: "pt-only", edition: { language: "pt" } },
    ]);
    expect(all.data!.microbooks.totalCount).toBe(3);
    expect(all.data!.category.microbooks.totalCount).toBe(2);
  });
});

describe("viewerState in a list", () => {
  it("loads in the list's own statement: no statement per book, the same count as without it", async () => {
    const { user, token } = await reader();
    const category = await buildCategory(db.prisma, { slug: "ideas" });
    const LIST = (withState: boolean) =>
      `{ category(slug: "ideas") { microbooks(first: 30) { nodes { slug ${withState ? "viewerState { isFavourite status progress }" : ""} } } } }`;
    const measure = async (withState: boolean) => {
      await run(db, LIST(withState), {}, { sessionToken: token });
      const { result, statements } = await db.recorder.capture(() => run(db, LIST(withState), {}, { sessionToken: token }));
      expect(result.errors).toBeUndefined();
      return statements;
    };
    for (let i = 0; i < 3; i++) await buildMicrobook(db.prisma, { categoryId: category.id });
    const few = await measure(true);
    for (let i = 0; i < 12; i++) {
      const book = await buildMicrobook(db.prisma, { categoryId: category.id });
      if (i % 2) await db.prisma.userBookState.create({ data: { userId: user.id, microbookId: book.id, isFavourite: true } });
    }
    const many = await measure(true);
    expect(many).toHaveLength(few.length);
    expect(many).toHaveLength((await measure(false)).length);
    expect(many.filter((sql) => sql.includes('"UserBookState"'))).toHaveLength(1);
  });
});
