import { describe, expect, it } from "vitest";
import { RATE_LIMITS } from "../features/accounts/rate-limits.js";
import { buildUser } from "../test/factories.js";
import { useTestServer } from "../test/http.js";

// Security finding 3 (issue 24, low): ten wrong passwords for an email, from anywhere, locked that
// account for 15 minutes for everyone, its owner's right password included. Now a stranger's
// failures lock the stranger's address; the owner's own browser (a trusted device) and a mailed
// reset link always get in; the refusal says when to retry and nothing about the account.
// The work the server leaves for after a response (the reset mail) is held here and run on demand.
const afterResponse: (() => Promise<void>)[] = [];
const server = useTestServer({ afterResponse: (work) => void afterResponse.push(work) });

const PASSWORD = "the owner's own password";
const LOG_IN = `mutation ($email: String!, $password: String!) {
  logIn(email: $email, password: $password) { __typename ... on RateLimitedError { code message retryAfterSeconds } }
}`;
type LogInAnswer = { __typename: string; code?: string; message?: string; retryAfterSeconds?: number };

function cookieFrom(setCookie: string | string[] | undefined, name: string): string | undefined {
  const all = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  return all.find((c) => c.startsWith(`${name}=`))?.split(";")[0];
}

/** A log-in from an address, optionally with the browser's device cookie; the answer and any new device cookie. */
async function logIn(email: string, password: string, ip: string, deviceCookie?: string) {
  const res = await server.app.inject({
    method: "POST",
    url: "/graphql",
    payload: { query: LOG_IN, variables: { email, password } },
    remoteAddress: ip,
    headers: deviceCookie ? { cookie: deviceCookie } : {},
  });
  const answer = (res.json() as { data: { logIn: LogInAnswer } }).data.logIn;
  return { answer, device: cookieFrom(res.headers["set-cookie"], "brevia_device") };
}

const owner = (email = "owner@example.com") => buildUser(server.db.prisma, { email, password: PASSWORD });

