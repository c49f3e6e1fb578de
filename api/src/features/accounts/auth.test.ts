import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../../test/database.js";
import { cookieJar, run } from "../../test/execute.js";
import { buildReader, buildSession, buildUser } from "../../test/factories.js";
import { hashSessionToken } from "./viewer.js";

const db = useTestDatabase();

const RESULT = /* GraphQL */ `
  __typename
  ... on AuthSession {
    sessionToken
    viewer {
      email
      interfaceLanguage
    }
  }
  ... on Error {
    code
    message
  }
  ... on InvalidInputError {
    issues {
      path
      code
    }
  }
  ... on RateLimitedError {
    retryAfterSeconds
  }
`;
const SIGN_UP = `mutation ($email: String!, $password: String!, $bearer: Boolean) { signUp(email: $email, password: $password, bearer: $bearer) { ${RESULT} } }`;
const LOG_IN = `mutation ($email: String!, $password: String!, $bearer: Boolean) { logIn(email: $email, password: $password, bearer: $bearer) { ${RESULT} } }`;
const LOG_OUT = `mutation { logOut { ... on SessionsEnded { count signedOut } } }`;
const VIEWER = `{ viewer { email } }`;

type AuthResult = {
  __typename: string;
  sessionToken?: string | null;
  viewer?: { email: string; interfaceLanguage: string };
  code?: string;
  message?: string;
  issues?: { path: string[]; code: string }[];
  retryAfterSeconds?: number;
};

async function signUp(variables: { email: string; password: string; bearer?: boolean }, options: Parameters<typeof run>[3] = {}) {
  const result = await run<{ signUp: AuthResult }>(db, SIGN_UP, variables, options);
  expect(result.errors).toBeUndefined();
  return result.data!.signUp;
}
async function logIn(variables: { email: string; password: string; bearer?: boolean }, options: Parameters<typeof run>[3] = {}) {
  const result = await run<{ logIn: AuthResult }>(db, LOG_IN, variables, options);
  expect(result.errors).toBeUndefined();
  return result.data!.logIn;
}
const readerWithPassword = (email: string, password: string) => buildUser(db.prisma, { email, password });

