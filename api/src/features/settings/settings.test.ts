import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../../test/database.js";
import { cookieJar, run } from "../../test/execute.js";
import { buildMicrobook, buildReader, buildSession, grantPremium } from "../../test/factories.js";
import { RATE_LIMITS } from "../accounts/rate-limits.js";
import { loadViewer } from "../accounts/viewer.js";

const db = useTestDatabase();

const PASSWORD = "a quiet reading hour";

const reader = () => buildReader(db.prisma, { password: PASSWORD });

const UPDATE = /* GraphQL */ `
  mutation ($name: String, $surname: String, $kindleEmail: String, $interfaceLanguage: Language, $contentLanguage: Language) {
    updateSettings(
      name: $name
      surname: $surname
      kindleEmail: $kindleEmail
      interfaceLanguage: $interfaceLanguage
      contentLanguage: $contentLanguage
    ) {
      __typename
      ... on Viewer {
        name
        surname
        kindleEmail
        interfaceLanguage
        contentLanguage
      }
      ... on InvalidInputError {
        issues {
          path
          code
        }
      }
    }
  }
`;
type Settings = { name: string; surname: string; kindleEmail: string | null; interfaceLanguage: string; contentLanguage: string };
type Update = {
  updateSettings: { __typename: string; issues?: { path: string[]; code: string }[] } & Partial<Settings>;
};
/** The settings a successful update answers with. */
const settingsOf = ({ __typename, ...settings }: Update["updateSettings"]) => {
  expect(__typename).toBe("Viewer");
  return settings;
};
const DELETE = `mutation ($password: String, $email: String) { deleteAccount(password: $password, email: $email) { __typename ... on AccountDeleted { deleted } ... on Error { code } } }`;

/** A reader made by social login: no password, one linked identity. */
async function passwordlessReader() {
  const { user, token } = await buildReader(db.prisma);
  await db.prisma.socialIdentity.create({
    data: { userId: user.id, provider: "GOOGLE", subject: `google-${user.id}`, email: user.email, emailVerified: true },
  });
  return { user, token };
}

describe("updateSettings", () => {
  it("changes name, surname, kindle email and both languages, leaving omitted fields as they were", async () => {
    const { user, token } = await reader();
    const result = await run<Update>(
      db,
      UPDATE,
      { name: "  Ana ", surname: "Souza", kindleEmail: "Ana_99@Kindle.com", interfaceLanguage: "es", contentLanguage: "en" },
      { sessionToken: token },
    );
    expect(result.errors).toBeUndefined();
    expect(settingsOf(result.data!.updateSettings)).toEqual({
      name: "Ana",
      surname: "Souza",
      kindleEmail: "ana_99@kindle.com",
      interfaceLanguage: "es",
      contentLanguage: "en",
    });
    const partial = await run<Update>(db, UPDATE, { surname: "Lima" }, { sessionToken: token });
    expect(settingsOf(partial.data!.updateSettings)).toMatchObject({ name: "Ana", surname: "Lima", kindleEmail: "ana_99@kindle.com" });
    const cleared = await run<Update>(db, UPDATE, { kindleEmail: "" }, { sessionToken: token });
    expect(settingsOf(cleared.data!.updateSettings).kindleEmail).toBeNull();
    expect((await db.prisma.user.findUniqueOrThrow({ where: { id: user.id } })).kindleEmail).toBeNull();
  });

  it.each([
    [{ kindleEmail: "not an email" }, "kindleEmail", "INVALID_EMAIL"],
    [{ kindleEmail: "ana@gmail.com" }, "kindleEmail", "NOT_KINDLE_EMAIL"],
    [{ name: "   " }, "name", "REQUIRED"],
    [{ name: "x".repeat(81) }, "name", "TOO_LONG"],
    [{ surname: "x".repeat(81) }, "surname", "TOO_LONG"],
    [{}, null, "NOTHING_TO_UPDATE"],
  ])("refuses %j with %s %s and changes nothing", async (variables, field, code) => {
    const { user, token } = await reader();
    const before = await db.prisma.user.findUniqueOrThrow({ where: { id: user.id } });
    const result = await run<Update>(db, UPDATE, { surname: null, ...variables }, { sessionToken: token });
    expect(result.data!.updateSettings.__typename).toBe("InvalidInputError");
    expect(result.data!.updateSettings.issues).toContainEqual({ path: field ? [field] : [], code });
    expect(await db.prisma.user.findUniqueOrThrow({ where: { id: user.id } })).toEqual(before);
  });

  it("refuses an unknown language at the schema (GraphQL enum)", async () => {
    const { token } = await reader();
    const result = await run(db, UPDATE, { interfaceLanguage: "fr" }, { sessionToken: token });
    expect(result.errors?.[0]?.message).toMatch(/Language/);
  });
});

