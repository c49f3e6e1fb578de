import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildReader } from "../test/factories.js";
import { useTestServer } from "../test/http.js";
import { actAtProvider, CookieJar, startTestOidcProvider, type TestOidcProvider } from "../test/oidc-provider.js";
import { useWebRenderer } from "../test/web-build.js";

// Security finding 2 (issue 24, medium): `next` was checked before it was normalised, so a signed-in
// `GET /login?next=%2F.%2F%2Fevil.example` answered `302 location: //evil.example` (also
// `/en//evil.example`, and on /signup), and social login kept such a path to return to.
const PUBLIC_URL = "http://brevia.test";
let oidc: TestOidcProvider;
beforeAll(async () => {
  oidc = await startTestOidcProvider({ redirectOrigin: PUBLIC_URL });
});
afterAll(() => oidc?.close());
const web = useWebRenderer();
const server = useTestServer({
  web,
  env: () => ({ PUBLIC_URL, ...oidc.env }),
  responseCacheNamespace: `open-redirect-${process.pid}`,
  resetBeforeEach: false,
});
const { db } = server;
let token: string;

beforeAll(async () => {
  token = (await buildReader(db.prisma)).token;
});

/** The probe's variants and more: each, normalised, names another site or no page of Brevia's. */
const HOSTILE_NEXT = [
  "/.//evil.example",
  "/en//evil.example",
  "/es/.//evil.example",
  "//evil.example",
  "/%2F%2Fevil.example",
  "/%252F%252Fevil.example",
  "/\\evil.example",
  "\\\\/evil.example",
  "/./\\evil.example",
  "/\t/evil.example",
  "https://evil.example/",
  "javascript:alert(1)",
];

/** Whether a Location header stays on this site (resolved as a browser resolves it). */
const staysOnSite = (location: string) => new URL(location, PUBLIC_URL).origin === PUBLIC_URL && !/^\s*[\\/]{2}/.test(location);

describe("the log-in and sign-up pages' next", () => {
  it("never send a signed-in reader to another site", async () => {
    for (const page of ["/login", "/en/login", "/es/signup", "/signup"]) {
      for (const next of HOSTILE_NEXT) {
        const res = await server.app.inject({
          url: `${page}?next=${encodeURIComponent(next)}`,
          headers: {
            cookie: `i18n_redirected=${page.slice(1, 3) === "en" ? "en" : page.slice(1, 3) === "es" ? "es" : "pt"}; brevia_session=${token}`,
          },
        });
        expect(res.statusCode, `${page} ${next}`).toBe(302);
        expect(staysOnSite(res.headers.location!), `${page}?next=${next} → ${res.headers.location}`).toBe(true);
        expect(res.headers.location, `${page} ${next}`).toMatch(/^\/(en|es)?$/);
      }
    }
  });

  it("still send them on to a page of the site, normalised", async () => {
    const res = await server.app.inject({
      url: `/en/login?next=${encodeURIComponent("/.//settings")}`,
      headers: { cookie: `i18n_redirected=en; brevia_session=${token}` },
    });
    expect(res.headers.location).toBe("/en/settings");
  });
});

describe("social login's return path", () => {
  it("is not kept when it could lead off-site, so the callback lands on the site", async () => {
    for (const next of HOSTILE_NEXT) {
      const start = await server.app.inject({ url: `/auth/google?locale=pt&next=${encodeURIComponent(next)}` });
      expect(start.statusCode, next).toBe(302);
    }
    const attempts = await db.prisma.socialLoginAttempt.findMany({ select: { returnTo: true } });
    expect(attempts).toEqual(HOSTILE_NEXT.map(() => ({ returnTo: null })));

    // The whole flow with the probe's own variant: a new reader ends on the site's onboarding.
    const start = await server.app.inject({ url: `/auth/google?locale=pt&next=${encodeURIComponent("/.//evil.example")}` });
    const attempt = new CookieJar();
    attempt.store(start.headers["set-cookie"]);
    const answer = await actAtProvider(start.headers.location!, { login: "probe.reader@example.com" });
    if (answer.method !== "GET") throw new Error("Google answers by GET");
    const callback = await server.app.inject({ url: answer.url.pathname + answer.url.search, headers: { cookie: attempt.header() } });
    expect(callback.statusCode).toBe(303);
    expect(staysOnSite(callback.headers.location!)).toBe(true);
    expect(callback.headers.location).toBe("/welcome");
  });
});
