import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BASE_URL, cspViolations, launchBrowser, openContext } from "./browser";

// The app runs with its Google and Apple social login pointed at a local OpenID provider
// (api/src/test/oidc-provider.ts; scripts/e2e-app.mjs starts it and gives the app its OAUTH_* vars).
// Its development login form takes any login: the email of the account; "unverified…" ones are not verified.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
}, 120_000);
afterAll(() => browser?.close());

/** At the provider: its login form (any password), then its consent page. */
async function logInAtProvider(page: Page, login: string) {
  await page.waitForURL((url) => url.origin !== BASE_URL, { waitUntil: "domcontentloaded" });
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill("any password");
  await page.getByRole("button", { name: "Sign-in" }).click();
  await page.getByRole("button", { name: "Continue" }).click();
}

const pathOf = (page: Page) => new URL(page.url()).pathname + new URL(page.url()).search;

describe("social login", () => {
  it(
    "pt (/): a new reader continues with Google from a page that needs a session, and lands in onboarding signed in",
    { timeout: 90_000 },
    async () => {
      // The buttons are in the server-rendered page (no JavaScript needed to see or follow them).
      const html = await (await fetch(`${BASE_URL}/login`, { headers: { cookie: "i18n_redirected=pt" } })).text();
      expect(html).toContain('href="/auth/google?locale=pt"');
      expect(html).toContain("Continuar com a Apple");

      const context = await openContext(browser, { locale: "pt-BR" });
      const page = await context.newPage();
      const email = `ana.souza-${Date.now()}@example.com`;

      await page.goto(`${BASE_URL}/settings`);
      expect(pathOf(page)).toBe("/login?next=%2Fsettings");
      await page.waitForLoadState("networkidle");
      expect(await page.getByRole("link", { name: /Facebook/ }).count()).toBe(0);
      const google = page.getByRole("link", { name: "Continuar com o Google" });
      await google.focus();
      await page.keyboard.press("Enter");
      await logInAtProvider(page, email);

      await page.waitForURL((url) => url.origin === BASE_URL, { waitUntil: "commit" });
      expect(pathOf(page)).toBe("/welcome?next=%2Fsettings");
      const session = (await context.cookies()).find((c) => c.name === "brevia_session");
      expect(session).toMatchObject({ httpOnly: true, sameSite: "Lax" });

      await page.goto(`${BASE_URL}/settings`);
      await expect.poll(() => page.locator(".account-menu__email").textContent()).toBe(email);
      expect(await cspViolations(context), "Content-Security-Policy violations").toEqual([]);
      await context.close();
    },
  );

  it("en (/en): Apple answers with a form post; the returning reader goes back where they were going", { timeout: 90_000 }, async () => {
    const context = await openContext(browser, { locale: "en-US" });
    const page = await context.newPage();
    const email = `ada.byron-${Date.now()}@example.com`;

    await page.goto(`${BASE_URL}/en/login`);
    await page.waitForLoadState("networkidle");
    await page.getByRole("link", { name: "Continue with Apple" }).click();
    await logInAtProvider(page, email);
    await page.waitForURL((url) => url.origin === BASE_URL && url.pathname !== "/auth/apple/callback", { waitUntil: "commit" });
    expect(pathOf(page)).toBe("/en/welcome");

    // A second sign-in, on a new browser (no session), from a page that needs one.
    await context.clearCookies({ name: "brevia_session" });
    await page.goto(`${BASE_URL}/en/settings`);
    expect(pathOf(page)).toBe("/en/login?next=%2Fsettings");
    await page.waitForLoadState("networkidle");
    await page.getByRole("link", { name: "Continue with Apple" }).click();
    // The provider remembers the reader (its own session) and asks nothing more, or asks again.
    await page.waitForURL((url) => url.origin === BASE_URL || /\/interaction\//.test(url.pathname), { waitUntil: "domcontentloaded" });
    if (new URL(page.url()).origin !== BASE_URL) {
      const login = page.locator('input[name="login"]');
      if (await login.count()) await logInAtProvider(page, email);
      else await page.getByRole("button", { name: "Continue" }).click();
    }
    await page.waitForURL(/\/en\/settings$/, { waitUntil: "commit" });
    await expect.poll(() => page.locator("h1").textContent()).toBe("Settings");
    await expect.poll(() => page.locator(".account-menu__email").textContent()).toBe(email);
    expect(await cspViolations(context), "Content-Security-Policy violations").toEqual([]);
    await context.close();
  });

  it("es (/es): an unverified email never takes over an existing account, and the reader is told why", { timeout: 90_000 }, async () => {
    const email = `unverified.eva-${Date.now()}@example.com`;
    // The account exists already (signed up with a password).
    const signUp = await fetch(`${BASE_URL}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json", "apollo-require-preflight": "true" },
      body: JSON.stringify({
        query: 'mutation ($email: String!) { signUp(email: $email, password: "a long enough password") { __typename } }',
        variables: { email },
      }),
    });
    expect(await signUp.json()).toEqual({ data: { signUp: { __typename: "AuthSession" } } });

    const context = await openContext(browser, { locale: "es-ES" });
    const page = await context.newPage();
    await page.goto(`${BASE_URL}/es/login`);
    await page.waitForLoadState("networkidle");
    await page.getByRole("link", { name: "Continuar con Google" }).click();
    await logInAtProvider(page, email);
    await page.waitForURL((url) => url.origin === BASE_URL, { waitUntil: "commit" });
    expect(new URL(page.url()).pathname).toBe("/es/login");
    const alert = page.locator(".social-login__error");
    await expect
      .poll(() => alert.textContent())
      .toBe(
        "Google no ha verificado tu dirección de correo electrónico, así que no se puede vincular a tu cuenta de Brevia. Inicia sesión con tu correo y contraseña.",
      );
    await expect.poll(() => page.evaluate(`document.activeElement?.getAttribute("role")`)).toBe("alert");
    expect((await context.cookies()).find((c) => c.name === "brevia_session")).toBeUndefined();
    expect(await page.content()).not.toMatch(/at \S+\.(ts|js):\d+/);
    expect(await cspViolations(context), "Content-Security-Policy violations").toEqual([]);
    await context.close();
  });
});
