/// <reference lib="dom" />
// page.evaluate callbacks run in the browser: they use the DOM's types.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseCsv } from "../api/src/features/highlights/csv.test-helper";
import { serviceDay } from "../api/src/features/catalog/service-time";
import type { Language } from "../api/src/generated/prisma/enums";
import { buildSession, buildUser, grantPremium } from "../api/src/test/factories";
import { seriousAxeViolations } from "./axe";
import { cspViolations, launchBrowser, openContext } from "./browser";
import { startOwnApp, type OwnApp } from "./own-app";

// A premium reader highlights a premium book (not the free book of the day, which is pinned to another
// book for today and the next two days: a run across the service's midnight reads the same way). The
// readers are made in the database before the app starts (commerce sells no test Premium).
let browser: Browser;
let app: OwnApp;
let BASE_URL: string;
let premiumBook = "";
const premiumReaders = {} as Record<Language, string>;

beforeAll(async () => {
  browser = await launchBrowser();
  app = await startOwnApp("highlights", async (db) => {
    const inEveryLanguage = await db.prisma.microbook.findMany({
      where: { AND: (["pt", "en", "es"] as const).map((language) => ({ editions: { some: { language, keyIdeaCount: { gte: 1 } } } })) },
      select: { id: true, slug: true },
      orderBy: { slug: "asc" },
      take: 2,
    });
    if (inEveryLanguage.length < 2) throw new Error("the seed catalogue has too few books with text in pt, en and es");
    const today = serviceDay(new Date());
    await db.prisma.freeDailyPick.createMany({
      data: [0, 1, 2].map((days) => ({ day: new Date(today.getTime() + days * 86_400_000), microbookId: inEveryLanguage[1]!.id })),
    });
    premiumBook = inEveryLanguage[0]!.slug;
    for (const language of ["pt", "en", "es"] as const) {
      const user = await buildUser(db.prisma, {
        email: `highlights-premium-${language}@example.com`,
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

/** axe-core's serious and critical violations on the page as it is (e2e/axe.ts), as readable lines. */
async function seriousViolations(page: Page): Promise<string[]> {
  return (await seriousAxeViolations(page)).map((v) => `${v.id} (${v.impact}): ${v.targets.join(", ")}`);
}

const LANGUAGES = [
  {
    prefix: "",
    language: "pt",
    locale: "pt-BR",
    words: {
      sepia: "Sépia",
      light: "Claro",
      dark: "Escuro",
      addNote: "Adicionar nota",
      saveGreen: "Salvar com a nota, em Verde",
      bookList: "Seus destaques neste livro",
      title: "Seus destaques",
      search: "Buscar nos seus destaques",
      searchButton: "Buscar",
      share: "Compartilhar",
      markdownHeading: "# Meus destaques no Brevia",
      note: "Nota",
    },
  },
  {
    prefix: "/en",
    language: "en",
    locale: "en-US",
    words: {
      sepia: "Sepia",
      light: "Light",
      dark: "Dark",
      addNote: "Add note",
      saveGreen: "Save with a note, in Green",
      bookList: "Your highlights in this book",
      title: "Your highlights",
      search: "Search your highlights",
      searchButton: "Search",
      share: "Share",
      markdownHeading: "# My Brevia highlights",
      note: "Note",
    },
  },
  {
    prefix: "/es",
    language: "es",
    locale: "es-MX",
    words: {
      sepia: "Sepia",
      light: "Claro",
      dark: "Oscuro",
      addNote: "Añadir nota",
      saveGreen: "Guardar con la nota, en Verde",
      bookList: "Tus subrayados en este libro",
      title: "Tus subrayados",
      search: "Buscar en tus subrayados",
      searchButton: "Buscar",
      share: "Compartir",
      markdownHeading: "# Mis subrayados en Brevia",
      note: "Nota",
    },
  },
] as const;

/** Selects the first sentence of key idea 0's first paragraph, as a reader's mouse would; returns it. */
function selectFirstSentence(page: Page): Promise<string> {
  return page.evaluate(() => {
    const paragraph = document.querySelector('[data-reader-chapter="0"] p')!;
    paragraph.scrollIntoView({ block: "center" });
    const node = paragraph.firstChild as Text;
    const end = node.data.indexOf(". ") > 0 ? node.data.indexOf(". ") + 1 : Math.min(node.data.length, 60);
    const range = document.createRange();
    range.setStart(node, 0);
    range.setEnd(node, end);
    const selection = document.getSelection()!;
    selection.removeAllRanges();
    selection.addRange(range);
    return range.toString().trim();
  });
}

describe("highlights and notes", () => {
  for (const { language, prefix, locale, words } of LANGUAGES) {
    it(
      `${locale}: a premium reader highlights a sentence of a premium book with a note, sees it in the reader in every theme, finds it in /library/highlights, exports Markdown and CSV, shares a quote card`,
      { timeout: 150_000 },
      async () => {
        const context = await openContext(browser, { locale });
        const page = await context.newPage();
        const errors: string[] = [];
        page.on("pageerror", (error) => errors.push(error.message));
        await context.addCookies([{ name: "brevia_session", value: premiumReaders[language], url: BASE_URL }]);

        // A premium book: its text is open to the reader because they subscribe.
        const bookPath = `${prefix}/microbook/${premiumBook}`;
        const loaded = page.waitForResponse((response) => response.url().includes("BookHighlights"));
        await page.goto(`${BASE_URL}${bookPath}`);
        await page.waitForLoadState("networkidle");
        await loaded;
        const title = (await page.locator("article.microbook h1").textContent())!.trim();

        // Select a sentence: the toolbar offers colours and a note.
        const quote = await selectFirstSentence(page);
        expect(quote.length).toBeGreaterThan(10);
        const toolbar = page.getByRole("toolbar");
        await toolbar.getByRole("button", { name: words.addNote }).click();
        const note = `Reread this ${locale}`;
        await toolbar.getByLabel(words.note, { exact: true }).fill(note);
        await toolbar.getByRole("button", { name: words.saveGreen }).click();
        const bookList = page.getByRole("region", { name: words.bookList });
        await expect.poll(() => bookList.locator(".highlight-item__quote").allTextContents()).toEqual([quote]);
        // Marked in the text with the CSS Custom Highlight API (no element added).
        await expect
          .poll(() => page.evaluate(() => (CSS.highlights as unknown as Map<string, Set<unknown>>).get("brevia-green")?.size ?? 0))
          .toBe(1);
        expect(await page.locator("[data-reader-chapter] mark").count()).toBe(0);

        // In the reader too, listed beside the text: axe-core finds nothing serious in any of the three themes.
        await page.goto(`${BASE_URL}${bookPath}/read`);
        const readerList = page.getByRole("region", { name: words.bookList });
        await expect.poll(() => readerList.locator(".highlight-item__quote").allTextContents(), { timeout: 20_000 }).toEqual([quote]);
        await page.waitForLoadState("networkidle");
        for (const theme of ["sepia", "dark", "light"] as const) {
          await page.getByLabel(words[theme], { exact: true }).check();
          await expect.poll(() => page.locator(".reader").getAttribute("data-theme")).toBe(theme);
          expect(await seriousViolations(page), theme).toEqual([]);
        }

        // In the library's highlights, newest first, with its book and note; searchable.
        await page.goto(`${BASE_URL}${prefix}/library/highlights`);
        await expect.poll(() => page.locator("h1").textContent()).toBe(words.title);
        const item = page.locator(".highlight-item").first();
        expect((await item.locator(".highlight-item__quote").textContent())?.trim()).toBe(quote);
        expect(await item.locator(".highlight-item__note").textContent()).toContain(note);
        expect(await item.locator(".highlight-item__book").textContent()).toContain(title);
        expect(await seriousViolations(page)).toEqual([]);
        await page.waitForLoadState("networkidle");
        await page.getByLabel(words.search).fill(locale);
        await page.getByRole("button", { name: words.searchButton, exact: true }).click();
        await page.waitForURL(/\/library\/highlights\?q=/, { waitUntil: "commit" });
        await expect.poll(() => page.locator(".highlight-item__note").allTextContents()).toEqual([expect.stringContaining(note)]);
        await page.getByLabel(words.search).fill("zzzz-nothing-like-this");
        await page.getByRole("button", { name: words.searchButton, exact: true }).click();
        await expect.poll(() => page.locator(".highlight-item").count()).toBe(0);

        // Exports, from the page's links, with the reader's session.
        await page.goto(`${BASE_URL}${prefix}/library/highlights`);
        const markdownHref = (await page.locator('a[href^="/account/highlights.md"]').getAttribute("href"))!;
        const csvHref = (await page.locator('a[href^="/account/highlights.csv"]').getAttribute("href"))!;
        const markdown = await (await context.request.get(`${BASE_URL}${markdownHref}`)).text();
        expect(markdown.split("\n")[0]).toBe(words.markdownHeading);
        expect(markdown).toContain(`## ${title}\n`);
        expect(markdown).toContain(`> ${quote}\n`);
        expect(markdown).toContain(`- ${words.note}: ${note}\n`);
        expect(markdown).toMatch(new RegExp(`<${BASE_URL.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}[^>]*${bookPath.split("/").pop()}>`));
        const [header, ...rows] = parseCsv(await (await context.request.get(`${BASE_URL}${csvHref}`)).text());
        expect(header).toEqual(["Highlight", "Title", "Author", "URL", "Note", "Location", "Date"]);
        expect(rows).toHaveLength(1);
        expect(rows[0]).toEqual([
          quote,
          title,
          expect.any(String),
          expect.stringMatching(/\/microbook\//),
          note,
          "1",
          expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
        ]);

        // Shared as a quote card: a public page with the quote and the book.
        await page.waitForLoadState("networkidle");
        await page.locator(".highlight-item").first().getByRole("button", { name: words.share }).click();
        const cardLink = page.locator(".highlight-item__share a");
        await expect.poll(() => cardLink.count()).toBe(1);
        const cardPath = new URL((await cardLink.getAttribute("href"))!, BASE_URL).pathname;
        expect(cardPath).toMatch(new RegExp(`^${prefix}/quote/[A-Za-z0-9_-]{22}$`));
        const visitor = await openContext(browser, { locale });
        const card = await visitor.newPage();
        const response = await card.goto(`${BASE_URL}${cardPath}`);
        expect(response?.status()).toBe(200);
        expect((await card.locator(".quote-card blockquote").textContent())?.trim()).toBe(quote);
        expect(await card.locator(`.quote-card a[href$="${bookPath.replace(/^\/(en|es)/, "")}"]`).count()).toBeGreaterThan(0);
        expect(await card.locator('meta[property="og:title"]').getAttribute("content")).toContain(quote);
        expect(await seriousViolations(card)).toEqual([]);
        expect(await cspViolations(visitor)).toEqual([]);
        await visitor.close();

        expect(errors).toEqual([]);
        expect(await cspViolations(context)).toEqual([]);
        await context.close();
      },
    );
  }
});