describe("deleteAccount", () => {
  it("with the right password erases the reader and everything that is theirs, ends every session and clears the cookie", async () => {
    const { user, token } = await reader();
    const otherDevice = await buildSession(db.prisma, user.id);
    const book = await buildMicrobook(db.prisma);
    await db.prisma.userBookState.create({ data: { userId: user.id, microbookId: book.id, isFavourite: true, status: "READ" } });
    await grantPremium(db.prisma, user.id);
    await db.prisma.onboardingAnswers.create({ data: { userId: user.id, goals: ["MONEY"] } });
    await db.prisma.onboardingBookChoice.create({ data: { userId: user.id, microbookId: book.id } });
    await db.prisma.rateLimit.create({ data: { key: `logInPerAccount:${user.email}`, points: 1, expire: new Date(Date.now() + 60_000) } });
    const stranger = await reader();

    const cookies = cookieJar({ token });
    const result = await run(db, DELETE, { password: PASSWORD }, { sessionToken: token, cookies });
    expect(result.data).toEqual({ deleteAccount: { __typename: "AccountDeleted", deleted: true } });
    expect(cookies.jar.token).toBeNull();
    expect(await loadViewer(db.prisma, token)).toBeNull();
    expect(await loadViewer(db.prisma, otherDevice)).toBeNull();
    const where = { userId: user.id };
    expect(await db.prisma.user.findUnique({ where: { id: user.id } })).toBeNull();
    expect(
      await Promise.all([
        db.prisma.session.count({ where }),
        db.prisma.userBookState.count({ where }),
        db.prisma.premiumEntitlement.count({ where }),
        db.prisma.onboardingAnswers.count({ where }),
        db.prisma.onboardingBookChoice.count({ where }),
        db.prisma.rateLimit.count({ where: { key: { contains: user.email } } }),
      ]),
    ).toEqual([0, 0, 0, 0, 0, 0]);
    // The catalogue and other readers are untouched.
    expect(await db.prisma.microbook.count()).toBe(1);
    expect(await loadViewer(db.prisma, stranger.token)).not.toBeNull();
  });

  it("erases the emails written to the reader, sent or waiting, and to an address they were changing to", async () => {
    const { user, token } = await reader();
    const stranger = await reader();
    const mail = (to: string, sentAt: Date | null) =>
      db.prisma.mailOutbox.create({ data: { template: "welcome", to, subject: "Hello", html: "<p>Hello</p>", text: "Hello", sentAt } });
    await mail(user.email, new Date());
    await mail(user.email.toUpperCase(), null);
    await db.prisma.accountToken.create({
      data: {
        tokenHash: "change-token",
        purpose: "EMAIL_CHANGE",
        userId: user.id,
        newEmail: "new-address@example.com",
        expiresAt: new Date(Date.now() + 3_600_000),
      },
    });
    await mail("new-address@example.com", null);
    await mail(stranger.user.email, null);

    const result = await run(db, DELETE, { password: PASSWORD }, { sessionToken: token });
    expect(result.data).toEqual({ deleteAccount: { __typename: "AccountDeleted", deleted: true } });
    expect((await db.prisma.mailOutbox.findMany({ select: { to: true } })).map((m) => m.to)).toEqual([stranger.user.email]);
  });

  it("refuses a wrong password (WRONG_PASSWORD) and an empty one (REQUIRED), and deletes nothing", async () => {
    const { user, token } = await reader();
    const wrong = await run(db, DELETE, { password: "not my password" }, { sessionToken: token });
    expect(wrong.data).toEqual({ deleteAccount: { __typename: "WrongPasswordError", code: "WRONG_PASSWORD" } });
    const empty = await run(db, DELETE, { password: "" }, { sessionToken: token });
    expect(empty.data).toEqual({ deleteAccount: { __typename: "InvalidInputError", code: "INVALID_INPUT" } });
    expect(await db.prisma.user.findUnique({ where: { id: user.id } })).not.toBeNull();
    expect(await loadViewer(db.prisma, token)).not.toBeNull();
  });

  it("stops guessing: after too many wrong passwords even the right one waits (RATE_LIMITED)", async () => {
    const { user, token } = await reader();
    for (let i = 0; i < RATE_LIMITS.confirmPasswordPerAccount.points; i++) {
      await run(db, DELETE, { password: `guess ${i}` }, { sessionToken: token });
    }
    const result = await run(db, DELETE, { password: PASSWORD }, { sessionToken: token });
    expect(result.data).toEqual({ deleteAccount: { __typename: "RateLimitedError", code: "RATE_LIMITED" } });
    expect(await db.prisma.user.findUnique({ where: { id: user.id } })).not.toBeNull();
  });

  it("deletes an account without a password when the reader types its email (any case, spaces around), ending its sessions", async () => {
    const { user, token } = await passwordlessReader();
    const cookies = cookieJar({ token });
    const result = await run(db, DELETE, { email: `  ${user.email.toUpperCase()} ` }, { sessionToken: token, cookies });
    expect(result.data).toEqual({ deleteAccount: { __typename: "AccountDeleted", deleted: true } });
    expect(cookies.jar.token).toBeNull();
    expect(await db.prisma.user.findUnique({ where: { id: user.id } })).toBeNull();
    expect(await db.prisma.socialIdentity.count({ where: { userId: user.id } })).toBe(0);
  });

  it("refuses another address (WRONG_CONFIRMATION_EMAIL), a password, an invalid email or neither, and deletes nothing", async () => {
    const { user, token } = await passwordlessReader();
    const other = await run(db, DELETE, { email: "someone.else@example.com" }, { sessionToken: token });
    expect(other.data).toEqual({ deleteAccount: { __typename: "WrongConfirmationEmailError", code: "WRONG_CONFIRMATION_EMAIL" } });
    const password = await run(db, DELETE, { password: "anything at all" }, { sessionToken: token });
    expect(password.data).toEqual({ deleteAccount: { __typename: "WrongConfirmationEmailError", code: "WRONG_CONFIRMATION_EMAIL" } });
    for (const variables of [{ email: "not an email" }, {}, { email: user.email, password: "both" }]) {
      const invalid = await run(db, DELETE, variables, { sessionToken: token });
      expect(invalid.data).toEqual({ deleteAccount: { __typename: "InvalidInputError", code: "INVALID_INPUT" } });
    }
    expect(await db.prisma.user.findUnique({ where: { id: user.id } })).not.toBeNull();
    expect(await loadViewer(db.prisma, token)).not.toBeNull();
  });

  it("never lets an account with a password confirm with its email (the email is no secret)", async () => {
    const { user, token } = await reader();
    const result = await run(db, DELETE, { email: user.email }, { sessionToken: token });
    expect(result.data).toEqual({ deleteAccount: { __typename: "WrongPasswordError", code: "WRONG_PASSWORD" } });
    expect(await db.prisma.user.findUnique({ where: { id: user.id } })).not.toBeNull();
  });

  it("limits email guesses like password guesses (RATE_LIMITED, even for the right email)", async () => {
    const { user, token } = await passwordlessReader();
    for (let i = 0; i < RATE_LIMITS.confirmPasswordPerAccount.points; i++) {
      await run(db, DELETE, { email: `guess${i}@example.com` }, { sessionToken: token });
    }
    const result = await run(db, DELETE, { email: user.email }, { sessionToken: token });
    expect(result.data).toEqual({ deleteAccount: { __typename: "RateLimitedError", code: "RATE_LIMITED" } });
    expect(await db.prisma.user.findUnique({ where: { id: user.id } })).not.toBeNull();
  });

  it("every table that points to User deletes its rows with the reader (ON DELETE CASCADE)", async () => {
    const rules = await db.prisma.$queryRaw<{ table: string; action: string }[]>`
      SELECT conrelid::regclass::text AS "table", confdeltype::text AS action FROM pg_constraint
      WHERE contype = 'f' AND confrelid = '"User"'::regclass`;
    expect(rules.length).toBeGreaterThanOrEqual(5);
    expect(rules.filter((rule) => rule.action !== "c")).toEqual([]);
  });
});

