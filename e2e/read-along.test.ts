import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LEAD_MS, sentenceAt } from "../web/src/features/read-along/timeline";
import { BASE_URL, cspViolations, launchBrowser, openContext } from "./browser";

// Read-along in Chromium, on a narrated book's reader: the timings come from their signed URL and fall on the page's
// text (Custom Highlight ranges over its own text nodes), the keyboard's sentence cursor, the gate on the URL, and
// the highlight lead. Read-along with the persistent player playing for real (the spoken sentence painted and moving
// on, Enter on a later sentence moving the audio there) runs in pt, en and es in e2e/player.test.ts, whose app has a
// premium reader per language and a premium book for each (no dependence on the day's free book).
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
}, 120_000);
afterAll(() => browser?.close());

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");

async function signUp(context: BrowserContext) {
  const response = await context.request.post(`${BASE_URL}/graphql`, {
    headers: { "content-type": "application/json" },
    data: {
      query: `mutation ($email: String!, $password: String!) { signUp(email: $email, password: $password) { __typename } }`,
      variables: { email: `read-along-${Date.now()}@example.com`, password: "a quiet reading hour" },
    },
  });
  expect(await response.json()).toMatchObject({ data: { signUp: { __typename: "AuthSession" } } });
}

/** The text painted under a CSS Custom Highlight name, or null. */
const painted = (page: Page, name: string) =>
  page.evaluate((highlight) => {
    const registry = CSS.highlights as unknown as Map<string, Set<Range>>;
    const ranges = registry.get(highlight);
    return ranges ? Array.from(ranges, (range) => range.toString()).join("|") : null;
  }, name);

describe("read-along", () => {
  it(
    "en: the narrated free microbook's sentences are timed on the page, reachable by keyboard; its timings' URL is gated",
    { timeout: 120_000 },
    async () => {
      const context = await openContext(browser, { locale: "en-US", viewport: { width: 1000, height: 700 } });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(error.message));
      await signUp(context);
      await page.goto(`${BASE_URL}/en`);
      const bookPath = (await page.locator(".free-today a[href*='/microbook/']").first().getAttribute("href"))!;
      const timingsLoaded = page.waitForResponse((response) => response.url().includes(".timings.json"));
      await page.goto(`${BASE_URL}${bookPath}/read`);
      const timings = await timingsLoaded;
      expect(timings.status()).toBe(200);
      expect(timings.headers()["cache-control"]).toMatch(/^private, max-age=\d+$/);
      const body = (await timings.json()) as { sentences: { part: string; chapter: number | null; from: number; to: number }[] };
      expect(body.sentences.length).toBeGreaterThan(20);

      // The text's one Tab stop: the introduction's first paragraph; ↓ moves the sentence cursor along its sentences.
      const stop = page.locator('[data-read-along-paragraph][tabindex="0"]');
      await expect.poll(() => stop.count()).toBe(1);
      expect(await page.locator("[data-read-along-paragraph]").count()).toBeGreaterThan(5);
      await stop.focus();
      const intro = await page
        .locator('[data-reader-chapter="intro"]')
        .evaluate((chapter) => Array.from(chapter.querySelectorAll("p"), (p) => p.textContent).join("\n\n"));
      const introSentences = body.sentences.filter((s) => s.part === "text" && s.chapter === null).map((s) => intro.slice(s.from, s.to));
      expect(await painted(page, "brevia-read-along-cursor")).toBe(introSentences[0]);
      await page.keyboard.press("ArrowDown");
      expect(await painted(page, "brevia-read-along-cursor")).toBe(introSentences[1]);
      // Nothing is spoken, so nothing is painted as spoken.
      expect(await painted(page, "brevia-read-along")).toBeNull();

      // The timings' URL with its signature altered, or without one: refused.
      const url = new URL(timings.url());
      const altered = `${url.pathname}?expires=${url.searchParams.get("expires")}&sig=${url.searchParams.get("sig")!.slice(0, -2)}AA`;
      expect((await context.request.get(`${BASE_URL}${altered}`)).status()).toBe(403);
      expect((await context.request.get(`${BASE_URL}${url.pathname}`)).status()).toBe(403);

      await page.evaluate(AXE_SOURCE);
      const results = (await page.evaluate("axe.run()")) as { violations: { id: string; impact: string }[] };
      expect(results.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual([]);
      expect(errors).toEqual([]);
      expect(await cspViolations(context)).toEqual([]);
      await context.close();
    },
  );

  /**
   * The highlight lead in Chromium: the reader's own lookup (sentenceAt, LEAD_MS) run per animation frame against an
   * audio clock at 1×, 1.5× and 2×, the switch painted on the next frame; the lead is how long before the sentence's
   * start that paint lands. At most LEAD_MS by construction; late only if a frame stalls for longer than the lead.
   */
  it("measures the highlight lead per frame at 1×, 1.5× and 2×: within 100 ms before each sentence", { timeout: 120_000 }, async () => {
    // A blank page: the frames are the browser's, not slowed by a page's own work.
    const context = await openContext(browser, { locale: "en-US" });
    const page = await context.newPage();
    const leads = await page.evaluate(
      async ({ source, lead }) => {
        const lookup = new Function(`return ${source}`)() as (s: { startMs: number }[], ms: number, lead: number) => number;
        const result: Record<string, { min: number; median: number; max: number }> = {};
        for (const rate of [1, 1.5, 2]) {
          // Twenty sentences 0.7–1.9 s apart, as the narrations have them.
          const sentences: { startMs: number }[] = [];
          for (let i = 0, t = 300; i < 20; i++, t += 700 + ((i * 337) % 1200)) sentences.push({ startMs: t });
          const t0 = performance.now();
          const clock = () => (performance.now() - t0) * rate;
          const measured: number[] = [];
          let current = -1;
          await new Promise<void>((done) => {
            const tick = () => {
              const index = lookup(sentences, clock(), lead);
              if (index !== current) {
                current = index;
                requestAnimationFrame(() => void (index >= 0 && measured.push(sentences[index]!.startMs - clock())));
              }
              if (clock() < sentences[19]!.startMs + 200) requestAnimationFrame(tick);
              else done();
            };
            requestAnimationFrame(tick);
          });
          measured.sort((a, b) => a - b);
          result[`${rate}x`] = { min: measured[0]!, median: measured[measured.length >> 1]!, max: measured[measured.length - 1]! };
        }
        return result;
      },
      { source: sentenceAt.toString(), lead: LEAD_MS },
    );
    console.log(`read-along highlight lead (ms before the sentence starts): ${JSON.stringify(leads)}`);
    for (const { median, max } of Object.values(leads)) {
      expect(max).toBeLessThanOrEqual(100);
      expect(median).toBeGreaterThan(0);
    }
    await context.close();
  });
});
