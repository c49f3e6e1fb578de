import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BASE_URL, cspViolations, launchBrowser, openContext, waitForApp } from "./browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
}, 120_000);
afterAll(() => browser?.close());

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** Today's free microbook's page, opened from the home page as a visitor. */
async function openFreeBook(page: Page) {
  await page.goto(`${BASE_URL}/en`);
  await waitForApp(page);
  await page.locator(".free-today").getByRole("link", { name: "Read it free today" }).click();
  await page.waitForURL(/\/en\/microbook\/[a-z0-9-]+$/, { waitUntil: "commit" });
  await expect.poll(() => page.locator("article.microbook h1").count()).toBe(1);
  await waitForApp(page);
}

const SIZES = [
  { name: "a laptop", viewport: { width: 1280, height: 800 } },
  { name: "a phone", viewport: { width: 390, height: 844 } },
];

describe("the app's shell", () => {
  for (const { name, viewport } of SIZES) {
    it(`on ${name}, a toast never covers the header's controls nor the bottom bar's`, { timeout: 60_000 }, async () => {
      const context = await openContext(browser, { locale: "en-US", viewport });
      const page = await context.newPage();
      await openFreeBook(page);
      // Sharing says what happened in a toast (the link copied, or not).
      await page.getByRole("button", { name: "Share" }).click();
      const toast = page.locator(".toast");
      await expect.poll(() => toast.count()).toBe(1);
      await page.evaluate("window.scrollTo(0, 0)");
      const toastBox = (await toast.boundingBox())!;
      const controls = page.locator(".site-header, .bottom-nav").locator("a, button, input, select");
      const covered: string[] = [];
      for (const control of await controls.all()) {
        const box = await control.boundingBox();
        if (box && box.width > 0 && overlaps(box, toastBox))
          covered.push((await control.getAttribute("aria-label")) ?? (await control.innerText()));
      }
      expect(covered).toEqual([]);
      // Still on screen.
      expect(toastBox.y + toastBox.height).toBeLessThanOrEqual(viewport.height);
      expect(await cspViolations(context)).toEqual([]);
      await context.close();
    });

    it(`on ${name}, the free book's cover keeps its shape on its page (no bands above and below)`, { timeout: 60_000 }, async () => {
      const context = await openContext(browser, { locale: "en-US", viewport });
      const page = await context.newPage();
      await openFreeBook(page);
      const cover = page.locator(".microbook__cover");
      // The DOM's types are not the journeys' (Node): the image's own size, read in the page.
      type Picture = { complete: boolean; naturalWidth: number; naturalHeight: number };
      await expect
        .poll(() => cover.evaluate((img) => (img as unknown as Picture).complete && (img as unknown as Picture).naturalWidth > 0))
        .toBe(true);
      const box = (await cover.boundingBox())!;
      const natural = await cover.evaluate((img) => (img as unknown as Picture).naturalHeight / (img as unknown as Picture).naturalWidth);
      // The box has the picture's own proportions (2:3), so no part of it is left empty.
      expect(natural).toBeCloseTo(1.5, 2);
      expect(box.height / box.width).toBeCloseTo(natural, 1);
      await context.close();
    });
  }

  it(
    "on a phone's 2× screen, each cover is fetched at the width its place needs (srcset), not the largest",
    { timeout: 60_000 },
    async () => {
      const context = await openContext(browser, { locale: "en-US", viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 });
      const page = await context.newPage();
      await page.goto(`${BASE_URL}/en`);
      await waitForApp(page);
      /** The rendition the browser chose for the first image matching `selector`, once it has loaded. */
      const chosen = async (selector: string) => {
        const image = page.locator(selector).first();
        await image.scrollIntoViewIfNeeded();
        type Picture = { decode(): Promise<void>; currentSrc: string };
        return image.evaluate(async (img) => {
          await (img as unknown as Picture).decode();
          return (img as unknown as Picture).currentSrc;
        });
      };
      // A card's cover is 150 px wide: 300 pixels on this screen, the 300 px rendition.
      expect(await chosen(".card__cover")).toMatch(/\/covers\/[a-z0-9]+\.(pt|en|es)\.300w\.webp$/);
      // Today's free book's is 180 px wide: 360 pixels, so the 450 px one (at its plain address).
      expect(await chosen(".free-today img")).toMatch(/\/covers\/[a-z0-9]+\.(pt|en|es)\.webp$/);
      expect(await cspViolations(context)).toEqual([]);
      await context.close();
    },
  );
});