describe("Viewer.hasPassword", () => {
  it("says whether the signed-in reader's account has a password", async () => {
    const query = "{ viewer { hasPassword } }";
    const withPassword = await reader();
    expect((await run(db, query, {}, { sessionToken: withPassword.token })).data).toEqual({ viewer: { hasPassword: true } });
    const social = await passwordlessReader();
    expect((await run(db, query, {}, { sessionToken: social.token })).data).toEqual({ viewer: { hasPassword: false } });
    expect((await run(db, query, {})).data).toEqual({ viewer: null });
  });
});

describe("auth before validation", () => {
  it("tells a visitor to sign in (UNAUTHENTICATED) before looking at invalid input", async () => {
    const update = await run(db, UPDATE, { kindleEmail: "not an email", name: "" });
    expect(update.errors?.[0]?.extensions?.code).toBe("UNAUTHENTICATED");
    expect(update.data).toBeNull();
    const remove = await run(db, DELETE, { password: "" });
    expect(remove.errors?.[0]?.extensions?.code).toBe("UNAUTHENTICATED");
    const removeByEmail = await run(db, DELETE, { email: "not an email" });
    expect(removeByEmail.errors?.[0]?.extensions?.code).toBe("UNAUTHENTICATED");
    expect(removeByEmail.data).toBeNull();
  });
});
