import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildReader, buildUser } from "../../../test/factories.js";
import { useTestServer } from "../../../test/http.js";
import { actAtProvider, CookieJar, startTestOidcProvider, type TestOidcProvider } from "../../../test/oidc-provider.js";
import { hashSessionToken } from "../viewer.js";
import { SOCIAL_ATTEMPT_COOKIE } from "./social.route.js";

// The real HTTP server (production settings) against a real OpenID provider on loopback, the reader
// played over HTTP with a cookie jar at the provider.
const PUBLIC_URL = "http://brevia.test";
let oidc: TestOidcProvider;
beforeAll(async () => {
  oidc = await startTestOidcProvider({ redirectOrigin: PUBLIC_URL });
});
afterAll(() => oidc?.close());
const server = useTestServer({ env: () => ({ ...oidc.env, ...oidc.facebookEnv, PUBLIC_URL }) });
const { db } = server;

type Outcome = {
  status: number;
  location: URL;
  sessionToken: string | undefined;
  /** The language this browser is told to remember (the i18n_redirected cookie), if any. */
  localeCookie: string | undefined;
  providerUrl: URL;
  form?: Record<string, string>;
};

/** A social sign-in from the app's button to the app's answer to the provider's callback. */
async function signIn(
  provider: "google" | "apple" | "facebook",
  login: string,
  options: { next?: string; locale?: string; cancel?: boolean; sessionToken?: string; jar?: CookieJar } = {},
): Promise<Outcome> {
  const query = new URLSearchParams({ ...(options.next ? { next: options.next } : {}), locale: options.locale ?? "en" });
  const start = await server.app.inject({ method: "GET", url: `/auth/${provider}?${query}` });
  expect(start.statusCode, start.headers.location).toBe(302);
  const attempt = new CookieJar();
  attempt.store(start.headers["set-cookie"]);
  const providerUrl = new URL(start.headers.location!);
  const answer = await actAtProvider(providerUrl.href, { login, cancel: options.cancel, jar: options.jar });
  expect(answer.url.origin).toBe(PUBLIC_URL);
  const cookie = [attempt.header(), options.sessionToken ? `brevia_session=${options.sessionToken}` : ""].filter(Boolean).join("; ");
  const callback =
    answer.method === "GET"
      ? await server.app.inject({ method: "GET", url: answer.url.pathname + answer.url.search, headers: { cookie } })
      : await server.app.inject({
          method: "POST",
          url: answer.url.pathname,
          payload: new URLSearchParams(answer.form).toString(),
          headers: { cookie, "content-type": "application/x-www-form-urlencoded" },
        });
  const jar = new CookieJar();
  jar.store(callback.headers["set-cookie"]);
  return {
    status: callback.statusCode,
    location: new URL(callback.headers.location!, PUBLIC_URL),
    sessionToken: jar.get("brevia_session"),
    localeCookie: jar.get("i18n_redirected"),
    providerUrl,
    form: answer.method === "POST" ? answer.form : undefined,
  };
}

async function viewerOf(token: string | undefined) {
  const res = await server.app.inject({
    method: "POST",
    url: "/graphql",
    payload: { query: "{ viewer { email name surname } }" },
    headers: { cookie: `brevia_session=${token}` },
  });
  return (res.json() as { data: { viewer: { email: string; name: string; surname: string } | null } }).data.viewer;
}

const identities = () => db.prisma.socialIdentity.findMany({ select: { provider: true, subject: true, userId: true, email: true } });

