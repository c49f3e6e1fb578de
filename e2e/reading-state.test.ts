import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serviceDay } from "../api/src/features/catalog/service-time";
import { cspViolations, launchBrowser, openContext, waitForApp } from "./browser";
import { startOwnApp, type OwnApp } from "./own-app";

// The visitor's journey is about today's free book: on an app of its own whose free book is pinned for
// today and the next two days, so a run across the service's midnight (03:00 UTC) keeps the same book.
let browser: Browser;
let app: OwnApp;
let BASE_URL: string;
beforeAll(async () => {
  browser = await launchBrowser();
  app = await startOwnApp("reading-state", async (db) => {
    const book = await db.prisma.microbook.findFirst({
      where: { AND: (["pt", "en", "es"] as const).map((language) => ({ editions: { some: { language, keyIdeaCount: { gte: 1 } } } })) },
      select: { id: true },
      orderBy: { slug: "asc" },
    });
    if (!book) throw new Error("the seed catalogue has no book with text in pt, en and es");
    const today = serviceDay(new Date());
    await db.prisma.freeDailyPick.createMany({
      data: [0, 1, 2].map((days) => ({ day: new Date(today.getTime() + days * 86_400_000), microbookId: book.id })),
    });
  });
  BASE_URL = app.base;
}, 240_000);
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

/** The journey's words in each interface language (pt at /, en and es prefixed). */
const LANGUAGES = [
  {
    prefix: "",
    locale: "pt-BR",
    words: {
      readFree: "Leia grátis hoje",
      favourite: "Adicionar aos favoritos",
      favourited: "Nos seus favoritos",
      signUpTitle: "Crie sua conta",
      skipStep: "Pular esta etapa",
      seeRecommendations: "Ver minhas recomendações",
      skipForNow: "Pular por enquanto",
      email: "E-mail",
      password: "Senha",
      startReading: "Começar a ler",
      continueReading: "Continue lendo",
      markRead: "Marcar como lido",
      read: "Lido",
    },
  },
  {
    prefix: "/en",
    locale: "en-US",
    words: {
      readFree: "Read it free today",
      favourite: "Add to favourites",
      favourited: "In your favourites",
      signUpTitle: "Create your account",
      skipStep: "Skip this step",
      seeRecommendations: "See my recommendations",
      skipForNow: "Skip for now",
      email: "Email",
      password: "Password",
      startReading: "Start reading",
      continueReading: "Continue reading",
      markRead: "Mark as read",
      read: "Read",
    },
  },
  {
    prefix: "/es",
    locale: "es-MX",
    words: {
      readFree: "Léelo gratis hoy",
      favourite: "Añadir a favoritos",
      favourited: "En tus favoritos",
      signUpTitle: "Crea tu cuenta",
      skipStep: "Omitir este paso",
      seeRecommendations: "Ver mis recomendaciones",
      skipForNow: "Omitir por ahora",
      email: "Correo electrónico",
      password: "Contraseña",
      startReading: "Empezar a leer",
      continueReading: "Sigue leyendo",
      markRead: "Marcar como leído",
      read: "Leído",
    },
  },
] as const;

const continueReadingTitles = (page: Page) => page.locator(".continue-reading .card__title").allTextContents();

