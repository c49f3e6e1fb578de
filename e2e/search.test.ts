import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BASE_URL, cspViolations, launchBrowser, openContext } from "./browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
}, 120_000);
afterAll(() => browser?.close());

const journeys = [
  {
    locale: "pt-BR",
    prefix: "",
    // "sonos" would not do: its stem is a word of the catalogue's Portuguese ("sono"), so it is not corrected.
    typed: "interpretacao dos sonhs",
    marked: ["interpretação", "sonhos"],
    slug: "the-interpretation-of-dreams",
  },
  {
    locale: "en-US",
    prefix: "/en",
    typed: "chemical histroy of a candel",
    marked: ["Chemical", "History", "Candle"],
    slug: "the-chemical-history-of-a-candle",
  },
  { locale: "es-ES", prefix: "/es", typed: "el princpe maquiavelo", marked: ["príncipe"], slug: "the-prince" },
];

describe("search", () => {
  for (const journey of journeys) {
    it(`finds a misspelt title in ${journey.locale}, highlights it and opens the book`, { timeout: 60_000 }, async () => {
      const context = await openContext(browser, { locale: journey.locale });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(error.message));
      await page.goto(`${BASE_URL}${journey.prefix || "/"}`);

      // "/" from anywhere focuses the header's search box (once the page is hydrated: pressed until then);
      // Enter opens the search page.
      await expect
        .poll(
          async () => {
            await page.keyboard.press("/");
            return page.evaluate<string | null>("document.activeElement?.getAttribute('name') ?? null");
          },
          { timeout: 20_000 },
        )
        .toBe("q");
      await page.keyboard.type(journey.typed.slice(0, 6));
      await page.keyboard.press("Enter");
      await page.waitForURL(
        (url) => url.pathname === `${journey.prefix}/search` && url.searchParams.get("q") === journey.typed.slice(0, 6),
      );

      // Results follow the typing; the URL keeps in step without a history entry per keystroke.
      const input = page.locator("#search-input");
      await expect.poll(() => page.evaluate<string | null>("document.activeElement?.id ?? null"), { timeout: 10_000 }).toBe("search-input");
      const historyBefore = await page.evaluate<number>("history.length");
      await input.pressSequentially(journey.typed.slice(6), { delay: 30 });
      await page.waitForURL((url) => url.searchParams.get("q") === journey.typed);
      expect(await page.evaluate<number>("history.length")).toBe(historyBefore);
      const first = page.locator(".search-result").first();
      await expect
        .poll(() => first.locator("a[data-result]").getAttribute("href"), { timeout: 10_000 })
        .toBe(`${journey.prefix}/microbook/${journey.slug}`);
      expect(await first.locator(".search-result__title mark").allTextContents()).toEqual(journey.marked);

      // Arrow down to the first result, Enter opens it.
      await input.press("ArrowDown");
      await page.keyboard.press("Enter");
      await page.waitForURL((url) => url.pathname === `${journey.prefix}/microbook/${journey.slug}`);
      await expect.poll(() => page.locator("h1").textContent(), { timeout: 10_000 }).toContain(journey.marked[0]);

      // The search is shareable: its URL renders on the server with the results.
      const html = await (await fetch(`${BASE_URL}${journey.prefix}/search?q=${encodeURIComponent(journey.typed)}`)).text();
      expect(html).toContain(`href="${journey.prefix}/microbook/${journey.slug}"`);
      expect(html).toContain(`<mark>${journey.marked[0]}</mark>`);
      expect(errors).toEqual([]);
      expect(await cspViolations(context), "Content-Security-Policy violations").toEqual([]);
      await context.close();
    });
  }
});