describe("a stranger's failed passwords", () => {
  it("lock the stranger's address, not the owner logging in from anywhere else", async () => {
    await owner();
    // The probe's ten wrong passwords (also this address's limit for this email).
    expect(RATE_LIMITS.logInPerAccountAndIp?.points).toBe(10);
    for (let i = 0; i < 10; i++) {
      expect((await logIn("owner@example.com", `guess ${i}`, "203.0.113.66")).answer.__typename).toBe("InvalidCredentialsError");
    }
    const stranger = (await logIn("owner@example.com", "one more guess", "203.0.113.66")).answer;
    expect(stranger).toMatchObject({ __typename: "RateLimitedError", code: "RATE_LIMITED" });
    expect(stranger.retryAfterSeconds).toBeGreaterThan(0);
    expect(stranger.retryAfterSeconds).toBeLessThanOrEqual(15 * 60);

    // The owner, from their own address, with the right password: in.
    expect((await logIn("owner@example.com", PASSWORD, "198.51.100.7")).answer.__typename).toBe("AuthSession");
  });

  it("do not lock the owner's own browser, even behind the stranger's address", async () => {
    await owner();
    const { device } = await logIn("owner@example.com", PASSWORD, "192.0.2.10");
    expect(device).toMatch(/^brevia_device=[\w-]{43}$/);
    // The stranger shares the owner's address (a café, a carrier's NAT) and spends every limit it has.
    for (let i = 0; i < RATE_LIMITS.logInPerIp.points; i++) await logIn("owner@example.com", `guess ${i}`, "192.0.2.10");
    expect((await logIn("owner@example.com", PASSWORD, "192.0.2.10")).answer.__typename).toBe("RateLimitedError");
    // The owner's browser: in. Its own failures count against it alone, and the right password forgives them.
    for (let i = 0; i < RATE_LIMITS.logInPerTrustedDevice.points - 1; i++) {
      expect((await logIn("owner@example.com", "a typo", "192.0.2.10", device)).answer.__typename).toBe("InvalidCredentialsError");
    }
    expect((await logIn("owner@example.com", PASSWORD, "192.0.2.10", device)).answer.__typename).toBe("AuthSession");
  });

  it("spread over many addresses are bounded; the owner's browser and a mailed link still get in, and the refusal reveals nothing", async () => {
    await owner();
    const { device } = await logIn("owner@example.com", PASSWORD, "192.0.2.10");
    // A guess spread over many addresses (each under its own limits) spends the email's bound…
    const perAddress = RATE_LIMITS.logInPerAccountAndIp.points;
    for (let i = 0; i * perAddress < RATE_LIMITS.logInPerAccount.points; i++) {
      for (let j = 0; j < perAddress; j++) {
        await logIn("owner@example.com", `guess ${i}.${j}`, `198.18.${i}.1`);
        await logIn("nobody@example.com", `guess ${i}.${j}`, `198.18.${i}.2`);
      }
    }
    // …so a browser nobody knows is refused, with when to retry; an email with no account, the same.
    const refused = (await logIn("owner@example.com", PASSWORD, "198.51.100.20")).answer;
    const noAccount = (await logIn("nobody@example.com", PASSWORD, "198.51.100.21")).answer;
    expect(refused).toMatchObject({ __typename: "RateLimitedError", code: "RATE_LIMITED" });
    expect(refused.retryAfterSeconds).toBeGreaterThan(RATE_LIMITS.logInPerAccount.duration - 120);
    // The two answers are a moment apart, so their seconds may differ by one: compare them without.
    const withoutSeconds = (answer: typeof refused) => ({
      ...answer,
      retryAfterSeconds: 0,
      message: String(answer.message).replace(/\d+/g, "N"),
    });
    expect(withoutSeconds(noAccount)).toEqual(withoutSeconds(refused));
    expect(Math.abs(noAccount.retryAfterSeconds! - refused.retryAfterSeconds!)).toBeLessThanOrEqual(2);

    // The owner's usual browser: in.
    expect((await logIn("owner@example.com", PASSWORD, "198.51.100.20", device)).answer.__typename).toBe("AuthSession");

    // A new browser: the mailed reset link, followed there, makes it the owner's; then the log-in works.
    await server.app.inject({
      method: "POST",
      url: "/graphql",
      payload: { query: `mutation { requestPasswordReset(email: "owner@example.com") { __typename } }`, variables: {} },
      remoteAddress: "198.51.100.30",
    });
    const mail = await waitForMail("owner@example.com");
    const token = /\/new-password\/([\w-]+)/.exec(mail)![1]!;
    const reset = await server.app.inject({
      method: "POST",
      url: "/graphql",
      payload: {
        query: `mutation ($token: String!) { resetPassword(token: $token, password: "a new password", passwordConfirmation: "a new password") { __typename } }`,
        variables: { token },
      },
      remoteAddress: "198.51.100.30",
    });
    expect(reset.json()).toEqual({ data: { resetPassword: { __typename: "PasswordResetDone" } } });
    const newBrowser = cookieFrom(reset.headers["set-cookie"], "brevia_device");
    expect(newBrowser).toBeDefined();
    expect((await logIn("owner@example.com", "a new password", "198.51.100.30", newBrowser)).answer.__typename).toBe("AuthSession");
  });

  it("with another reader's device cookie count as a stranger's", async () => {
    await owner();
    await owner("attacker@example.com");
    const { device: attackersOwn } = await logIn("attacker@example.com", PASSWORD, "203.0.113.5");
    for (let i = 0; i < RATE_LIMITS.logInPerAccountAndIp.points; i++)
      await logIn("owner@example.com", `guess ${i}`, "203.0.113.5", attackersOwn);
    expect((await logIn("owner@example.com", PASSWORD, "203.0.113.5", attackersOwn)).answer.__typename).toBe("RateLimitedError");
  });
});

/** The mail to `to`, once the work left after the responses has run. */
async function waitForMail(to: string): Promise<string> {
  for (const work of afterResponse.splice(0)) await work();
  const mail = await server.db.prisma.mailOutbox.findFirst({ where: { to }, select: { text: true } });
  if (!mail) throw new Error(`no mail to ${to}`);
  return mail.text;
}
