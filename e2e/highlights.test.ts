/// <reference lib="dom" />
// page.evaluate callbacks run in the browser: they use the DOM's types.
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseCsv } from "../api/src/features/highlights/csv.test-helper";
import { seriousAxeViolations } from "./axe";
import { BASE_URL, cspViolations, launchBrowser, openContext } from "./browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
}, 120_000);
afterAll(() => browser?.close());

/** axe-core's serious and critical violations on the page as it is (e2e/axe.ts), as readable lines. */
async function seriousViolations(page: Page): Promise<string[]> {
  return (await seriousAxeViolations(page)).map((v) => `${v.id} (${v.impact}): ${v.targets.join(", ")}`);
}

const LANGUAGES = [
  {
    prefix: "",
    locale: "pt-BR",
    words: {
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
    locale: "en-US",
    words: {
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
    locale: "es-MX",
    words: {
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

/** A new reader, signed in through the API (the accounts journeys cover the forms): the context holds the session cookie. */
async function signUp(context: BrowserContext, locale: string) {
  const email = `highlights-${locale}-${Date.now()}@example.com`;
  const response = await context.request.post(`${BASE_URL}/graphql`, {
    headers: { "content-type": "application/json" },
    data: {
      query: `mutation ($email: String!, $password: String!) { signUp(email: $email, password: $password) { __typename } }`,
      variables: { email, password: "a quiet reading hour" },
    },
  });
  expect(await response.json()).toEqual({ data: { signUp: { __typename: "AuthSession" } } });
}

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
  for (const { prefix, locale, words } of LANGUAGES) {
    it(
      `${locale}: a reader highlights a sentence with a note, finds it in /library/highlights, exports Markdown and CSV, shares a quote card`,
      { timeout: 150_000 },
      async () => {
        const context = await openContext(browser, { locale });
        const page = await context.newPage();
        const errors: string[] = [];
        page.on("pageerror", (error) => errors.push(error.message));
        await signUp(context, locale);

        // Today's free microbook: its text is open to every signed-in reader.
        await page.goto(`${BASE_URL}${prefix || "/"}`);
        const bookPath = new URL((await page.locator(".free-today a[href*='/microbook/']").first().getAttribute("href"))!, BASE_URL)
          .pathname;
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
