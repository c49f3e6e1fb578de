/// <reference lib="dom" />
// page.evaluate callbacks run in the browser: they use the DOM's types.
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serviceDay } from "../api/src/features/catalog/service-time";
import type { Language } from "../api/src/generated/prisma/enums";
import { buildSession, buildUser, grantPremium } from "../api/src/test/factories";
import { seriousAxeViolations } from "./axe";
import { cspViolations, launchBrowser, openContext, waitForApp } from "./browser";
import { startOwnApp, type OwnApp } from "./own-app";

// The reader as a premium reader uses it, on a premium book: not the free book of the day, which is
// pinned to another book for today and the next two days, so a run across the service's midnight
// (03:00 UTC) reads the same book through the same (premium) path. The free reader is refused that
// book. Premium readers are made in the database before the app starts (commerce sells no test Premium).
let browser: Browser;
let app: OwnApp;
let BASE_URL: string;
/** The premium book the journeys read (in pt, en and es, with at least three key ideas), and the pinned free one. */
const books = { premium: "", free: "" };
const premiumReaders = {} as Record<Language, string>;

beforeAll(async () => {
  browser = await launchBrowser();
  app = await startOwnApp("reader", async (db) => {
    const inEveryLanguage = await db.prisma.microbook.findMany({
      where: {
        AND: (["pt", "en", "es"] as const).map((language) => ({ editions: { some: { language, keyIdeaCount: { gte: 3 } } } })),
      },
      select: { id: true, slug: true },
      orderBy: { slug: "asc" },
      take: 2,
    });
    if (inEveryLanguage.length < 2) throw new Error("the seed catalogue has too few books with three key ideas in pt, en and es");
    const [premium, free] = inEveryLanguage as [(typeof inEveryLanguage)[0], (typeof inEveryLanguage)[0]];
    const today = serviceDay(new Date());
    await db.prisma.freeDailyPick.createMany({
      data: [0, 1, 2].map((days) => ({ day: new Date(today.getTime() + days * 86_400_000), microbookId: free.id })),
    });
    Object.assign(books, { premium: premium.slug, free: free.slug });
    for (const language of ["pt", "en", "es"] as const) {
      const user = await buildUser(db.prisma, {
        email: `reader-premium-${language}@example.com`,
        contentLanguage: language,
        interfaceLanguage: language,
      });
      await grantPremium(db.prisma, user.id);
      premiumReaders[language] = await buildSession(db.prisma, user.id);
    }
  });
  BASE_URL = app.base;
}, 240_000);
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

const LANGUAGES = [
  {
    language: "pt",
    prefix: "",
    locale: "pt-BR",
    words: {
      startReading: "Começar a ler",
      sepia: "Sépia",
      light: "Claro",
      dark: "Escuro",
      larger: "Texto maior",
      locked: "Este microbook é para assinantes Premium",
    },
  },
  {
    language: "en",
    prefix: "/en",
    locale: "en-US",
    words: {
      startReading: "Start reading",
      sepia: "Sepia",
      light: "Light",
      dark: "Dark",
      larger: "Larger text",
      locked: "This microbook is for Premium subscribers",
    },
  },
  {
    language: "es",
    prefix: "/es",
    locale: "es-MX",
    words: {
      startReading: "Empezar a leer",
      sepia: "Sepia",
      light: "Claro",
      dark: "Oscuro",
      larger: "Texto más grande",
      locked: "Este microbook es para suscriptores Premium",
    },
  },
] as const;

/** A new (free) reader, signed in through the API in this browser context (the cookie is the context's). */
async function signUp(context: BrowserContext, locale: string) {
  const response = await context.request.post(`${BASE_URL}/graphql`, {
    headers: { "content-type": "application/json" },
    data: {
      query: `mutation ($email: String!, $password: String!) { signUp(email: $email, password: $password) { __typename } }`,
      variables: { email: `reader-${locale}-${Date.now()}@example.com`, password: "a quiet reading hour" },
    },
  });
  expect(await response.json()).toMatchObject({ data: { signUp: { __typename: "AuthSession" } } });
}

const saved = (page: Page) =>
  page.waitForResponse((response) => response.request().postData()?.includes('"SaveReadingPosition"') ?? false, { timeout: 20_000 });