describe("social login with a Google-like provider (code + PKCE + nonce, query response)", () => {
  it("asks with state, nonce and an S256 PKCE challenge, creates the account of a new reader and sends them to onboarding", async () => {
    const outcome = await signIn("google", "ada.lovelace@example.com", { next: "/en/microbook/walden?x=1" });
    const asked = outcome.providerUrl.searchParams;
    expect(asked.get("response_type")).toBe("code");
    expect(asked.get("code_challenge_method")).toBe("S256");
    expect(asked.get("code_challenge")).toMatch(/^[\w-]{43}$/);
    expect(asked.get("state")).toMatch(/^[\w-]{20,}$/);
    expect(asked.get("nonce")).toMatch(/^[\w-]{20,}$/);
    expect(asked.get("redirect_uri")).toBe(`${PUBLIC_URL}/auth/google/callback`);
    expect(asked.get("response_mode")).toBeNull();

    expect(outcome.status).toBe(303);
    expect(outcome.location.pathname + outcome.location.search).toBe(`/en/welcome?next=${encodeURIComponent("/microbook/walden?x=1")}`);
    expect(await viewerOf(outcome.sessionToken)).toEqual({ email: "ada.lovelace@example.com", name: "Ada", surname: "Lovelace" });
    const [identity] = await identities();
    expect(identity).toMatchObject({ provider: "GOOGLE", subject: "ada.lovelace@example.com", email: "ada.lovelace@example.com" });
    const user = await db.prisma.user.findUniqueOrThrow({ where: { id: identity!.userId } });
    expect(user).toMatchObject({ passwordHash: null, interfaceLanguage: "en", contentLanguage: "en" });
    // Welcomed like a password sign-up, in the reader's language.
    const mails = await db.prisma.mailOutbox.findMany({ select: { template: true, to: true, subject: true } });
    expect(mails).toEqual([expect.objectContaining({ template: "welcome", to: "ada.lovelace@example.com" })]);
    // The attempt is used up.
    expect(await db.prisma.socialLoginAttempt.count()).toBe(0);
  });

  it("signs a returning reader in with a new session (the one they held ends) and sends them where they were going, in their account's language", async () => {
    const first = await signIn("google", "grace.hopper@example.com");
    expect(first.localeCookie).toBe("en");
    // Started from a Spanish page, on a browser that remembers Spanish: the account speaks English.
    const again = await signIn("google", "grace.hopper@example.com", { next: "/settings", locale: "es", sessionToken: first.sessionToken });
    expect(again.location.pathname).toBe("/en/settings");
    expect(again.localeCookie).toBe("en");
    expect(again.sessionToken).toBeDefined();
    expect(again.sessionToken).not.toBe(first.sessionToken);
    expect(await db.prisma.session.count({ where: { tokenHash: hashSessionToken(first.sessionToken!) } })).toBe(0);
    expect(await viewerOf(again.sessionToken)).toMatchObject({ email: "grace.hopper@example.com" });
    expect(await db.prisma.user.count()).toBe(1);
    expect(await identities()).toHaveLength(1);
  });

  it("applies the interface language saved on the account: a reader who chose Spanish signs in from a Portuguese page", async () => {
    const reader = await buildUser(db.prisma, { email: "rosalind.franklin@example.com" });
    await db.prisma.user.update({ where: { id: reader.id }, data: { interfaceLanguage: "es" } });
    const outcome = await signIn("google", "rosalind.franklin@example.com", { next: "/microbook/walden", locale: "pt" });
    expect(outcome.location.pathname).toBe("/es/microbook/walden");
    // Remembered for a year, readable by the web app (not HTTP-only), like the language switcher's.
    expect(outcome.localeCookie).toBe("es");
  });

  it("links an existing account when the provider verified its email, keeping the reader's own name", async () => {
    const reader = await buildUser(db.prisma, { email: "Linus.Pauling@example.com".toLowerCase() });
    const outcome = await signIn("google", "linus.pauling@example.com", { next: "/settings", locale: "pt" });
    expect(outcome.location.pathname).toBe("/settings");
    expect(await viewerOf(outcome.sessionToken)).toMatchObject({ email: "linus.pauling@example.com", name: reader.name });
    expect(await identities()).toEqual([expect.objectContaining({ provider: "GOOGLE", userId: reader.id })]);
  });

  it("never takes over an existing account with an unverified email: back to /login with a code, nothing linked, no session", async () => {
    const { token } = await buildReader(db.prisma, { email: "unverified.mallory@example.com" });
    const outcome = await signIn("google", "unverified.mallory@example.com", { next: "/settings" });
    expect(outcome.status).toBe(303);
    expect(outcome.location.pathname).toBe("/en/login");
    expect(Object.fromEntries(outcome.location.searchParams)).toEqual({
      next: "/settings",
      social_error: "EMAIL_NOT_VERIFIED",
      provider: "google",
    });
    expect(outcome.sessionToken).toBeUndefined();
    expect(await identities()).toEqual([]);
    expect(await db.prisma.session.count()).toBe(1);
    expect(await viewerOf(token)).toMatchObject({ email: "unverified.mallory@example.com" });
  });

  it("creates a new account for an unverified email no account uses", async () => {
    const outcome = await signIn("google", "unverified.new@example.com");
    expect(outcome.location.pathname).toBe("/en/welcome");
    expect(await viewerOf(outcome.sessionToken)).toMatchObject({ email: "unverified.new@example.com" });
  });

  it("lands on /login with CANCELLED when the reader cancels at the provider", async () => {
    const outcome = await signIn("google", "ada@example.com", { cancel: true, next: "/settings", locale: "es" });
    expect(outcome.location.pathname).toBe("/es/login");
    expect(outcome.location.searchParams.get("social_error")).toBe("CANCELLED");
    expect(outcome.location.searchParams.get("next")).toBe("/settings");
    expect(outcome.sessionToken).toBeUndefined();
    expect(await db.prisma.user.count()).toBe(0);
  });
});

