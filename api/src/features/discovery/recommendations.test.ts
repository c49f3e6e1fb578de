import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../../test/database.js";
import { run } from "../../test/execute.js";
import { buildCategory, buildMicrobook, buildReader } from "../../test/factories.js";
import { loadViewer } from "../accounts/viewer.js";

const db = useTestDatabase();

const RECOMMENDATIONS = /* GraphQL */ `
  query ($first: Int) {
    viewer {
      recommendations(first: $first) {
        personalized
        pageInfo {
          hasNextPage
        }
        nodes {
          slug
          author {
            name
          }
          edition {
            title
            coverUrl
          }
        }
      }
    }
  }
`;
type Recommendations = {
  viewer: { recommendations: { personalized: boolean; pageInfo: { hasNextPage: boolean }; nodes: { slug: string }[] } } | null;
};

async function recommended(token: string, first = 20) {
  const result = await run<Recommendations>(db, RECOMMENDATIONS, { first }, { sessionToken: token });
  expect(result.errors).toBeUndefined();
  return result.data!.viewer!.recommendations;
}

const reader = () => buildReader(db.prisma);

/** Readers who ever started a book (the popularity the fallback order uses). */
async function readBy(microbookId: string, readers: number) {
  await db.prisma.microbookPopularity.upsert({ where: { microbookId }, create: { microbookId, readers }, update: { readers } });
}

describe("viewer.recommendations", () => {
  it("from onboarding goals only: books in the goals' categories come first", async () => {
    const economics = await buildCategory(db.prisma, { slug: "economics" });
    const history = await buildCategory(db.prisma, { slug: "history" });
    const other = await buildCategory(db.prisma, { slug: "cooking" });
    await buildMicrobook(db.prisma, { slug: "wealth-of-nations", categoryId: economics.id });
    await buildMicrobook(db.prisma, { slug: "histories", categoryId: history.id });
    const popular = await buildMicrobook(db.prisma, { slug: "popular-cookbook", categoryId: other.id });
    await readBy(popular.id, 50);
    const { user, token } = await reader();
    await db.prisma.onboardingAnswers.create({ data: { userId: user.id, goals: ["MONEY"] } });

    const page = await recommended(token);
    expect(page.personalized).toBe(true);
    expect(page.nodes.map((b) => b.slug)).toEqual(["wealth-of-nations", "popular-cookbook", "histories"]);
  });

  it("from reading history: similar books, then the same author, then the same category; never a book already read", async () => {
    const philosophy = await buildCategory(db.prisma, { slug: "philosophy" });
    const elsewhere = await buildCategory(db.prisma);
    const read = await buildMicrobook(db.prisma, { slug: "meditations", categoryId: philosophy.id });
    const similar = await buildMicrobook(db.prisma, { slug: "letters-from-a-stoic", categoryId: elsewhere.id });
    const sameAuthor = await buildMicrobook(db.prisma, { slug: "same-author", categoryId: elsewhere.id });
    await db.prisma.microbook.update({ where: { id: sameAuthor.id }, data: { authorId: read.authorId } });
    await buildMicrobook(db.prisma, { slug: "same-category", categoryId: philosophy.id });
    const unrelated = await buildMicrobook(db.prisma, { slug: "unrelated", categoryId: elsewhere.id });
    await readBy(unrelated.id, 100);
    await db.prisma.similarMicrobook.create({ data: { microbookId: read.id, similarId: similar.id, position: 0 } });
    const { user, token } = await reader();
    await db.prisma.userBookState.create({ data: { userId: user.id, microbookId: read.id, status: "READ", startedAt: new Date() } });

    const page = await recommended(token);
    expect(page.personalized).toBe(true);
    expect(page.nodes.map((b) => b.slug)).toEqual(["letters-from-a-stoic", "same-author", "same-category", "unrelated"]);
  });

  it("leaves out books the reader favourited, is reading or chose in the onboarding, and uses them as signals", async () => {
    const category = await buildCategory(db.prisma);
    const [favourite, reading, chosen, suggestion] = await Promise.all(
      ["favourite", "reading", "chosen", "suggestion"].map((slug) => buildMicrobook(db.prisma, { slug, categoryId: category.id })),
    );
    const { user, token } = await reader();
    await db.prisma.userBookState.createMany({
      data: [
        { userId: user.id, microbookId: favourite!.id, isFavourite: true },
        { userId: user.id, microbookId: reading!.id, status: "READING", startedAt: new Date() },
      ],
    });
    await db.prisma.onboardingBookChoice.create({ data: { userId: user.id, microbookId: chosen!.id } });
    const page = await recommended(token);
    expect(page.nodes.map((b) => b.slug)).toEqual([suggestion!.slug]);
    expect(page.personalized).toBe(true);
  });

  it("with no goals and no history: the most read books, not personalized", async () => {
    const [a, b] = await Promise.all([buildMicrobook(db.prisma, { slug: "less-read" }), buildMicrobook(db.prisma, { slug: "most-read" })]);
    await readBy(a!.id, 1);
    await readBy(b!.id, 9);
    const { token } = await reader();
    const page = await recommended(token);
    expect(page).toMatchObject({ personalized: false, nodes: [{ slug: "most-read" }, { slug: "less-read" }] });
  });

  it("is one reader's own: another reader's history does not leak into it", async () => {
    const category = await buildCategory(db.prisma, { slug: "science" });
    const theirs = await buildMicrobook(db.prisma, { slug: "their-book", categoryId: category.id });
    await buildMicrobook(db.prisma, { slug: "neighbour", categoryId: category.id });
    const other = await reader();
    await db.prisma.userBookState.create({ data: { userId: other.user.id, microbookId: theirs.id, status: "READ" } });
    const { token } = await reader();
    const page = await recommended(token);
    expect(page.personalized).toBe(false);
    expect(page.nodes.map((b) => b.slug).sort()).toEqual(["neighbour", "their-book"]);
  });

  it("pages in two statements however many books (ranked ids, then the books with their cards)", async () => {
    const category = await buildCategory(db.prisma, { slug: "productivity" });
    for (let n = 0; n < 8; n++) await buildMicrobook(db.prisma, { categoryId: category.id, languages: ["en", "pt"] });
    const { user, token } = await reader();
    await db.prisma.onboardingAnswers.create({ data: { userId: user.id, goals: ["PRODUCTIVITY"] } });
    await loadViewer(db.prisma, token); // the session's statements are not the field's
    const { result, statements } = await db.recorder.capture(() =>
      run<Recommendations>(db, RECOMMENDATIONS, { first: 5 }, { sessionToken: token }),
    );
    expect(result.data!.viewer!.recommendations.nodes).toHaveLength(5);
    expect(result.data!.viewer!.recommendations.pageInfo.hasNextPage).toBe(true);
    const loading = statements.filter((sql) => /"Microbook"/.test(sql));
    // One ranking statement, one for the page's books (with author and edition joined): no per-book query.
    expect(loading).toHaveLength(2);
  });

  it("a visitor has no viewer and so no recommendations", async () => {
    expect((await run(db, RECOMMENDATIONS, { first: 5 })).data).toEqual({ viewer: null });
  });
});
