import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BASE_URL, cspViolations, launchBrowser, openContext } from "./browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
}, 120_000);
afterAll(() => browser?.close());

describe("a visitor discovering the catalogue", () => {
  it("goes from the home page to a category, sorts it, pages a listing and opens a microbook", { timeout: 90_000 }, async () => {
    const context = await openContext(browser, { locale: "pt-BR" });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("console", (message) => message.type() === "error" && errors.push(message.text()));
    page.on("pageerror", (error) => errors.push(error.message));
    await page.goto(`${BASE_URL}/`);
    for (const heading of ["Em alta", "Microbooks mais recentes", "Originais: trilhas de aprendizado", "Categorias"]) {
      await expect.poll(() => page.getByRole("heading", { level: 2, name: heading }).count(), { message: heading }).toBe(1);
    }

    // A category from the home page's tiles.
    const tile = page.locator(".category-tile__link").first();
    const categoryName = (await tile.locator(".category-tile__name").textContent())!;
    await tile.click();
    await page.waitForURL(/\/categories\/[a-z0-9-]+$/, { waitUntil: "commit" });
    await expect.poll(() => page.locator("h1").textContent()).toBe(categoryName);
    expect(await page.title()).toBe(`${categoryName} · Brevia`);
    expect(await page.locator(".card").count()).toBeGreaterThan(0);
    await page.getByRole("navigation", { name: "Ordenar por" }).getByRole("link", { name: "A–Z" }).click();
    await page.waitForURL(/\?sort=title$/, { waitUntil: "commit" });
    await expect.poll(() => page.getByRole("link", { name: "A–Z" }).getAttribute("aria-current")).toBe("true");
    const titles = await page.locator(".card__title").allTextContents();
    expect(titles).toEqual([...titles].sort((a, b) => a.localeCompare(b, "pt", { sensitivity: "base" })));

    // The latest microbooks, page 2 (the bundled catalogue holds more than one page).
    await page.locator(".brand").click();
    await page.getByRole("link", { name: "Ver todos os lançamentos" }).click();
    await page.waitForURL(/\/latest$/, { waitUntil: "commit" });
    await expect.poll(() => page.locator("h1").textContent()).toBe("Microbooks mais recentes");
    const firstPage = await page.locator(".card__title").allTextContents();
    await page.getByRole("navigation", { name: "Páginas" }).getByRole("link", { name: "Próxima" }).click();
    await page.waitForURL(/\/latest\?page=2$/, { waitUntil: "commit" });
    await expect.poll(() => page.locator(".pagination__where").textContent()).toMatch(/^Página 2 de \d+$/);
    const secondPage = await page.locator(".card__title").allTextContents();
    expect(secondPage.length).toBeGreaterThan(0);
    expect(secondPage.filter((title) => firstPage.includes(title))).toEqual([]);
    // The address is the page: a reload shows page 2 again, rendered by the server.
    await page.reload();
    await expect.poll(() => page.locator(".pagination__where").textContent()).toMatch(/^Página 2 de/);
    expect(await page.title()).toBe("Microbooks mais recentes, página 2 · Brevia");

    // A microbook from page 2, and its category link.
    const book = page.locator(".card__link").first();
    const title = (await book.locator("h3").textContent())!;
    await book.click();
    await page.waitForURL(/\/microbook\/[a-z0-9-]+$/, { waitUntil: "commit" });
    await expect.poll(() => page.locator("h1").textContent()).toBe(title);
    expect(await page.getByRole("list", { name: "Disponível em" }).getByRole("listitem").first().textContent()).toBe("Texto");
    await page.locator(".microbook__category a").click();
    await page.waitForURL(/\/categories\/[a-z0-9-]+$/, { waitUntil: "commit" });
    await expect.poll(() => page.locator(".card__title").allTextContents()).toContain(title);

    expect(errors).toEqual([]);
    expect(await cspViolations(context), "Content-Security-Policy violations").toEqual([]);
    await context.close();
  });

  it(
    "opens this week's playlist and an original in English, their microbooks in order, and the upgrade modal",
    { timeout: 60_000 },
    async () => {
      const context = await openContext(browser, { locale: "en-US" });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on("console", (message) => message.type() === "error" && errors.push(message.text()));
      page.on("pageerror", (error) => errors.push(error.message));
      await page.goto(`${BASE_URL}/en/playlists`);
      await expect.poll(() => page.locator("h1").textContent()).toBe("Weekly playlists");
      await page.locator(".playlist-card__title a").first().click();
      await page.waitForURL(/\/en\/playlists\/[a-z0-9-]+$/, { waitUntil: "commit" });
      await expect.poll(() => page.locator(".playlist__items .card").count()).toBeGreaterThan(2);

      await page.goto(`${BASE_URL}/en/originals`);
      await page.locator(".original-card__title a").first().click();
      await page.waitForURL(/\/en\/originals\/[a-z0-9-]+$/, { waitUntil: "commit" });
      await expect.poll(() => page.locator(".original__step").count()).toBeGreaterThan(2);
      const steps = await page.locator(".original__step-text h3").allTextContents();
      expect(steps).toEqual(steps.map((_, i) => `Step ${i + 1}`));

      // A locked microbook opens the upgrade modal: numbers from the catalogue, quotations, FAQ, the trial.
      const free = await fetch(`${BASE_URL}/graphql`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: '{"query":"{ freeMicrobookToday { slug } catalogueStats { microbooks categories } }"}',
      });
      const { data } = (await free.json()) as {
        data: { freeMicrobookToday: { slug: string }; catalogueStats: { microbooks: number; categories: number } };
      };
      const locked = data.freeMicrobookToday.slug === "meditations" ? "walden" : "meditations";
      await page.goto(`${BASE_URL}/en/microbook/${locked}`);
      await page.getByRole("button", { name: "See what Premium includes" }).click();
      const dialog = page.getByRole("dialog", { name: "Read and listen to everything with Premium" });
      await expect.poll(() => dialog.isVisible()).toBe(true);
      await expect
        .poll(() => dialog.locator(".upgrade__benefits li").first().textContent())
        .toBe(`Every microbook in the catalogue: ${data.catalogueStats.microbooks} in ${data.catalogueStats.categories} categories`);
      expect(await dialog.locator("figcaption").count()).toBeGreaterThan(2);
      expect(await dialog.locator("details summary").first().textContent()).toBe("What is a microbook?");
      expect(await dialog.getByRole("link", { name: "Try Premium free for 7 days" }).getAttribute("href")).toBe("/en/try-now");
      await page.keyboard.press("Escape");
      await expect.poll(() => dialog.count()).toBe(0);

      expect(errors).toEqual([]);
      // An unknown learning path is the not-found page (the browser logs the 404 itself).
      const missing = await page.goto(`${BASE_URL}/en/originals/no-such-path`);
      expect(missing?.status()).toBe(404);
      await expect.poll(() => page.locator("h1").textContent()).toBe("We couldn't find the page you were looking for.");
      expect(await cspViolations(context), "Content-Security-Policy violations").toEqual([]);
      await context.close();
    },
  );
});
