import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../../test/database.js";
import { cookieJar, run, runField } from "../../test/execute.js";
import { buildReader, buildSession, buildUser } from "../../test/factories.js";
import { linkIn, useTestSmtpServer } from "../../test/smtp.js";
import { deliverDueMail } from "./mail/outbox.js";
import { RATE_LIMITS } from "./rate-limits.js";

const db = useTestDatabase();
const { smtp, transport } = useTestSmtpServer();

const ERRORS = `... on Error { code message } ... on InvalidInputError { issues { path code } } ... on RateLimitedError { retryAfterSeconds }`;
const UPDATE = `mutation ($newEmail: String, $password: String, $confirmation: String, $current: String!) {
  updateProfile(newEmail: $newEmail, password: $password, passwordConfirmation: $confirmation, currentPassword: $current) {
    __typename ... on ProfileUpdated { emailConfirmationSentTo passwordChanged viewer { email } } ${ERRORS}
  }
}`;
const CHANGE = `mutation ($current: String!, $password: String!, $confirmation: String!) {
  changePassword(currentPassword: $current, password: $password, passwordConfirmation: $confirmation) {
    __typename ... on AuthSession { viewer { email } } ${ERRORS}
  }
}`;
const CONFIRM = `mutation ($token: String!) {
  confirmEmailChange(token: $token) { __typename ... on EmailChanged { email } ... on Error { code message } }
}`;
const LOG_IN = `mutation ($email: String!, $password: String!) { logIn(email: $email, password: $password) { __typename } }`;
const VIEWER = `{ viewer { email } }`;

type Answer = {
  __typename: string;
  code?: string;
  message?: string;
  email?: string;
  emailConfirmationSentTo?: string | null;
  passwordChanged?: boolean;
  viewer?: { email: string };
  issues?: { path: string[]; code: string }[];
  retryAfterSeconds?: number;
};
const answer = (source: string, variables: Record<string, unknown>, options: Parameters<typeof run>[3] = {}) =>
  runField<Answer>(db, source, variables, options);
const viewerEmail = async (sessionToken: string) =>
  (await run<{ viewer: { email: string } | null }>(db, VIEWER, {}, { sessionToken })).data!.viewer?.email ?? null;
const logIn = async (email: string, password: string) => (await answer(LOG_IN, { email, password })).__typename;

async function signedInReader(email: string, password = "the current one") {
  const { user, token } = await buildReader(db.prisma, { email, password, interfaceLanguage: "en" });
  return { user, session: token };
}

describe("signed-in mutations check the session before the input", () => {
  it.each([
    ["updateProfile", UPDATE, { newEmail: "not-an-email", current: "" }],
    ["changePassword", CHANGE, { current: "", password: "1", confirmation: "2" }],
  ])("%s: a visitor sending invalid input is told to sign in", async (_field, source, variables) => {
    const result = await run(db, source, variables);
    expect(result.data).toBeNull();
    expect(result.errors?.map((e) => e.extensions?.code)).toEqual(["UNAUTHENTICATED"]);
    expect(await db.prisma.mailOutbox.count()).toBe(0);
  });
});