describe("signUp", () => {
  it("creates the account, stores an argon2id hash and signs the reader in with a cookie", async () => {
    const cookies = cookieJar();
    const result = await signUp({ email: "  Ada@Example.com ", password: "lovelace-1815" }, { cookies, acceptLanguage: "es" });
    expect(result).toMatchObject({
      __typename: "AuthSession",
      sessionToken: null,
      viewer: { email: "ada@example.com", interfaceLanguage: "es" },
    });
    const user = await db.prisma.user.findUniqueOrThrow({ where: { email: "ada@example.com" } });
    expect(user.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(user.passwordHash).not.toContain("lovelace");
    expect(user.contentLanguage).toBe("es");
    // The cookie's token opens a session; only its hash is stored.
    expect(cookies.jar.token).toMatch(/^[\w-]{43}$/);
    const session = await db.prisma.session.findUniqueOrThrow({ where: { tokenHash: hashSessionToken(cookies.jar.token!) } });
    expect(session.userId).toBe(user.id);
    expect((await run<{ viewer: { email: string } }>(db, VIEWER, {}, { sessionToken: cookies.jar.token! })).data?.viewer?.email).toBe(
      "ada@example.com",
    );
  });

  it("refuses an invalid email: Please enter a valid email address (INVALID_EMAIL)", async () => {
    for (const email of ["", "ada", "ada@", "@example.com", "ada example@x.com", `${"a".repeat(250)}@example.com`]) {
      const result = await signUp({ email, password: "lovelace-1815" });
      expect(result.__typename, email).toBe("InvalidInputError");
      expect(result.issues).toEqual([{ path: ["email"], code: "INVALID_EMAIL" }]);
    }
    expect(await db.prisma.user.count()).toBe(0);
  });

  it("refuses a password under 6 characters (TOO_SHORT), over 256 (TOO_LONG) and common ones (COMMON_PASSWORD)", async () => {
    const cases: [string, string][] = [
      ["abc12", "TOO_SHORT"],
      ["x".repeat(257), "TOO_LONG"],
      ["123456", "COMMON_PASSWORD"],
      ["password", "COMMON_PASSWORD"],
      ["Qwerty123", "COMMON_PASSWORD"],
    ];
    for (const [password, code] of cases) {
      const result = await signUp({ email: "ada@example.com", password });
      expect(result.issues, password).toEqual([{ path: ["password"], code }]);
    }
    expect(await db.prisma.user.count()).toBe(0);
    expect((await signUp({ email: "ada@example.com", password: "abc1x9" })).__typename).toBe("AuthSession");
  });

  it("refuses an email already used, in any case (EMAIL_TAKEN), and changes nothing", async () => {
    const existing = await readerWithPassword("grace@example.com", "hopper-1906");
    const result = await signUp({ email: "GRACE@example.COM", password: "another-pass" });
    expect(result).toMatchObject({ __typename: "EmailTakenError", code: "EMAIL_TAKEN" });
    expect(await db.prisma.user.count()).toBe(1);
    expect((await db.prisma.user.findUniqueOrThrow({ where: { id: existing.id } })).passwordHash).toMatch(/^\$argon2id/);
    expect(await db.prisma.session.count()).toBe(0);
  });

  it("gives a bearer client the token instead of a cookie", async () => {
    const cookies = cookieJar();
    const result = await signUp({ email: "app@example.com", password: "mobile-app-1", bearer: true }, { cookies });
    expect(result.sessionToken).toMatch(/^[\w-]{43}$/);
    expect(cookies.jar.token).toBeUndefined();
    expect((await run<{ viewer: { email: string } }>(db, VIEWER, {}, { sessionToken: result.sessionToken! })).data?.viewer?.email).toBe(
      "app@example.com",
    );
  });
});

describe("logIn", () => {
  it("signs in with the right password, whatever the email's case, with a new session each time (rotation)", async () => {
    const user = await readerWithPassword("ada@example.com", "lovelace-1815");
    const first = cookieJar();
    expect((await logIn({ email: "ADA@example.com", password: "lovelace-1815" }, { cookies: first })).__typename).toBe("AuthSession");
    const second = cookieJar();
    // The browser presents its old (for instance expired) token: it is ended, a new one issued.
    await db.prisma.session.updateMany({ where: { userId: user.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    await logIn({ email: "ada@example.com", password: "lovelace-1815" }, { cookies: second, sessionToken: first.jar.token! });
    expect(second.jar.token).toBeTruthy();
    expect(second.jar.token).not.toBe(first.jar.token);
    const sessions = await db.prisma.session.findMany({ where: { userId: user.id } });
    expect(sessions.map((s) => s.tokenHash)).toEqual([hashSessionToken(second.jar.token!)]);
  });

  it("answers a wrong password and an unknown email alike: Please enter a valid email and password", async () => {
    await readerWithPassword("ada@example.com", "lovelace-1815");
    const passwordless = await buildUser(db.prisma, { email: "social@example.com" });
    const wrong = await logIn({ email: "ada@example.com", password: "lovelace-1816" });
    const unknown = await logIn({ email: "nobody@example.com", password: "lovelace-1815" });
    const noPassword = await logIn({ email: passwordless.email, password: "" });
    const tooLong = await logIn({ email: "ada@example.com", password: "x".repeat(10_000) });
    for (const result of [wrong, unknown, noPassword, tooLong]) {
      expect(result).toEqual({
        __typename: "InvalidCredentialsError",
        code: "INVALID_CREDENTIALS",
        message: "Please enter a valid email and password",
      });
    }
    expect(await db.prisma.session.count()).toBe(0);
  });

  it("refuses an invalid email: Please enter a valid email address", async () => {
    const result = await logIn({ email: "not-an-email", password: "whatever" });
    expect(result.issues).toEqual([{ path: ["email"], code: "INVALID_EMAIL" }]);
  });

  it("upgrades a hash made with weaker settings", async () => {
    const user = await readerWithPassword("old@example.com", "old-hash-pass");
    const argon2 = (await import("argon2")).default;
    const weak = await argon2.hash("old-hash-pass", { type: argon2.argon2id, memoryCost: 4096, timeCost: 1, parallelism: 1 });
    await db.prisma.user.update({ where: { id: user.id }, data: { passwordHash: weak } });
    expect((await logIn({ email: "old@example.com", password: "old-hash-pass" })).__typename).toBe("AuthSession");
    expect((await db.prisma.user.findUniqueOrThrow({ where: { id: user.id } })).passwordHash).toMatch(/m=19456,t=2,p=1/);
  });
});

describe("logOut", () => {
  it("ends this session only and clears the cookie", async () => {
    const { user, token } = await buildReader(db.prisma);
    const other = await buildSession(db.prisma, user.id);
    const cookies = cookieJar({ token });
    const result = await run<{ logOut: unknown }>(db, LOG_OUT, {}, { sessionToken: token, cookies });
    expect(result.data?.logOut).toEqual({ count: 1, signedOut: true });
    expect(cookies.jar.token).toBeNull();
    expect((await run<{ viewer: unknown }>(db, VIEWER, {}, { sessionToken: token })).data?.viewer).toBeNull();
    expect((await run<{ viewer: unknown }>(db, VIEWER, {}, { sessionToken: other })).data?.viewer).not.toBeNull();
  });
});

describe("auth before validation", () => {
  it("tells a signed-in reader they are signed in before looking at signUp's or logIn's input", async () => {
    const { token } = await buildReader(db.prisma);
    for (const mutation of [SIGN_UP, LOG_IN]) {
      const result = await run(db, mutation, { email: "not an email", password: "1" }, { sessionToken: token });
      expect(result.errors?.map((e) => e.extensions?.code)).toEqual(["ALREADY_SIGNED_IN"]);
    }
    expect(await db.prisma.user.count()).toBe(1);
    expect(await db.prisma.rateLimit.count()).toBe(0);
  });

  it("tells a visitor to sign in before looking at logOut's or the session mutations' input", async () => {
    const cases = [
      [LOG_OUT, {}],
      [`mutation ($id: ID!) { revokeSession(id: $id) { __typename } }`, { id: "not-a-global-id" }],
      [`mutation { revokeAllSessions(includeCurrent: true) { __typename } }`, {}],
    ] as const;
    for (const [mutation, variables] of cases) {
      const result = await run(db, mutation, variables);
      expect(
        result.errors?.map((e) => e.extensions?.code),
        mutation,
      ).toEqual(["UNAUTHENTICATED"]);
    }
  });
});