/** Serious and critical axe-core violations on the page (their rule ids and targets). */
async function axeViolations(page: Page) {
  return (await seriousAxeViolations(page)).map((violation) => `${violation.id}: ${violation.targets.join(", ")}`);
}

async function readerState(page: Page) {
  const reader = page.locator(".reader");
  return {
    theme: await reader.getAttribute("data-theme"),
    font: await reader.getAttribute("data-font"),
    keyIdea: await page.locator(".reader__where").getAttribute("data-key-idea"),
    scrollY: Math.round(Number(await page.evaluate("window.scrollY"))),
  };
}

describe("the reader", () => {
  for (const { language, prefix, locale, words } of LANGUAGES) {
    it(
      `${locale}: a premium reader reads three key ideas of a premium book, picks sepia and the largest font, reloads: same key idea, place and settings; axe in every theme`,
      { timeout: 180_000 },
      async () => {
        const context = await openContext(browser, { locale, viewport: { width: 1000, height: 700 } });
        const page = await context.newPage();
        const errors: string[] = [];
        page.on("pageerror", (error) => errors.push(error.message));
        await context.addCookies([{ name: "brevia_session", value: premiumReaders[language], url: BASE_URL }]);

        // A premium book (not free today): the reader reads it because they subscribe.
        await page.goto(`${BASE_URL}${prefix}/microbook/${books.premium}`);
        await waitForApp(page);
        const access = await page.evaluate(async (slug) => {
          const response = await fetch("/graphql", {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify({
              query: `query ($slug: String!) { microbook(slug: $slug) { isFreeToday viewerAccess { canRead } } }`,
              variables: { slug },
            }),
          });
          return ((await response.json()) as { data: { microbook: unknown } }).data.microbook;
        }, books.premium);
        expect(access).toEqual({ isFreeToday: false, viewerAccess: { canRead: true } });
        const opened = saved(page);
        await page.getByRole("link", { name: words.startReading }).click();
        await page.waitForURL(/\/microbook\/[a-z0-9-]+\/read$/, { waitUntil: "commit" });
        expect((await opened).ok()).toBe(true);
        expect(await page.locator('[data-reader-chapter="intro"] p').count()).toBeGreaterThan(0);
        expect(await page.locator('[data-reader-chapter="0"] p').count()).toBeGreaterThan(0);

        // First visit: no theme chosen, the device's colour scheme decides; a dark device gets the dark colours.
        expect((await readerState(page)).theme).toBe("system");
        await page.emulateMedia({ colorScheme: "dark" });
        expect(await page.locator(".reader").evaluate((reader) => getComputedStyle(reader).backgroundColor)).toBe("rgb(21, 24, 28)");
        expect(await axeViolations(page), "system, dark device").toEqual([]);
        await page.emulateMedia({ colorScheme: "light" });

        // Three key ideas: the next-key-idea key twice (each jump is saved at once), then reading on in the third.
        for (const keyIdea of ["1", "2"]) {
          const jump = saved(page);
          await page.locator("body").press("ArrowRight");
          await jump;
          await expect.poll(() => readerState(page).then((s) => s.keyIdea)).toBe(keyIdea);
        }

        // Sepia and the largest font, remembered in the account.
        await page.getByLabel(words.sepia).check();
        const larger = page.getByRole("button", { name: words.larger });
        while (await larger.isEnabled()) {
          const settingsSaved = page.waitForResponse((r) => r.request().postData()?.includes("UpdateReaderSettings") ?? false);
          await larger.click();
          await settingsSaved;
        }
        await expect.poll(() => readerState(page)).toMatchObject({ theme: "sepia", font: "4" });

        // Reading on: a little into the third key idea, saved within ~10 s.
        await page.locator(".reader__chapter").nth(2).scrollIntoViewIfNeeded();
        await page.mouse.wheel(0, 250);
        await expect.poll(() => readerState(page).then((s) => s.keyIdea)).toBe("2");
        await saved(page);
        const before = await readerState(page);

        // The server's HTML already has the settings (no flash of the wrong theme).
        const html = await (await context.request.get(page.url())).text();
        expect(html).toMatch(/class="reader" data-theme="sepia" data-font="4"/);

        await page.reload();
        await waitForApp(page);
        await expect.poll(() => readerState(page).then((s) => s.keyIdea)).toBe(before.keyIdea);
        const after = await readerState(page);
        expect(after).toMatchObject({ theme: "sepia", font: "4", keyIdea: before.keyIdea });
        expect(Math.abs(after.scrollY - before.scrollY)).toBeLessThan(30);

        // axe-core in each theme: nothing serious or critical.
        for (const theme of [words.sepia, words.light, words.dark]) {
          await page.getByLabel(theme, { exact: true }).check();
          await waitForApp(page);
          expect(await axeViolations(page), theme).toEqual([]);
        }

        expect(errors).toEqual([]);
        expect(await cspViolations(context)).toEqual([]);
        await context.close();
      },
    );

    it(
      `${locale}: a free reader is refused the reader, highlights and the EPUB of a locked book, in the pages, through GraphQL and the HTTP route`,
      { timeout: 90_000 },
      async () => {
        const context = await openContext(browser, { locale });
        const page = await context.newPage();
        await signUp(context, locale);
        // The premium book is locked for them; the free book of the day is pinned to another one.
        const { premium: locked, free } = books;

        await page.goto(`${BASE_URL}${prefix}/microbook/${locked}/read`);
        await expect.poll(() => page.getByRole("heading", { level: 2, name: words.locked }).count()).toBe(1);
        expect(await page.locator("[data-reader-chapter]").count()).toBe(0);
        await waitForApp(page);
        expect(await axeViolations(page)).toEqual([]);

        // The book's page offers neither Send to Kindle nor the EPUB, and the route refuses the file.
        await page.goto(`${BASE_URL}${prefix}/microbook/${locked}`);
        await waitForApp(page);
        expect(await page.locator('a[href^="/epub/"]').count()).toBe(0);
        const epub = await context.request.get(`${BASE_URL}/epub/${locked}.epub`);
        expect(epub.status()).toBe(403);
        expect(await epub.json()).toEqual({ error: { code: "MICROBOOK_LOCKED" } });
        // Not even today's free book: a free day's book is read, not kept.
        expect((await context.request.get(`${BASE_URL}/epub/${free}.epub`)).status()).toBe(403);

        // The API gives neither the text nor a position, nor a highlight in it.
        const answer = await page.evaluate(async (slug) => {
          const post = (query: string, variables: Record<string, unknown>) =>
            fetch("/graphql", {
              method: "POST",
              headers: { "content-type": "application/json" },
              body: JSON.stringify({ query, variables }),
            }).then((r) => r.json() as Promise<{ data: Record<string, Record<string, unknown>> }>);
          const book = await post(
            `query ($slug: String!) { microbook(slug: $slug) { id viewerAccess { canRead canHighlight canDownload } edition { id content { introduction } } } }`,
            { slug },
          );
          const id = book.data.microbook!.id as string;
          const save = await post(
            `mutation ($id: ID!) { saveReadingPosition(microbookId: $id, language: pt, medium: TEXT, keyIdea: 0, keyIdeaOffset: 0.5, deviceId: "device-journey", sessionId: "session-journey", sequence: 1, deliberate: true) { __typename ... on Error { code } } }`,
            { id },
          );
          const edition = (book.data.microbook!.edition as { id: string }).id;
          const highlight = await post(
            `mutation ($edition: ID!) { createHighlight(editionId: $edition, keyIdeaPosition: 0, startOffset: 0, quote: "The", note: "mine") { __typename ... on Error { code } } }`,
            { edition },
          );
          return { book: book.data.microbook, save: save.data.saveReadingPosition, highlight: highlight.data.createHighlight };
        }, locked);
        expect(answer.book).toMatchObject({
          viewerAccess: { canRead: false, canHighlight: false, canDownload: false },
          edition: { content: null },
        });
        expect(answer.save).toEqual({ __typename: "MicrobookLockedError", code: "MICROBOOK_LOCKED" });
        expect(answer.highlight).toEqual({ __typename: "MicrobookLockedError", code: "MICROBOOK_LOCKED" });
        expect(await cspViolations(context)).toEqual([]);
        await context.close();
      },
    );
  }
});