describe("the callback refuses answers this browser did not ask for", () => {
  async function answerFor(login: string) {
    const start = await server.app.inject({ method: "GET", url: "/auth/google?locale=en" });
    const attempt = new CookieJar();
    attempt.store(start.headers["set-cookie"]);
    const answer = await actAtProvider(start.headers.location!, { login });
    return { attemptCookie: attempt.header(), callbackPath: answer.url.pathname + answer.url.search, url: answer.url };
  }
  const refusal = (res: { statusCode: number; headers: Record<string, unknown>; body: string }) => {
    expect(res.statusCode).toBe(303);
    expect(res.body).not.toMatch(/at .*\.ts|Error/);
    const location = new URL(res.headers.location as string, PUBLIC_URL);
    return { path: location.pathname, code: location.searchParams.get("social_error"), setCookie: String(res.headers["set-cookie"]) };
  };

  it("without the attempt cookie (login CSRF), with another state, or a second time (replay)", async () => {
    const { attemptCookie, callbackPath, url } = await answerFor("eve@example.com");

    const noCookie = refusal(await server.app.inject({ method: "GET", url: callbackPath }));
    expect(noCookie).toMatchObject({ path: "/login", code: "STATE_MISMATCH" });
    expect(noCookie.setCookie).not.toContain("brevia_session=");

    const forged = new URL(url);
    forged.searchParams.set("state", "another-state-entirely");
    const otherState = refusal(
      await server.app.inject({ method: "GET", url: forged.pathname + forged.search, headers: { cookie: attemptCookie } }),
    );
    expect(otherState).toMatchObject({ path: "/en/login", code: "STATE_MISMATCH" });

    // The attempt was used up by the forged answer: the genuine one cannot be replayed after it either.
    const replay = refusal(await server.app.inject({ method: "GET", url: callbackPath, headers: { cookie: attemptCookie } }));
    expect(replay.code).toBe("STATE_MISMATCH");
    expect(await db.prisma.user.count()).toBe(0);
  });

  it("an expired attempt", async () => {
    const { attemptCookie, callbackPath } = await answerFor("late@example.com");
    await db.prisma.socialLoginAttempt.updateMany({ data: { expiresAt: new Date(Date.now() - 1000) } });
    expect(refusal(await server.app.inject({ method: "GET", url: callbackPath, headers: { cookie: attemptCookie } })).code).toBe(
      "STATE_MISMATCH",
    );
  });

  it("a provider's error answer", async () => {
    const start = await server.app.inject({ method: "GET", url: "/auth/google?locale=pt" });
    const state = new URL(start.headers.location!).searchParams.get("state")!;
    const attempt = new CookieJar();
    attempt.store(start.headers["set-cookie"]);
    const res = await server.app.inject({
      method: "GET",
      url: `/auth/google/callback?error=server_error&state=${state}`,
      headers: { cookie: attempt.header() },
    });
    expect(refusal(res)).toMatchObject({ path: "/login", code: "PROVIDER_ERROR" });
  });
});

