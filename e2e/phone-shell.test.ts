// The phone's shell (390 × 844) and the laptop's header (1280 × 800), in pt, en and es: the bottom bar
// takes a visitor to search and log-in and a reader to the library and settings; the header's search
// and account menus open and close with the keyboard, Escape closes them and the focus returns to
// their button. (That /library shows the library page is the library issue's; here its link is checked.)
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOCALES, type Locale } from "@brevia/routes";
import { BASE_URL, cspViolations, launchBrowser, openContext, waitForApp } from "./browser";

const PREFIX: Record<Locale, string> = { pt: "", en: "/en", es: "/es" };
const BROWSER_LOCALE: Record<Locale, string> = { pt: "pt-BR", en: "en-US", es: "es-ES" };
const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1280, height: 800 };

/** The words the journeys look for, in each language (the app's catalogues). */
const WORDS = {
  en: {
    main: "Main",
    account: "Account",
    search: "Search",
    closeSearch: "Close",
    discover: "Discover",
    logIn: "Log in",
    signUp: "Sign up",
    library: "Library",
    settings: "Settings",
    logOut: "Log out",
    language: "Language",
  },
  pt: {
    main: "Principal",
    account: "Conta",
    search: "Buscar",
    closeSearch: "Fechar",
    discover: "Descobrir",
    logIn: "Entrar",
    signUp: "Cadastre-se",
    library: "Biblioteca",
    settings: "Configurações",
    logOut: "Sair",
    language: "Idioma",
  },
  es: {
    main: "Principal",
    account: "Cuenta",
    search: "Buscar",
    closeSearch: "Cerrar",
    discover: "Descubrir",
    logIn: "Iniciar sesión",
    signUp: "Regístrate",
    library: "Biblioteca",
    settings: "Configuración",
    logOut: "Cerrar sesión",
    language: "Idioma",
  },
} satisfies Record<Locale, Record<string, string>>;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
}, 120_000);
afterAll(() => browser?.close());