describe("update profile", () => {
  it("refuses a change without the current password, or with a wrong one, and changes nothing", async () => {
    const { session } = await signedInReader("reader@example.com");
    expect(await answer(UPDATE, { newEmail: "new@example.com", current: "" }, { sessionToken: session })).toMatchObject({
      __typename: "InvalidInputError",
      issues: [{ path: ["currentPassword"], code: "CURRENT_PASSWORD_REQUIRED" }],
    });
    expect(
      await answer(UPDATE, { password: "a new secret here", confirmation: "a new secret here", current: "" }, { sessionToken: session }),
    ).toMatchObject({
      issues: [{ path: ["currentPassword"], code: "CURRENT_PASSWORD_REQUIRED" }],
    });
    expect(await answer(UPDATE, { newEmail: "new@example.com", current: "a wrong guess" }, { sessionToken: session })).toEqual({
      __typename: "WrongPasswordError",
      code: "WRONG_PASSWORD",
      message: "Your current password is not correct.",
    });
    expect(await answer(UPDATE, { newEmail: "", password: "", current: "the current one" }, { sessionToken: session })).toMatchObject({
      issues: [{ path: ["newEmail"], code: "NOTHING_TO_UPDATE" }],
    });
    expect(
      await answer(
        UPDATE,
        { password: "a new secret here", confirmation: "a new secret hare", current: "the current one" },
        { sessionToken: session },
      ),
    ).toMatchObject({ issues: [{ path: ["passwordConfirmation"], code: "PASSWORDS_DIFFERENT" }] });
    expect(await answer(UPDATE, { newEmail: "nope", current: "the current one" }, { sessionToken: session })).toMatchObject({
      issues: [{ path: ["newEmail"], code: "INVALID_EMAIL" }],
    });
    expect(await viewerEmail(session)).toBe("reader@example.com");
    expect(await db.prisma.mailOutbox.count()).toBe(0);
    expect(await logIn("reader@example.com", "the current one")).toBe("AuthSession");
  });

  it("mails a link to the new address; the email changes only when it is followed, once, and the old address is told", async () => {
    const { session } = await signedInReader("old@example.com");
    expect(await answer(UPDATE, { newEmail: "New@Example.com", current: "the current one" }, { sessionToken: session })).toEqual({
      __typename: "ProfileUpdated",
      emailConfirmationSentTo: "new@example.com",
      passwordChanged: false,
      viewer: { email: "old@example.com" },
    });
    expect(await viewerEmail(session)).toBe("old@example.com");
    await deliverDueMail(db.prisma, transport);
    const mail = await smtp.waitFor("new@example.com");
    expect(mail.subject).toBe("Confirm your new Brevia email");
    const { url, token } = linkIn(mail, "/confirm-email");
    expect(url).toBe(`http://localhost:3000/en/confirm-email/${token}`);
    expect(smtp.received.map((m) => m.to)).toEqual(["new@example.com"]);

    // Followed signed out (another browser): it works, once.
    expect(await answer(CONFIRM, { token })).toEqual({ __typename: "EmailChanged", email: "new@example.com" });
    expect(await viewerEmail(session)).toBe("new@example.com");
    expect(await answer(CONFIRM, { token })).toEqual({
      __typename: "EmailChangeFailedError",
      code: "EMAIL_CHANGE_FAILED",
      message: "This link is invalid or has expired.",
    });
    await deliverDueMail(db.prisma, transport);
    const notice = await smtp.waitFor("old@example.com");
    expect(notice.subject).toBe("Your Brevia account's email changed");
    expect(notice.text).toContain("new@example.com");
    expect(await logIn("new@example.com", "the current one")).toBe("AuthSession");
    expect(await logIn("old@example.com", "the current one")).toBe("InvalidCredentialsError");
  });

  it("refuses an address another account uses, and a link after 24 hours or whose address was taken since", async () => {
    const { session } = await signedInReader("first@example.com");
    await buildUser(db.prisma, { email: "taken@example.com" });
    expect((await answer(UPDATE, { newEmail: "taken@example.com", current: "the current one" }, { sessionToken: session })).code).toBe(
      "EMAIL_TAKEN",
    );

    const t0 = new Date();
    await answer(UPDATE, { newEmail: "later@example.com", current: "the current one" }, { sessionToken: session, now: t0 });
    await deliverDueMail(db.prisma, transport);
    const { token } = linkIn(await smtp.waitFor("later@example.com"), "/confirm-email");
    expect((await answer(CONFIRM, { token }, { now: new Date(t0.getTime() + 25 * 3_600_000) })).code).toBe("EMAIL_CHANGE_FAILED");

    smtp.received.length = 0;
    await answer(UPDATE, { newEmail: "race@example.com", current: "the current one" }, { sessionToken: session });
    await deliverDueMail(db.prisma, transport);
    const race = linkIn(await smtp.waitFor("race@example.com"), "/confirm-email");
    await buildUser(db.prisma, { email: "race@example.com" });
    expect((await answer(CONFIRM, { token: race.token })).code).toBe("EMAIL_CHANGE_FAILED");
    expect(await viewerEmail(session)).toBe("first@example.com");
  });

  it("a new password takes effect at once: this session gets a new token, every other one ends", async () => {
    const { user, session } = await signedInReader("rotate@example.com");
    const otherDevice = await buildSession(db.prisma, user.id);
    const cookies = cookieJar();
    expect(
      await answer(
        UPDATE,
        { password: "a new secret here", confirmation: "a new secret here", current: "the current one" },
        { sessionToken: session, cookies },
      ),
    ).toEqual({
      __typename: "ProfileUpdated",
      emailConfirmationSentTo: null,
      passwordChanged: true,
      viewer: { email: "rotate@example.com" },
    });
    expect(cookies.jar.token).toEqual(expect.any(String));
    expect(await viewerEmail(session)).toBeNull();
    expect(await viewerEmail(otherDevice)).toBeNull();
    expect(await viewerEmail(cookies.jar.token!)).toBe("rotate@example.com");
    expect(await db.prisma.session.count()).toBe(1);
    expect(await logIn("rotate@example.com", "a new secret here")).toBe("AuthSession");
  });
});

