import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../../test/database.js";
import { cookieJar, run, runField } from "../../test/execute.js";
import { buildSession, buildUser } from "../../test/factories.js";
import { linkIn, useTestSmtpServer } from "../../test/smtp.js";
import { sendCreatePasswordLink } from "./create-password.js";
import { deliverDueMail } from "./mail/outbox.js";
import { RATE_LIMITS } from "./rate-limits.js";

const db = useTestDatabase();
const { smtp, transport } = useTestSmtpServer();

const ERRORS = `... on Error { code message } ... on InvalidInputError { issues { path code } } ... on RateLimitedError { retryAfterSeconds }`;
const REQUEST = `mutation ($email: String!) { requestPasswordReset(email: $email) { __typename ... on PasswordResetRequested { email } ${ERRORS} } }`;
const RESET = `mutation ($token: String!, $password: String!, $confirmation: String!) {
  resetPassword(token: $token, password: $password, passwordConfirmation: $confirmation) { __typename ... on PasswordResetDone { signedIn } ${ERRORS} }
}`;
const CREATE = `mutation ($token: String!, $password: String!, $confirmation: String!) {
  createPassword(token: $token, password: $password, passwordConfirmation: $confirmation) { __typename ... on AuthSession { viewer { email } } ${ERRORS} }
}`;
const LOG_IN = `mutation ($email: String!, $password: String!) { logIn(email: $email, password: $password) { __typename } }`;
const SIGN_UP = `mutation ($email: String!, $password: String!) { signUp(email: $email, password: $password) { __typename } }`;

type Answer = {
  __typename: string;
  code?: string;
  message?: string;
  email?: string;
  signedIn?: boolean;
  viewer?: { email: string };
  issues?: { path: string[]; code: string }[];
  retryAfterSeconds?: number;
};
const answer = (source: string, variables: Record<string, unknown>, options: Parameters<typeof run>[3] = {}) =>
  runField<Answer>(db, source, variables, options);
const requestReset = (email: string, options: Parameters<typeof run>[3] = {}) => answer(REQUEST, { email }, options);
const reset = (token: string, password: string, confirmation = password, options: Parameters<typeof run>[3] = {}) =>
  answer(RESET, { token, password, confirmation }, options);
const logIn = async (email: string, password: string) => (await answer(LOG_IN, { email, password })).__typename;

const readerWithPassword = (email: string, password: string, interfaceLanguage: "pt" | "en" | "es" = "en") =>
  buildUser(db.prisma, { email, password, interfaceLanguage });

/** Delivers the outbox to the test SMTP server and reads the link of the mail to `to`. */
async function mailedLink(to: string, path: string, subject?: RegExp) {
  await deliverDueMail(db.prisma, transport);
  return linkIn(await smtp.waitFor(to, subject), path);
}