describe("social login with an Apple-like provider (response_mode=form_post, the name posted once)", () => {
  it("asks for a form_post answer, reads the name posted the first time, and signs in again without it", async () => {
    const jar = new CookieJar();
    const first = await signIn("apple", "ada.byron@example.com", { next: "/settings", jar });
    expect(first.providerUrl.searchParams.get("response_mode")).toBe("form_post");
    expect(first.form?.user).toBeDefined();
    expect(first.location.pathname + first.location.search).toBe("/en/welcome?next=%2Fsettings");
    expect(await viewerOf(first.sessionToken)).toEqual({ email: "ada.byron@example.com", name: "Ada", surname: "Byron" });

    const again = await signIn("apple", "ada.byron@example.com", { next: "/settings", jar });
    expect(again.form?.user).toBeUndefined();
    expect(again.location.pathname).toBe("/en/settings");
    expect(await viewerOf(again.sessionToken)).toEqual({ email: "ada.byron@example.com", name: "Ada", surname: "Byron" });
    expect(await identities()).toEqual([expect.objectContaining({ provider: "APPLE", subject: "ada.byron@example.com" })]);
  });

  it("sets the attempt cookie SameSite=None; Secure, so it comes with Apple's cross-site POST", async () => {
    const start = await server.app.inject({ method: "GET", url: "/auth/apple" });
    const cookie = String(start.headers["set-cookie"]);
    expect(cookie).toMatch(new RegExp(`^${SOCIAL_ATTEMPT_COOKIE}=[\\w-]{43};`));
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; Secure/);
    expect(cookie).toMatch(/; SameSite=None/);
    expect(cookie).toMatch(/; Path=\/auth\//);
  });
});

describe("social login with a Facebook-like provider (plain OAuth 2: code + PKCE + state, profile from an endpoint)", () => {
  it("creates an account from the profile endpoint, asks with no nonce, and never links an existing account (no verified email)", async () => {
    const outcome = await signIn("facebook", "mark.lee@example.com");
    expect(outcome.providerUrl.searchParams.get("code_challenge_method")).toBe("S256");
    expect(outcome.providerUrl.searchParams.get("nonce")).toBeNull();
    expect(outcome.location.pathname).toBe("/en/welcome");
    expect(await viewerOf(outcome.sessionToken)).toEqual({ email: "mark.lee@example.com", name: "Mark", surname: "Lee" });
    expect(await identities()).toEqual([expect.objectContaining({ provider: "FACEBOOK", subject: "mark.lee@example.com" })]);
    // The same reader again: found by the linked identity.
    expect((await signIn("facebook", "mark.lee@example.com", { next: "/settings" })).location.pathname).toBe("/en/settings");

    await buildUser(db.prisma, { email: "rosa.parks@example.com" });
    const refused = await signIn("facebook", "rosa.parks@example.com");
    expect(refused.location.pathname).toBe("/en/login");
    expect(refused.location.searchParams.get("social_error")).toBe("EMAIL_NOT_VERIFIED");
    expect(refused.location.searchParams.get("provider")).toBe("facebook");
  });
});