async function signUp(context: BrowserContext, locale: Locale) {
  const email = `phone-shell-${locale}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const response = await context.request.post(`${BASE_URL}/graphql`, {
    headers: { "content-type": "application/json", "accept-language": locale },
    data: {
      query: `mutation ($email: String!, $password: String!) { signUp(email: $email, password: $password) { __typename } }`,
      variables: { email, password: "a quiet reading hour" },
    },
  });
  expect(await response.json()).toEqual({ data: { signUp: { __typename: "AuthSession" } } });
  return email;
}

/** Opens a page and waits until the app has taken it over (the menus' buttons work from then on). */
async function open(page: Page, path: string) {
  await page.goto(`${BASE_URL}${path}`.replace(/(.)\/$/, "$1"));
  await waitForApp(page);
}

const pathOf = (page: Page) => new URL(page.url()).pathname;
const focusedName = (page: Page) =>
  page.evaluate<string | null>(
    "document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.getAttribute('name') ?? null",
  );
const linkSummary = async (links: Locator) =>
  Promise.all((await links.all()).map(async (link) => [(await link.innerText()).trim(), await link.getAttribute("href")]));

describe("on a phone", () => {
  for (const locale of LOCALES) {
    const words = WORDS[locale];
    const prefix = PREFIX[locale];

    it(`in ${locale}, a visitor reaches search and log-in from the bottom bar`, { timeout: 120_000 }, async () => {
      const context = await openContext(browser, { locale: BROWSER_LOCALE[locale], viewport: PHONE });
      const page = await context.newPage();
      await open(page, `${prefix}/`);
      const bar = page.getByRole("navigation", { name: words.main });
      expect(await linkSummary(bar.getByRole("link"))).toEqual([
        [words.discover, prefix || "/"],
        [words.search, `${prefix}/search`],
        [words.logIn, `${prefix}/login`],
      ]);
      expect(await bar.getByRole("link", { name: words.discover }).getAttribute("aria-current")).toBe("page");
      // Fixed at the bottom of the screen.
      const box = (await bar.boundingBox())!;
      expect(box.y + box.height).toBeCloseTo(PHONE.height, 0);
      // The icons are drawn: their one image (web/public/icons/shell.svg) decodes (a malformed SVG
      // draws nothing, silently), and each control's mask picks a 24 px part of it.
      const icons = await page.evaluate(async () => {
        const masks = Array.from(document.querySelectorAll("[data-icon]"), (control) => getComputedStyle(control, "::before"));
        const urls = [...new Set(masks.map((mask) => mask.maskImage.replace(/^url\("(.*)"\)$/, "$1")))];
        const image = new Image();
        image.src = urls[0]!;
        await image.decode();
        return { urls, size: [image.naturalWidth, image.naturalHeight], offsets: masks.map((mask) => parseFloat(mask.maskPosition)) };
      });
      expect(icons.urls).toHaveLength(1);
      expect(icons.size).toEqual([144, 24]);
      for (const x of icons.offsets) expect(x <= 0 && x > -144 && x % 24 === 0, String(x)).toBe(true);

      await bar.getByRole("link", { name: words.search }).click();
      await page.waitForURL((url) => url.pathname === `${prefix}/search`, { waitUntil: "commit" });
      await expect.poll(() => bar.getByRole("link", { name: words.search }).getAttribute("aria-current")).toBe("page");
      await bar.getByRole("link", { name: words.logIn }).click();
      await page.waitForURL((url) => url.pathname === `${prefix}/login`, { waitUntil: "commit" });
      await expect.poll(() => page.locator("input[type=email]").count()).toBe(1);
      expect(await cspViolations(context)).toEqual([]);
      await context.close();
    });

    it(
      `in ${locale}, the header's search opens across the row with the focus in its field, and Escape closes it`,
      { timeout: 120_000 },
      async () => {
        const context = await openContext(browser, { locale: BROWSER_LOCALE[locale], viewport: PHONE });
        const page = await context.newPage();
        await open(page, `${prefix}/`);
        const button = page.getByRole("button", { name: words.search, exact: true });
        const field = page.getByRole("searchbox");
        expect(await field.isVisible()).toBe(false);

        await button.focus();
        await page.keyboard.press("Enter");
        expect(await page.locator(".site-search:popover-open").count()).toBe(1);
        await expect.poll(() => page.evaluate("document.activeElement?.type")).toBe("search");
        // Across the whole header row, and 16 px text (no zoom on focus).
        const fieldBox = (await page.locator(".site-search").boundingBox())!;
        expect(fieldBox.x).toBe(0);
        expect(fieldBox.width).toBe(PHONE.width);
        expect(await page.evaluate("getComputedStyle(document.activeElement).fontSize")).toBe("16px");
        await page.keyboard.press("Escape");
        await expect.poll(() => field.isVisible()).toBe(false);
        expect(await focusedName(page)).toBe(words.search);

        // The close button too; then a search from it, as on a wide screen.
        await button.click();
        await page.getByRole("button", { name: words.closeSearch, exact: true }).click();
        await expect.poll(() => field.isVisible()).toBe(false);
        expect(await focusedName(page)).toBe(words.search);
        await button.click();
        await expect.poll(() => page.evaluate("document.activeElement?.type")).toBe("search");
        await page.keyboard.type("habit");
        await page.keyboard.press("Enter");
        await page.waitForURL((url) => url.pathname === `${prefix}/search` && url.searchParams.get("q") === "habit", {
          waitUntil: "commit",
        });
        expect(await cspViolations(context)).toEqual([]);
        await context.close();
      },
    );

    it(
      `in ${locale}, a visitor's account menu offers log-in, sign-up and the languages, and closes with Escape`,
      { timeout: 120_000 },
      async () => {
        const context = await openContext(browser, { locale: BROWSER_LOCALE[locale], viewport: PHONE });
        const page = await context.newPage();
        await open(page, `${prefix}/`);
        const button = page.getByRole("button", { name: words.account, exact: true });
        const panel = page.locator(".phone-account");
        expect(await panel.isVisible()).toBe(false);

        await button.focus();
        await page.keyboard.press("Enter");
        await expect.poll(() => panel.isVisible()).toBe(true);
        expect(await linkSummary(panel.getByRole("navigation", { name: words.account }).getByRole("link"))).toEqual([
          [words.logIn, `${prefix}/login`],
          [words.signUp, `${prefix}/signup`],
        ]);
        expect(await panel.getByRole("group", { name: words.language }).getByRole("link").allInnerTexts()).toEqual([
          "Português",
          "English",
          "Español",
        ]);
        // The next Tab goes into the menu.
        await page.keyboard.press("Tab");
        expect(await page.evaluate("document.activeElement?.textContent")).toBe(words.logIn);
        await page.keyboard.press("Escape");
        await expect.poll(() => panel.isVisible()).toBe(false);
        expect(await focusedName(page)).toBe(words.account);

        // A press outside closes it too; a language from it changes the page's language.
        await button.click();
        await page.mouse.click(200, 400);
        await expect.poll(() => panel.isVisible()).toBe(false);
        await button.click();
        const other = locale === "en" ? "Español" : "English";
        await panel.getByRole("link", { name: other }).click();
        const otherPrefix = locale === "en" ? "/es" : "/en";
        await page.waitForURL((url) => url.pathname === otherPrefix, { waitUntil: "commit" });
        expect((await context.cookies()).find((c) => c.name === "i18n_redirected")?.value).toBe(otherPrefix.slice(1));
        await expect.poll(() => panel.isVisible()).toBe(false);
        expect(await cspViolations(context)).toEqual([]);
        await context.close();
      },
    );

    it(
      `in ${locale}, a reader reaches the library and settings from the bottom bar and the account menu, and logs out`,
      { timeout: 120_000 },
      async () => {
        const context = await openContext(browser, { locale: BROWSER_LOCALE[locale], viewport: PHONE });
        const email = await signUp(context, locale);
        const page = await context.newPage();
        await open(page, `${prefix}/`);
        const bar = page.getByRole("navigation", { name: words.main });
        expect(await linkSummary(bar.getByRole("link"))).toEqual([
          [words.discover, prefix || "/"],
          [words.search, `${prefix}/search`],
          [words.library, `${prefix}/library`],
          [words.account, `${prefix}/settings`],
        ]);
        await bar.getByRole("link", { name: words.account }).click();
        await page.waitForURL((url) => url.pathname === `${prefix}/settings`, { waitUntil: "commit" });
        await expect.poll(() => page.locator("h1").first().textContent()).toBe(words.settings);
        await expect.poll(() => bar.getByRole("link", { name: words.account }).getAttribute("aria-current")).toBe("page");

        const button = page.getByRole("button", { name: words.account, exact: true });
        await button.focus();
        await page.keyboard.press("Enter");
        const menu = page.locator(".phone-account");
        await expect.poll(() => menu.isVisible()).toBe(true);
        expect(await menu.locator(".phone-account__email").textContent()).toBe(email);
        expect(await linkSummary(menu.getByRole("navigation", { name: words.account }).getByRole("link"))).toEqual([
          [words.library, `${prefix}/library`],
          [words.settings, `${prefix}/settings`],
        ]);
        await page.keyboard.press("Escape");
        await expect.poll(() => menu.isVisible()).toBe(false);
        expect(await focusedName(page)).toBe(words.account);

        // From home, the menu's Settings link.
        await open(page, `${prefix}/`);
        await button.click();
        await menu.getByRole("link", { name: words.settings }).click();
        await page.waitForURL((url) => url.pathname === `${prefix}/settings`, { waitUntil: "commit" });
        await expect.poll(() => menu.isVisible()).toBe(false);

        await button.click();
        await menu.getByRole("button", { name: words.logOut }).click();
        await page.waitForURL((url) => url.pathname === (prefix || "/"), { waitUntil: "commit" });
        await expect.poll(() => bar.getByRole("link", { name: words.logIn }).count()).toBe(1);
        expect(pathOf(page)).toBe(prefix || "/");
        expect(await cspViolations(context)).toEqual([]);
        await context.close();
      },
    );
  }
});

