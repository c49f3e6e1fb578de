import { encodeGlobalID } from "@pothos/plugin-relay";
import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../../test/database.js";
import { run } from "../../test/execute.js";
import { buildMicrobook, buildReader } from "../../test/factories.js";

const db = useTestDatabase();

const reader = () => buildReader(db.prisma);
const bookId = (id: string) => encodeGlobalID("Microbook", id);

const ANSWERS = `{ viewer { onboarding { goals dailyMinutes format completedAt } onboardingBooks { microbook { slug } } } }`;
type Answers = {
  viewer: {
    onboarding: { goals: string[]; dailyMinutes: number | null; format: string | null; completedAt: string | null } | null;
    onboardingBooks: { microbook: { slug: string } }[];
  };
};
const RESULT = `__typename ... on InvalidInputError { issues { path code } }`;
const GOALS = `mutation ($goals: [OnboardingGoal!]!) { saveOnboardingGoals(goals: $goals) { ${RESULT} ... on Onboarding { goals } } }`;
const ABOUT = `mutation ($minutes: Int, $format: ReadingFormat) { saveOnboardingAboutYou(dailyMinutes: $minutes, format: $format) { ${RESULT} } }`;
const CHOOSE = `mutation ($ids: [ID!]!) { chooseOnboardingBooks(microbookIds: $ids) { ${RESULT} ... on Onboarding { completedAt } } }`;
const FINISH = `mutation { finishOnboarding { ... on Onboarding { completedAt } } }`;

describe("onboarding", () => {
  it("stores the goals, what the reader told about themselves and the books they chose, and finishes", async () => {
    const { token } = await reader();
    const books = await Promise.all([1, 2, 3].map((n) => buildMicrobook(db.prisma, { slug: `book-${n}` })));
    expect((await run<Answers>(db, ANSWERS, {}, { sessionToken: token })).data!.viewer.onboarding).toBeNull();

    const goals = await run(db, GOALS, { goals: ["MONEY", "LEADERSHIP", "MONEY"] }, { sessionToken: token });
    expect(goals.data).toEqual({
      saveOnboardingGoals: { __typename: "Onboarding", goals: ["MONEY", "LEADERSHIP"] },
    });
    const about = await run(db, ABOUT, { minutes: 15, format: "LISTEN" }, { sessionToken: token });
    expect(about.errors).toBeUndefined();
    expect(about.data).toEqual({
      saveOnboardingAboutYou: { __typename: "Onboarding" },
    });
    const chose = await run<{ chooseOnboardingBooks: { completedAt: string } }>(
      db,
      CHOOSE,
      { ids: books.map((b) => bookId(b.id)) },
      { sessionToken: token },
    );
    expect(Date.parse(chose.data!.chooseOnboardingBooks.completedAt)).not.toBeNaN();

    const answers = (await run<Answers>(db, ANSWERS, {}, { sessionToken: token })).data!.viewer;
    expect(answers.onboarding).toMatchObject({ goals: ["MONEY", "LEADERSHIP"], dailyMinutes: 15, format: "LISTEN" });
    expect(answers.onboardingBooks.map((c) => c.microbook.slug).sort()).toEqual(["book-1", "book-2", "book-3"]);
  });

  it("refuses fewer than 3 books (TOO_FEW_BOOKS), counting a book chosen twice once, and stores nothing", async () => {
    const { user, token } = await reader();
    const [a, b] = await Promise.all([buildMicrobook(db.prisma), buildMicrobook(db.prisma)]);
    for (const ids of [[a!.id, b!.id], [a!.id, b!.id, a!.id], []]) {
      const result = await run(db, CHOOSE, { ids: ids.map(bookId) }, { sessionToken: token });
      expect(result.data).toEqual({
        chooseOnboardingBooks: { __typename: "InvalidInputError", issues: [{ path: ["microbookIds"], code: "TOO_FEW_BOOKS" }] },
      });
    }
    expect(await db.prisma.onboardingBookChoice.count({ where: { userId: user.id } })).toBe(0);
    expect(await db.prisma.onboardingAnswers.count({ where: { userId: user.id } })).toBe(0);
  });

  it("refuses a book that does not exist (UNKNOWN_BOOK)", async () => {
    const { token } = await reader();
    const books = await Promise.all([1, 2].map(() => buildMicrobook(db.prisma)));
    const ids = [...books.map((b) => b.id), "no-such-book"].map(bookId);
    const result = await run(db, CHOOSE, { ids }, { sessionToken: token });
    expect(result.data).toEqual({
      chooseOnboardingBooks: { __typename: "InvalidInputError", issues: [{ path: ["microbookIds"], code: "UNKNOWN_BOOK" }] },
    });
  });

  it("choosing again replaces the earlier choice", async () => {
    const { token } = await reader();
    const books = await Promise.all([1, 2, 3, 4].map((n) => buildMicrobook(db.prisma, { slug: `again-${n}` })));
    await run(db, CHOOSE, { ids: books.slice(0, 3).map((b) => bookId(b.id)) }, { sessionToken: token });
    await run(db, CHOOSE, { ids: books.slice(1).map((b) => bookId(b.id)) }, { sessionToken: token });
    const chosen = (await run<Answers>(db, ANSWERS, {}, { sessionToken: token })).data!.viewer.onboardingBooks;
    expect(chosen.map((c) => c.microbook.slug).sort()).toEqual(["again-2", "again-3", "again-4"]);
  });

  it("refuses a daily time that is not an option (NOT_AN_OPTION)", async () => {
    const { token } = await reader();
    const result = await run(db, ABOUT, { minutes: 7 }, { sessionToken: token });
    expect(result.data).toEqual({
      saveOnboardingAboutYou: { __typename: "InvalidInputError", issues: [{ path: ["dailyMinutes"], code: "NOT_AN_OPTION" }] },
    });
  });

  it("can be skipped to the end: finishOnboarding records it, keeping what was answered", async () => {
    const { token } = await reader();
    await run(db, GOALS, { goals: ["MEANING"] }, { sessionToken: token });
    const finished = await run<{ finishOnboarding: { completedAt: string } }>(db, FINISH, {}, { sessionToken: token });
    expect(Date.parse(finished.data!.finishOnboarding.completedAt)).not.toBeNaN();
    expect((await run<Answers>(db, ANSWERS, {}, { sessionToken: token })).data!.viewer.onboarding!.goals).toEqual(["MEANING"]);
  });

  it("tells a visitor to sign in (UNAUTHENTICATED) before looking at any input, even invalid", async () => {
    for (const [query, variables] of [
      [GOALS, { goals: [] }],
      [ABOUT, { minutes: 7 }],
      [CHOOSE, { ids: ["x"] }],
      [FINISH, {}],
    ] as const) {
      const result = await run(db, query, variables);
      expect(result.errors?.[0]?.extensions?.code).toBe("UNAUTHENTICATED");
    }
  });
});
