import { beforeAll, describe, expect, it } from "vitest";
import { buildReader } from "../../test/factories.js";
import { useTestServer } from "../../test/http.js";
import { useWebRenderer } from "../../test/web-build.js";

// /login, /signup and /settings as the server renders them, with the route guards' redirects.
const web = useWebRenderer();
const server = useTestServer({ web, responseCacheNamespace: `auth-pages-${process.pid}`, resetBeforeEach: false });
let token: string;

beforeAll(async () => {
  token = (await buildReader(server.db.prisma, { email: "reader@example.com" })).token;
});

const page = (url: string, headers: Record<string, string> = {}) =>
  server.app.inject({ url, headers: { host: "brevia.test", cookie: "i18n_redirected=pt", ...headers } });
const signedIn = (locale = "pt") => ({ cookie: `i18n_redirected=${locale}; brevia_session=${token}` });

describe("log-in and sign-up pages", () => {
  it("render their forms with visible labels, in each language", async () => {
    const cases = [
      ["/login", "pt", "Entrar", "E-mail", "Senha"],
      ["/en/login", "en", "Log in", "Email", "Password"],
      ["/es/signup", "es", "Crea tu cuenta", "Correo electrónico", "Contraseña"],
    ] as const;
    for (const [url, locale, heading, email, password] of cases) {
      const res = await page(url, { cookie: `i18n_redirected=${locale}` });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toMatch(new RegExp(`<h1 id="(login|signup)-title">${heading}</h1>`));
      expect(res.body).toMatch(new RegExp(`<label for="[^"]+-email">${email}</label>`));
      expect(res.body).toMatch(new RegExp(`<label for="[^"]+-password">${password}</label>`));
      expect(res.body).toContain('method="post"');
      // A visitor's header offers logging in.
      expect(res.body).toContain(`href="${locale === "pt" ? "" : `/${locale}`}/login"`);
    }
  });

  it("send a signed-in reader away (ensureUnauthenticated): 302 to next, or home", async () => {
    const home = await page("/en/login", signedIn("en"));
    expect(home.statusCode).toBe(302);
    expect(home.headers.location).toBe("/en");
    expect(home.headers["cache-control"]).toBe("private, no-store");
    const next = await page("/signup?next=%2Fsettings", signedIn());
    expect(next.statusCode).toBe(302);
    expect(next.headers.location).toBe("/settings");
    const offsite = await page("/login?next=%2F%2Fevil.example", signedIn());
    expect(offsite.headers.location).toBe("/");
  });
});

describe("a page that needs a session (ensureAuthenticated)", () => {
  it("sends a visitor to /login in their language, remembering where they were going", async () => {
    const res = await page("/es/settings?tab=devices", { cookie: "i18n_redirected=es" });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe("/es/login?next=%2Fsettings%3Ftab%3Ddevices");
    expect(res.headers["cache-control"]).toBe("private, no-store");
  });

  it("renders for the signed-in reader, privately, with their sessions and a log-out control", async () => {
    const res = await page("/en/settings", signedIn("en"));
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("private, no-store");
    expect(res.body).toContain("reader@example.com");
    expect(res.body).toContain("Signed-in devices");
    expect(res.body).toContain("Log out");
  });
});