describe("on a laptop", () => {
  for (const locale of LOCALES) {
    const words = WORDS[locale];
    const prefix = PREFIX[locale];
    it(`in ${locale}, the header keeps its row of links, box, languages and account; no phone controls`, { timeout: 120_000 }, async () => {
      const context = await openContext(browser, { locale: BROWSER_LOCALE[locale], viewport: LAPTOP });
      const page = await context.newPage();
      await open(page, `${prefix}/`);
      const header = page.locator(".site-header");
      expect(await header.getByRole("searchbox").isVisible()).toBe(true);
      expect(await header.getByRole("navigation", { name: words.language }).isVisible()).toBe(true);
      expect(await header.getByRole("navigation", { name: words.account }).getByRole("link").allInnerTexts()).toEqual([
        words.logIn,
        words.signUp,
      ]);
      expect(await page.getByRole("button", { name: words.account, exact: true }).count()).toBe(0);
      expect(await page.getByRole("button", { name: words.search, exact: true }).count()).toBe(0);
      expect(await page.locator(".bottom-nav").isVisible()).toBe(false);

      const email = await signUp(context, locale);
      await open(page, `${prefix}/`);
      expect(await linkSummary(header.getByRole("navigation", { name: words.account }).getByRole("link"))).toEqual([
        [words.library, `${prefix}/library`],
        [email, `${prefix}/settings`],
      ]);
      expect(await cspViolations(context)).toEqual([]);
      await context.close();
    });
  }
});