describe("forgot password", () => {
  it("answers the same for an unknown email, mails a reset link to a known one (in its language), and the link sets a new password once", async () => {
    const reader = await readerWithPassword("reader@example.com", "the old password", "pt");
    const sessionA = await buildSession(db.prisma, reader.id);
    const sessionB = await buildSession(db.prisma, reader.id);

    expect(await requestReset("nobody@example.com")).toEqual({ __typename: "PasswordResetRequested", email: "nobody@example.com" });
    expect(await db.prisma.mailOutbox.count()).toBe(0);
    expect(await requestReset("Reader@Example.com ")).toEqual({ __typename: "PasswordResetRequested", email: "reader@example.com" });

    expect(await deliverDueMail(db.prisma, transport)).toEqual({ delivered: 1, failed: 0 });
    const mail = await smtp.waitFor("reader@example.com");
    expect(mail.subject).toBe("Redefina sua senha da Brevia");
    expect(mail.from).toContain("no-reply@brevia.test");
    const { url, token } = linkIn(mail, "/new-password");
    expect(url).toBe(`http://localhost:3000/new-password/${token}`);
    // Stored hashed: the token itself is nowhere in the database.
    const stored = await db.prisma.accountToken.findMany();
    expect(stored).toHaveLength(1);
    expect(JSON.stringify(stored)).not.toContain(token);

    expect(await reset(token, "a brand new secret", "a brand new typo")).toMatchObject({
      __typename: "InvalidInputError",
      issues: [{ path: ["passwordConfirmation"], code: "PASSWORDS_DIFFERENT" }],
    });
    expect(await reset(token, "12345")).toMatchObject({ issues: [{ path: ["password"], code: "TOO_SHORT" }] });
    expect(await reset(token, "a brand new secret")).toEqual({ __typename: "PasswordResetDone", signedIn: false });

    expect(await logIn("reader@example.com", "the old password")).toBe("InvalidCredentialsError");
    expect(await logIn("reader@example.com", "a brand new secret")).toBe("AuthSession");
    // Every session the account had was ended (the log-in above made the one left).
    const sessions = await db.prisma.session.findMany({ select: { id: true } });
    expect(sessions).toHaveLength(1);
    for (const token of [sessionA, sessionB])
      expect((await run(db, `{ viewer { id } }`, {}, { sessionToken: token })).data).toEqual({ viewer: null });

    // Single use.
    expect(await reset(token, "yet another secret")).toEqual({
      __typename: "PasswordResetFailedError",
      code: "PASSWORD_RESET_FAILED",
      message: "An error ocurred while reseting your password.",
    });
    expect(await logIn("reader@example.com", "a brand new secret")).toBe("AuthSession");
  });

  it("refuses a link after 1 hour, an unknown token and a link replaced by a newer request", async () => {
    await readerWithPassword("late@example.com", "the old password");
    const t0 = new Date();
    await requestReset("late@example.com", { now: t0 });
    const first = await mailedLink("late@example.com", "/new-password");
    expect((await reset(first.token, "a brand new secret", undefined, { now: new Date(t0.getTime() + 61 * 60_000) })).code).toBe(
      "PASSWORD_RESET_FAILED",
    );
    expect((await reset("x".repeat(43), "a brand new secret")).code).toBe("PASSWORD_RESET_FAILED");

    smtp.received.length = 0;
    await requestReset("late@example.com");
    const second = await mailedLink("late@example.com", "/new-password");
    expect(second.token).not.toBe(first.token);
    smtp.received.length = 0;
    await requestReset("late@example.com");
    const third = await mailedLink("late@example.com", "/new-password");
    expect(third.token).not.toBe(second.token);
    // Only the newest link works.
    expect((await reset(second.token, "a brand new secret")).code).toBe("PASSWORD_RESET_FAILED");
    expect((await reset(third.token, "a brand new secret")).__typename).toBe("PasswordResetDone");
    expect(await logIn("late@example.com", "the old password")).toBe("InvalidCredentialsError");
  });

  it("a signed-in reader who resets their password keeps this session with a new token; the others end", async () => {
    const reader = await readerWithPassword("signed@example.com", "the old password");
    const current = await buildSession(db.prisma, reader.id);
    const other = await buildSession(db.prisma, reader.id);
    await requestReset("signed@example.com", { sessionToken: current });
    const { token } = await mailedLink("signed@example.com", "/new-password");
    const cookies = cookieJar();
    expect(await reset(token, "a brand new secret", undefined, { sessionToken: current, cookies })).toEqual({
      __typename: "PasswordResetDone",
      signedIn: true,
    });
    expect(cookies.jar.token).toEqual(expect.any(String));
    expect(cookies.jar.token).not.toBe(current);
    for (const old of [current, other])
      expect((await run(db, `{ viewer { id } }`, {}, { sessionToken: old })).data).toEqual({ viewer: null });
    expect((await run(db, `{ viewer { email } }`, {}, { sessionToken: cookies.jar.token! })).data).toEqual({
      viewer: { email: "signed@example.com" },
    });
  });

  it("ends the account's social sign-ins whose email no provider verified (the link proves the address), keeps verified ones", async () => {
    const reader = await readerWithPassword("owner@example.com", "the old password");
    const identity = (provider: "FACEBOOK" | "GOOGLE", emailVerified: boolean) => ({
      provider,
      subject: `${provider}-subject`,
      userId: reader.id,
      email: "owner@example.com",
      emailVerified,
    });
    await db.prisma.socialIdentity.createMany({ data: [identity("FACEBOOK", false), identity("GOOGLE", true)] });
    await requestReset("owner@example.com");
    const { token } = await mailedLink("owner@example.com", "/new-password");
    expect((await reset(token, "a brand new secret")).__typename).toBe("PasswordResetDone");
    const left = await db.prisma.socialIdentity.findMany({ where: { userId: reader.id }, select: { provider: true } });
    expect(left).toEqual([{ provider: "GOOGLE" }]);
  });

  it("tells an invalid email with its code", async () => {
    expect(await requestReset("not-an-email")).toMatchObject({
      __typename: "InvalidInputError",
      issues: [{ path: ["email"], code: "INVALID_EMAIL" }],
    });
  });

  it(`limits requests per account (${RATE_LIMITS.passwordResetPerAccount.points} an hour) and per IP, with the wait`, async () => {
    await readerWithPassword("often@example.com", "the old password");
    for (let i = 0; i < RATE_LIMITS.passwordResetPerAccount.points; i++) {
      expect((await requestReset("often@example.com", { ip: `198.51.100.${i}` })).__typename).toBe("PasswordResetRequested");
    }
    const blocked = await requestReset("OFTEN@example.com", { ip: "192.0.2.9" });
    expect(blocked.code).toBe("RATE_LIMITED");
    expect(blocked.retryAfterSeconds).toBeGreaterThan(RATE_LIMITS.passwordResetPerAccount.duration - 60);
    expect(await db.prisma.mailOutbox.count()).toBe(RATE_LIMITS.passwordResetPerAccount.points);

    for (let i = 0; i < RATE_LIMITS.passwordResetPerIp.points; i++) {
      expect((await requestReset(`someone${i}@example.com`, { ip: "203.0.113.50" })).__typename).toBe("PasswordResetRequested");
    }
    expect((await requestReset("fresh@example.com", { ip: "203.0.113.50" })).code).toBe("RATE_LIMITED");
    expect((await reset("x".repeat(43), "a brand new secret", undefined, { ip: "203.0.113.50" })).code).toBe("RATE_LIMITED");
    expect((await requestReset("fresh@example.com", { ip: "203.0.113.51" })).__typename).toBe("PasswordResetRequested");
  });
});