describe("a reader's own state for a microbook", () => {
  for (const { prefix, locale, words } of LANGUAGES) {
    it(
      `${locale}: a visitor favourites the free book (sign up, back on it, favourited), reads it (continue reading), marks it read`,
      { timeout: 120_000 },
      async () => {
        const context = await openContext(browser, { locale });
        const page = await context.newPage();
        const errors: string[] = [];
        page.on("pageerror", (error) => errors.push(error.message));

        // A visitor opens today's free microbook from the home page.
        await page.goto(`${BASE_URL}${prefix || "/"}`);
        await page.locator(".free-today").getByRole("link", { name: words.readFree }).click();
        await page.waitForURL(/\/microbook\/[a-z0-9-]+$/, { waitUntil: "commit" });
        const bookPath = new URL(page.url()).pathname;
        // The book's own heading (the address changes before the page shows it).
        const title = (await page.locator("article.microbook h1").textContent())!;
        await waitForApp(page);

        // Favourite, as a visitor: sign up first, then back on the same book, favourited.
        await page.getByRole("link", { name: words.favourite }).click();
        await page.waitForURL(/\/signup\?next=/, { waitUntil: "commit" });
        await expect.poll(() => page.locator("h1").textContent()).toBe(words.signUpTitle);
        await waitForApp(page);
        await page.getByLabel(words.email).fill(`reader-${locale}-${Date.now()}@example.com`);
        await page.getByLabel(words.password).fill("a quiet reading hour");
        await page.keyboard.press("Enter");
        // A new reader goes through the onboarding (skipped here, step by step), which ends on the book.
        // Each step waited for: a click on a page not yet hydrated would be lost (CI saw the third step never come).
        await page.waitForURL(/\/welcome\?next=/, { waitUntil: "commit" });
        await waitForApp(page);
        await page.getByRole("button", { name: words.skipStep }).click();
        await page.waitForURL(/\/welcome\?(.*&)?step=2/, { waitUntil: "commit" });
        await page.getByRole("button", { name: words.skipStep }).click();
        await page.waitForURL(/\/welcome\/preparing/, { waitUntil: "commit" });
        await page.getByRole("link", { name: words.seeRecommendations }).click();
        await page.getByRole("button", { name: words.skipForNow }).click();
        await expect.poll(() => new URL(page.url()).pathname + new URL(page.url()).search, { timeout: 15_000 }).toBe(bookPath);
        const favourite = page.getByRole("button", { name: words.favourited });
        await expect.poll(() => favourite.getAttribute("aria-pressed"), { timeout: 15_000 }).toBe("true");
        // Recorded, not only shown: the server renders it so after a reload.
        await page.reload();
        await expect.poll(() => page.getByRole("button", { name: words.favourited }).getAttribute("aria-pressed")).toBe("true");
        await waitForApp(page);

        // Opening the reader records it (its first position save): the book is then in "continue reading" on the home page.
        const started = page.waitForResponse((response) => response.request().postData()?.includes('"SaveReadingPosition"') ?? false);
        await page.getByRole("link", { name: words.startReading }).click();
        expect((await started).ok()).toBe(true);
        await page.locator(".brand").click();
        await page.waitForURL(new RegExp(`${prefix}/?$`), { waitUntil: "commit" });
        await expect.poll(() => page.getByRole("heading", { level: 2, name: words.continueReading }).count()).toBe(1);
        await expect.poll(() => continueReadingTitles(page)).toEqual([title]);

        // Marked read from its page: no longer in progress.
        await page.locator(".continue-reading .card__link").first().click();
        await page.waitForURL(new RegExp(`${bookPath}$`), { waitUntil: "commit" });
        await waitForApp(page);
        await page.getByRole("button", { name: words.markRead }).click();
        await expect.poll(() => page.getByRole("button", { name: words.read, exact: true }).getAttribute("aria-pressed")).toBe("true");
        await page.reload();
        await expect.poll(() => page.getByRole("button", { name: words.read, exact: true }).getAttribute("aria-pressed")).toBe("true");
        await page.goto(`${BASE_URL}${prefix || "/"}`);
        await expect.poll(() => page.getByRole("heading", { level: 1 }).count()).toBe(1);
        expect(await page.getByRole("heading", { level: 2, name: words.continueReading }).count()).toBe(0);

        expect(errors).toEqual([]);
        expect(await cspViolations(context)).toEqual([]);
        await context.close();
      },
    );
  }
});

describe("the language filter", () => {
  it(
    "filters /en/trending to Portuguese microbooks, shown in Portuguese, and keeps the filter across pages",
    { timeout: 60_000 },
    async () => {
      const context = await openContext(browser, { locale: "en-US" });
      const page = await context.newPage();
      await page.goto(`${BASE_URL}/en/trending`);
      await waitForApp(page);
      const filter = page.getByRole("navigation", { name: "Language" });
      await filter.getByRole("link", { name: "Portuguese" }).click();
      await page.waitForURL(/\/en\/trending\?lang=pt$/, { waitUntil: "commit" });
      await expect.poll(() => filter.getByRole("link", { name: "Portuguese" }).getAttribute("aria-current")).toBe("true");
      const languages = await page.locator(".card__title").evaluateAll((titles) => titles.map((title) => title.getAttribute("lang")));
      expect(languages.length).toBeGreaterThan(0);
      expect(new Set(languages)).toEqual(new Set(["pt"]));
      const next = page.getByRole("navigation", { name: "Pages" }).getByRole("link", { name: "Next" });
      if (await next.count()) expect(await next.getAttribute("href")).toBe("/en/trending?lang=pt&page=2");
      await filter.getByRole("link", { name: "All languages" }).click();
      await page.waitForURL(/\/en\/trending$/, { waitUntil: "commit" });
      expect(await cspViolations(context)).toEqual([]);
      await context.close();
    },
  );
});
