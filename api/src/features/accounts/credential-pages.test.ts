import { beforeAll, describe, expect, it } from "vitest";
import { buildReader } from "../../test/factories.js";
import { useTestServer } from "../../test/http.js";
import { useWebRenderer } from "../../test/web-build.js";

// The email and password pages as the server renders them, with their guards.
const web = useWebRenderer();
const server = useTestServer({ web, responseCacheNamespace: `credential-pages-${process.pid}`, resetBeforeEach: false });
let token: string;
let passwordlessToken: string;

beforeAll(async () => {
  token = (await buildReader(server.db.prisma, { email: "reader@example.com", password: "a quiet reading hour" })).token;
  // Made by social login: no password to confirm anything with.
  passwordlessToken = (await buildReader(server.db.prisma, { email: "social@example.com" })).token;
});

const page = (url: string, locale = "pt", session?: string) =>
  server.app.inject({
    url,
    headers: { host: "brevia.test", cookie: `i18n_redirected=${locale}${session ? `; brevia_session=${session}` : ""}` },
  });
const LINK_TOKEN = "AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcde";

describe("pages that work signed out", () => {
  it.each([
    ["/forgot-password", "pt", "Esqueceu sua senha? · Brevia", "forgot-title", ["E-mail"]],
    ["/en/forgot-password", "en", "Forgot your password? · Brevia", "forgot-title", ["Email"]],
    [`/new-password/${LINK_TOKEN}`, "pt", "Escolha uma nova senha · Brevia", "new-password-title", ["Nova senha", "Confirme a nova senha"]],
    [
      `/en/new-password/${LINK_TOKEN}`,
      "en",
      "Choose a new password · Brevia",
      "new-password-title",
      ["New password", "Confirm new password"],
    ],
    [
      `/es/create-password/${LINK_TOKEN}`,
      "es",
      "Crea tu contraseña · Brevia",
      "create-password-title",
      ["Nueva contraseña", "Confirma la nueva contraseña"],
    ],
    [`/es/confirm-email/${LINK_TOKEN}`, "es", "Confirma tu nuevo correo electrónico · Brevia", "confirm-email-title", []],
  ] as const)("%s renders with its own title, description and labels", async (url, locale, title, headingId, labels) => {
    const res = await page(url, locale);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`<title>${title}</title>`);
    expect(res.body).toMatch(/<meta name="description" content="[^"]{20,}"/);
    expect(res.body).not.toContain('content="Brevia: the key ideas');
    expect(res.body).toContain(`<h1 id="${headingId}">`);
    for (const label of labels) expect(res.body).toMatch(new RegExp(`<label for="[^"]+">${label}</label>`));
  });

  it("never keeps a link's page (its token is in the path) in a shared cache", async () => {
    for (const url of [`/new-password/${LINK_TOKEN}`, `/create-password/${LINK_TOKEN}`, `/confirm-email/${LINK_TOKEN}`]) {
      const res = await page(url);
      expect(res.headers["cache-control"], url).toBe("private, no-store");
      expect(res.headers["x-cache"], url).toBeUndefined();
    }
    expect((await page("/forgot-password")).headers["cache-control"]).toBe("public, no-cache");
  });
});

describe("pages that need a session", () => {
  it.each([
    ["/update-profile", "pt", "/login?next=%2Fupdate-profile"],
    ["/en/new-password-internal", "en", "/en/login?next=%2Fnew-password-internal"],
  ])("%s sends a visitor to log in and back", async (url, locale, location) => {
    const res = await page(url, locale);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(location);
  });

  it("renders /update-profile for the reader: their email, the four fields, save and the forgot-password link", async () => {
    const res = await page("/en/update-profile", "en", token);
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("private, no-store");
    expect(res.body).toContain("<title>Email and password · Brevia</title>");
    expect(res.body).toContain("<strong>reader@example.com</strong>");
    for (const label of ["New email", "New password", "Confirm new password", "Current password"]) {
      expect(res.body).toMatch(new RegExp(`<label for="[^"]+">${label}</label>`));
    }
    expect(res.body).toMatch(/<button class="button" type="submit"[^>]*>Save<\/button>/);
    expect(res.body).toContain('href="/en/forgot-password"');
  });

  it("renders /new-password-internal in Spanish for the reader", async () => {
    const res = await page("/es/new-password-internal", "es", token);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain("<title>Cambiar tu contraseña · Brevia</title>");
    expect(res.body).toMatch(/<label for="[^"]+">Contraseña actual<\/label>/);
  });

  it.each([
    ["/en/update-profile", "en", "Your account has no password yet", 'href="/en/forgot-password"'],
    ["/new-password-internal", "pt", "Sua conta ainda não tem senha", 'href="/forgot-password"'],
  ])("%s tells a reader without a password how to get one instead of asking for it", async (url, locale, heading, link) => {
    const res = await page(url, locale, passwordlessToken);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(heading);
    expect(res.body).toContain(link);
    expect(res.body).not.toMatch(/<label for="[^"]+">(Current password|Senha atual)<\/label>/);
    expect(res.body).not.toContain('type="submit"');
  });
});