describe("create password (accounts made by a purchase or a voucher)", () => {
  it("mails a /create-password link that sets the first password once and signs the reader in", async () => {
    // What commerce does: an account with no password, then the link.
    const buyer = await buildUser(db.prisma, { email: "buyer@example.com" });
    await db.prisma.user.update({ where: { id: buyer.id }, data: { interfaceLanguage: "es" } });
    await sendCreatePasswordLink(db.prisma, { userId: buyer.id, origin: "https://brevia.example" });
    await deliverDueMail(db.prisma, transport);
    const mail = await smtp.waitFor("buyer@example.com");
    expect(mail.subject).toBe("Crea tu contraseña de Brevia");
    const { url, token } = linkIn(mail, "/create-password");
    expect(url).toBe(`https://brevia.example/es/create-password/${token}`);

    expect(await answer(CREATE, { token, password: "my first secret", confirmation: "my first secrets" })).toMatchObject({
      issues: [{ path: ["passwordConfirmation"], code: "PASSWORDS_DIFFERENT" }],
    });
    const cookies = cookieJar();
    expect(await answer(CREATE, { token, password: "my first secret", confirmation: "my first secret" }, { cookies })).toEqual({
      __typename: "AuthSession",
      viewer: { email: "buyer@example.com" },
    });
    expect(cookies.jar.token).toEqual(expect.any(String));
    expect((await answer(CREATE, { token, password: "my second secret", confirmation: "my second secret" })).code).toBe(
      "PASSWORD_RESET_FAILED",
    );
    expect(await logIn("buyer@example.com", "my first secret")).toBe("AuthSession");
    // An account that has a password gets a reset instead.
    await expect(sendCreatePasswordLink(db.prisma, { userId: buyer.id, origin: "https://brevia.example" })).rejects.toThrow(
      /already has a password/,
    );
  });
});

describe("mail delivery", () => {
  it("sends the welcome email at sign-up in the interface language, after the account exists", async () => {
    expect(
      (await answer(SIGN_UP, { email: "new@example.com", password: "a quiet reading hour" }, { acceptLanguage: "es" })).__typename,
    ).toBe("AuthSession");
    expect((await answer(SIGN_UP, { email: "new@example.com", password: "a quiet reading hour" })).__typename).toBe("EmailTakenError");
    expect(await db.prisma.mailOutbox.count()).toBe(1);
    await deliverDueMail(db.prisma, transport);
    const mail = await smtp.waitFor("new@example.com");
    expect(mail.subject).toBe("Te damos la bienvenida a Brevia");
    expect(mail.text).toContain("http://localhost:3000/es");
    expect(mail.html).toContain('lang="es"');
  });

  it("retries when the SMTP server refuses, with backoff, and the reader's request had succeeded anyway", async () => {
    await readerWithPassword("retry@example.com", "the old password");
    expect((await requestReset("retry@example.com")).__typename).toBe("PasswordResetRequested");
    smtp.failNext(1);
    const t0 = new Date();
    expect(await deliverDueMail(db.prisma, transport, { now: () => t0 })).toEqual({ delivered: 0, failed: 1 });
    const queued = await db.prisma.mailOutbox.findFirstOrThrow();
    expect(queued).toMatchObject({ attempts: 1, sentAt: null, failedAt: null });
    expect(queued.lastError).toMatch(/451/);
    expect(queued.nextAttemptAt.getTime()).toBe(t0.getTime() + 30_000);
    // Not due yet: nothing is sent.
    expect(await deliverDueMail(db.prisma, transport, { now: () => new Date(t0.getTime() + 10_000) })).toEqual({ delivered: 0, failed: 0 });
    expect(await deliverDueMail(db.prisma, transport, { now: () => new Date(t0.getTime() + 31_000) })).toEqual({ delivered: 1, failed: 0 });
    expect((await smtp.waitFor("retry@example.com")).subject).toBe("Reset your Brevia password");
    expect(await db.prisma.mailOutbox.findFirstOrThrow()).toMatchObject({ attempts: 2, deliveredBy: "smtp", lastError: null });
    // Delivered once: a later run sends nothing.
    expect(await deliverDueMail(db.prisma, transport, { now: () => new Date(t0.getTime() + 3_600_000) })).toEqual({
      delivered: 0,
      failed: 0,
    });
  });
});
