import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../../test/database.js";
import { run } from "../../test/execute.js";
import { buildUser } from "../../test/factories.js";
import { createRateLimits, RATE_LIMITS } from "./rate-limits.js";

const db = useTestDatabase();

const LOG_IN = `mutation ($email: String!, $password: String!) {
  logIn(email: $email, password: $password) { __typename ... on RateLimitedError { code message retryAfterSeconds } }
}`;
const SIGN_UP = `mutation ($email: String!, $password: String!) {
  signUp(email: $email, password: $password) { __typename ... on RateLimitedError { code retryAfterSeconds } }
}`;
type Answer = { __typename: string; code?: string; retryAfterSeconds?: number };
const logIn = async (email: string, password: string, ip: string) =>
  (await run<{ logIn: Answer }>(db, LOG_IN, { email, password }, { ip })).data!.logIn;
const signUp = async (email: string, ip: string) =>
  (await run<{ signUp: Answer }>(db, SIGN_UP, { email, password: "a-fine-password" }, { ip })).data!.signUp;

describe("log-in limits", () => {
  it(`blocks an account after ${RATE_LIMITS.logInPerAccount.points} attempts, from any address, with the wait`, async () => {
    await buildUser(db.prisma, { email: "target@example.com", password: "the-right-one" });
    for (let i = 0; i < RATE_LIMITS.logInPerAccount.points; i++) {
      expect((await logIn("target@example.com", `guess-${i}`, `198.51.100.${i}`)).__typename).toBe("InvalidCredentialsError");
    }
    // Even the right password, from a new address, waits now; the email's case changes nothing.
    const blocked = await logIn("TARGET@example.com", "the-right-one", "192.0.2.200");
    expect(blocked.code).toBe("RATE_LIMITED");
    expect(blocked.retryAfterSeconds).toBeGreaterThan(RATE_LIMITS.logInPerAccount.duration - 60);
    expect(blocked.retryAfterSeconds).toBeLessThanOrEqual(RATE_LIMITS.logInPerAccount.duration);
    expect(await db.prisma.session.count()).toBe(0);
    // Another account is not affected.
    expect((await logIn("someone-else@example.com", "x", "192.0.2.201")).__typename).toBe("InvalidCredentialsError");
  });

  it("forgives an account's failed attempts from an address when it signs in there", async () => {
    await buildUser(db.prisma, { email: "forgetful@example.com", password: "the-right-one" });
    for (let i = 0; i < RATE_LIMITS.logInPerAccountAndIp.points - 1; i++) await logIn("forgetful@example.com", "wrong", "192.0.2.1");
    expect((await logIn("forgetful@example.com", "the-right-one", "192.0.2.1")).__typename).toBe("AuthSession");
    for (let i = 0; i < RATE_LIMITS.logInPerAccountAndIp.points - 1; i++) {
      expect((await logIn("forgetful@example.com", "wrong", "192.0.2.1")).__typename).toBe("InvalidCredentialsError");
    }
  });

  it(`blocks an address after ${RATE_LIMITS.logInPerIp.points} attempts on any accounts`, async () => {
    for (let i = 0; i < RATE_LIMITS.logInPerIp.points; i++) {
      expect((await logIn(`user${i}@example.com`, "x", "203.0.113.9")).__typename).toBe("InvalidCredentialsError");
    }
    expect((await logIn("fresh@example.com", "x", "203.0.113.9")).code).toBe("RATE_LIMITED");
    expect((await logIn("fresh@example.com", "x", "203.0.113.10")).__typename).toBe("InvalidCredentialsError");
  });
});

describe("sign-up limits", () => {
  it(`blocks an address after ${RATE_LIMITS.signUpPerIp.points} sign-ups an hour`, async () => {
    for (let i = 0; i < RATE_LIMITS.signUpPerIp.points; i++)
      expect((await signUp(`new${i}@example.com`, "203.0.113.50")).__typename).toBe("AuthSession");
    const blocked = await signUp("one-more@example.com", "203.0.113.50");
    expect(blocked.code).toBe("RATE_LIMITED");
    expect(blocked.retryAfterSeconds).toBeGreaterThan(3500);
    expect(await db.prisma.user.count()).toBe(RATE_LIMITS.signUpPerIp.points);
  });

  it(`blocks one email after ${RATE_LIMITS.signUpPerAccount.points} attempts from any addresses`, async () => {
    for (let i = 0; i < RATE_LIMITS.signUpPerAccount.points; i++) await signUp("same@example.com", `198.51.100.${i}`);
    expect((await signUp("same@example.com", "198.51.100.99")).code).toBe("RATE_LIMITED");
  });
});

describe("the counters", () => {
  it("are shared by every limiter instance on the database (as by several servers), and exact under concurrency", async () => {
    const a = createRateLimits(db.prisma);
    const b = createRateLimits(db.prisma);
    const results = await Promise.allSettled(
      Array.from({ length: 16 }, (_, i) => (i % 2 ? a : b).consume(["logInPerTrustedDevice", "shared-device"])),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(RATE_LIMITS.logInPerTrustedDevice.points);
    const row = await db.prisma.rateLimit.findUniqueOrThrow({ where: { key: "logInPerTrustedDevice:shared-device" } });
    expect(row.points).toBe(16);
  });

  it("expired windows are cleared", async () => {
    await db.prisma.rateLimit.create({ data: { key: "logInPerIp:old", points: 3, expire: new Date(Date.now() - 2 * 3_600_000) } });
    await db.prisma.rateLimit.create({ data: { key: "logInPerIp:new", points: 3, expire: new Date(Date.now() + 60_000) } });
    expect(await createRateLimits(db.prisma).clearExpired()).toBe(1);
    expect((await db.prisma.rateLimit.findMany()).map((r) => r.key)).toEqual(["logInPerIp:new"]);
  });
});
