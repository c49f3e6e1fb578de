import { describe, expect, it } from "vitest";
import { graphqlGetUrl, startTestServer, useTestServer } from "../../test/http.js";
import { buildMicrobook, buildReader } from "../../test/factories.js";

// The real HTTP server (production settings): cookies, bearer tokens and the visitors' response cache.
const server = useTestServer();

async function post(query: string, variables: object = {}, headers: Record<string, string> = {}) {
  const res = await server.app.inject({ method: "POST", url: "/graphql", payload: { query, variables }, headers });
  return { res, json: res.json() as { data?: Record<string, Record<string, unknown> | boolean | null>; errors?: unknown[] } };
}
const SIGN_UP = `mutation ($email: String!, $password: String!, $bearer: Boolean) {
  signUp(email: $email, password: $password, bearer: $bearer) { __typename ... on AuthSession { sessionToken viewer { email } } }
}`;
const VIEWER = "query Who { viewer { email } }";

function sessionCookie(setCookie: string | string[] | undefined): string {
  const all = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  const cookie = all.find((c) => c.startsWith("brevia_session="));
  if (!cookie) throw new Error(`no session cookie in ${JSON.stringify(all)}`);
  return cookie;
}

describe("the session cookie", () => {
  it("is HTTP-only, Secure in production, SameSite=Lax, for the whole site, and signs the browser in", async () => {
    const { res, json } = await post(SIGN_UP, { email: "ada@example.com", password: "lovelace-1815" });
    expect(json.data?.signUp).toMatchObject({ __typename: "AuthSession", sessionToken: null });
    const cookie = sessionCookie(res.headers["set-cookie"]);
    expect(cookie).toMatch(/^brevia_session=[\w-]{43};/);
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; Secure/);
    expect(cookie).toMatch(/; SameSite=Lax/);
    expect(cookie).toMatch(/; Path=\//);
    const expires = Date.parse(/Expires=([^;]+)/.exec(cookie)![1]!);
    expect(expires - Date.now()).toBeGreaterThan(59 * 86_400_000);
    expect(res.headers["cache-control"]).toBe("private, no-store");

    const pair = cookie.split(";")[0]!;
    const who = await post(VIEWER, {}, { cookie: pair });
    expect(who.json.data).toEqual({ viewer: { email: "ada@example.com" } });

    const out = await post("mutation { logOut { __typename } }", {}, { cookie: pair });
    expect(out.json.data).toEqual({ logOut: { __typename: "SessionsEnded" } });
    expect(sessionCookie(out.res.headers["set-cookie"])).toMatch(/^brevia_session=;.*Expires=Thu, 01 Jan 1970/);
    expect((await post(VIEWER, {}, { cookie: pair })).json.data).toEqual({ viewer: null });
  });
});

describe("bearer sessions (the mobile app)", () => {
  it("signs up with bearer: true, gets the token and no cookie, and is signed in with Authorization: Bearer", async () => {
    const { res, json } = await post(SIGN_UP, { email: "app@example.com", password: "mobile-app-1", bearer: true });
    const token = (json.data?.signUp as { sessionToken: string }).sessionToken;
    expect(token).toMatch(/^[\w-]{43}$/);
    expect(res.headers["set-cookie"]).toBeUndefined();
    const who = await post(VIEWER, {}, { authorization: `Bearer ${token}` });
    expect(who.json.data).toEqual({ viewer: { email: "app@example.com" } });
    expect((await post(VIEWER, {}, { authorization: "Bearer not-a-real-token-at-all" })).json.data).toEqual({ viewer: null });
    expect((await post("mutation { logOut { __typename } }", {}, { authorization: `Bearer ${token}` })).json.data).toEqual({
      logOut: { __typename: "SessionsEnded" },
    });
    expect((await post(VIEWER, {}, { authorization: `Bearer ${token}` })).json.data).toEqual({ viewer: null });
  });
});

describe("the visitors' response cache", () => {
  it("never answers a signed-in request (cookie or bearer) with a visitor's cached answer", async () => {
    await buildMicrobook(server.db.prisma, { slug: "walden" });
    const { token } = await buildReader(server.db.prisma, { email: "reader@example.com" });
    const url = graphqlGetUrl({ query: VIEWER, operationName: "Who" });
    const get = (headers: Record<string, string> = {}) =>
      server.app.inject({ method: "GET", url, headers: { "apollo-require-preflight": "true", ...headers } });

    const visitor = await get();
    expect(visitor.json()).toEqual({ data: { viewer: null } });
    expect(visitor.headers["cache-control"]).toMatch(/^public/);
    expect((await get()).headers.age).toBeDefined(); // the second visitor's answer is a cache hit

    const ways: Record<string, string>[] = [{ cookie: `brevia_session=${token}` }, { authorization: `Bearer ${token}` }];
    for (const headers of ways) {
      const signedIn = await get(headers);
      expect(signedIn.json()).toEqual({ data: { viewer: { email: "reader@example.com" } } });
      expect(signedIn.headers["cache-control"]).toBe("private, no-store");
      expect(signedIn.headers.age).toBeUndefined();
      expect(String(signedIn.headers.vary)).toMatch(/cookie, authorization/);
    }
  });
});

describe("the address per-IP limits count", () => {
  const signUpsFrom = async (app: typeof server.app, count: number) => {
    const codes: string[] = [];
    for (let i = 0; i < count; i++) {
      const res = await app.inject({
        method: "POST",
        url: "/graphql",
        payload: {
          query: `mutation ($email: String!) { signUp(email: $email, password: "lovelace-1815") { __typename ... on Error { code } } }`,
          variables: { email: `reader${i}@example.com` },
        },
        // A different client address each time, as a client trying to dodge the limit would claim.
        headers: { "x-forwarded-for": `203.0.113.${i + 1}` },
      });
      const signUp = (res.json() as { data: { signUp: { __typename: string; code?: string } } }).data.signUp;
      codes.push(signUp.code ?? signUp.__typename);
    }
    return codes;
  };

  it("is the connection's, whatever X-Forwarded-For says, unless TRUST_PROXY names the proxy", async () => {
    // 10 sign-ups an hour per address: the 11th is refused, the forwarded addresses notwithstanding.
    expect((await signUpsFrom(server.app, 11)).at(-1)).toBe("RATE_LIMITED");

    await server.db.reset();
    const behindProxy = await startTestServer(server.db, { env: { TRUST_PROXY: "loopback" } });
    try {
      expect(await signUpsFrom(behindProxy.app, 11)).toEqual(Array(11).fill("AuthSession"));
    } finally {
      await behindProxy.app.close();
    }
  });
});