describe("no pre-account hijacking: an account made from an unverified email is never linked by email", () => {
  it("refuses to link the email's verified owner into an account someone made with Facebook and their address", async () => {
    // Someone signs up through Facebook with an address that is not theirs (Facebook vouches for nothing).
    const squatter = await signIn("facebook", "victim.owner@example.com");
    expect(squatter.location.pathname).toBe("/en/welcome");
    const [squatted] = await identities();
    expect(await db.prisma.socialIdentity.findFirstOrThrow({ select: { emailVerified: true } })).toEqual({ emailVerified: false });

    // The address's owner later signs in with Google, which verified it: refused, nothing linked, no session.
    const owner = await signIn("google", "victim.owner@example.com", { next: "/settings" });
    expect(owner.location.pathname).toBe("/en/login");
    expect(owner.location.searchParams.get("social_error")).toBe("ACCOUNT_EMAIL_UNPROVEN");
    expect(owner.location.searchParams.get("provider")).toBe("google");
    expect(owner.sessionToken).toBeUndefined();
    expect(await identities()).toEqual([squatted]);
    expect(await db.prisma.session.count({ where: { userId: squatted!.userId } })).toBe(1);
  });

  it("links a verified identity into an account made from a verified one, and records what each provider vouched for", async () => {
    const first = await signIn("google", "ines.verified@example.com");
    expect(first.location.pathname).toBe("/en/welcome");
    const second = await signIn("apple", "ines.verified@example.com", { next: "/settings" });
    expect(second.location.pathname).toBe("/en/settings");
    const rows = await db.prisma.socialIdentity.findMany({ select: { provider: true, userId: true, emailVerified: true } });
    const userId = rows[0]!.userId;
    expect(rows).toHaveLength(2);
    expect(rows).toEqual(
      expect.arrayContaining([
        { provider: "APPLE", userId, emailVerified: true },
        { provider: "GOOGLE", userId, emailVerified: true },
      ]),
    );
    expect(await db.prisma.user.count()).toBe(1);
  });

  it("links into an account with a password (set at sign-up or through a mailed link) even when it also has an unverified identity", async () => {
    await signIn("facebook", "pat.password@example.com");
    await db.prisma.user.update({
      where: { email: "pat.password@example.com" },
      data: { passwordHash: "argon2-hash-set-through-a-mailed-link" },
    });
    const outcome = await signIn("google", "pat.password@example.com", { next: "/settings" });
    expect(outcome.location.pathname).toBe("/en/settings");
    expect(new Set((await identities()).map((identity) => identity.userId)).size).toBe(1);
    expect(await identities()).toHaveLength(2);
  });
});

describe("the start of a social sign-in", () => {
  it("keeps only same-site paths as where to go next", async () => {
    for (const next of ["//evil.example/x", "https://evil.example/", "/\\evil.example", "javascript:alert(1)"]) {
      await server.app.inject({ method: "GET", url: `/auth/google?next=${encodeURIComponent(next)}` });
    }
    const attempts = await db.prisma.socialLoginAttempt.findMany({ select: { returnTo: true } });
    expect(attempts).toEqual(Array(4).fill({ returnTo: null }));
  });

  it("answers 404 for a provider that is not configured, and lists the configured ones", async () => {
    expect((await server.app.inject({ method: "GET", url: "/auth/twitter" })).statusCode).toBe(404);
    const res = await server.app.inject({ method: "POST", url: "/graphql", payload: { query: "{ socialLoginProviders }" } });
    expect(res.json()).toEqual({ data: { socialLoginProviders: ["APPLE", "GOOGLE", "FACEBOOK"] } });
  });

  it("is rate-limited like log-in, per IP: the reader lands on /login with how long to wait", async () => {
    for (let i = 0; i < 30; i++) {
      const res = await server.app.inject({ method: "GET", url: "/auth/google", remoteAddress: "203.0.113.9" });
      expect(res.statusCode).toBe(302);
    }
    const blocked = await server.app.inject({ method: "GET", url: "/auth/google?locale=es&next=/settings", remoteAddress: "203.0.113.9" });
    expect(blocked.statusCode).toBe(303);
    const location = new URL(blocked.headers.location!, PUBLIC_URL);
    expect(location.pathname).toBe("/es/login");
    expect(location.searchParams.get("social_error")).toBe("RATE_LIMITED");
    expect(Number(location.searchParams.get("retry_after"))).toBeGreaterThan(0);
    expect((await server.app.inject({ method: "GET", url: "/auth/google", remoteAddress: "203.0.113.10" })).statusCode).toBe(302);
  });
});