describe("new password (signed in)", () => {
  it("needs the current password, matching new ones, and rotates the sessions", async () => {
    const { user, session } = await signedInReader("internal@example.com");
    const otherDevice = await buildSession(db.prisma, user.id);
    expect(
      await answer(CHANGE, { current: "", password: "a new secret here", confirmation: "a new secret here" }, { sessionToken: session }),
    ).toMatchObject({
      issues: [{ path: ["currentPassword"], code: "CURRENT_PASSWORD_REQUIRED" }],
    });
    expect(
      await answer(CHANGE, { current: "the current one", password: "a new secret here", confirmation: "other" }, { sessionToken: session }),
    ).toMatchObject({
      issues: [{ path: ["passwordConfirmation"], code: "PASSWORDS_DIFFERENT" }],
    });
    expect(
      (
        await answer(
          CHANGE,
          { current: "wrong", password: "a new secret here", confirmation: "a new secret here" },
          { sessionToken: session },
        )
      ).code,
    ).toBe("WRONG_PASSWORD");
    const cookies = cookieJar();
    expect(
      await answer(
        CHANGE,
        { current: "the current one", password: "a new secret here", confirmation: "a new secret here" },
        { sessionToken: session, cookies },
      ),
    ).toEqual({ __typename: "AuthSession", viewer: { email: "internal@example.com" } });
    expect(await viewerEmail(session)).toBeNull();
    expect(await viewerEmail(otherDevice)).toBeNull();
    expect(await viewerEmail(cookies.jar.token!)).toBe("internal@example.com");
    expect(await logIn("internal@example.com", "the current one")).toBe("InvalidCredentialsError");
    expect(await logIn("internal@example.com", "a new secret here")).toBe("AuthSession");
  });

  it(`limits current-password attempts per account (${RATE_LIMITS.credentialChangePerAccount.points} an hour), with the wait`, async () => {
    const { session } = await signedInReader("guess@example.com");
    for (let i = 0; i < RATE_LIMITS.credentialChangePerAccount.points; i++) {
      const ip = `198.51.100.${i}`;
      expect(
        (
          await answer(
            CHANGE,
            { current: `guess ${i}`, password: "a new secret here", confirmation: "a new secret here" },
            { sessionToken: session, ip },
          )
        ).code,
      ).toBe("WRONG_PASSWORD");
    }
    const blocked = await answer(
      UPDATE,
      { newEmail: "x@example.com", current: "the current one" },
      { sessionToken: session, ip: "192.0.2.1" },
    );
    expect(blocked.code).toBe("RATE_LIMITED");
    expect(blocked.retryAfterSeconds).toBeGreaterThan(RATE_LIMITS.credentialChangePerAccount.duration - 60);
    expect(await db.prisma.mailOutbox.count()).toBe(0);
  });

  it(`limits confirmation emails to new addresses (${RATE_LIMITS.emailChangePerAccount.points} a day)`, async () => {
    const { session } = await signedInReader("mailer@example.com");
    for (let i = 0; i < RATE_LIMITS.emailChangePerAccount.points; i++) {
      expect(
        (await answer(UPDATE, { newEmail: `n${i}@example.com`, current: "the current one" }, { sessionToken: session })).__typename,
      ).toBe("ProfileUpdated");
    }
    expect((await answer(UPDATE, { newEmail: "more@example.com", current: "the current one" }, { sessionToken: session })).code).toBe(
      "RATE_LIMITED",
    );
    expect(await db.prisma.mailOutbox.count()).toBe(RATE_LIMITS.emailChangePerAccount.points);
  });
});
