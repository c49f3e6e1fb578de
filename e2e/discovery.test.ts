import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BASE_URL, cspViolations, launchBrowser, openContext } from "./browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
}, 120_000);
afterAll(() => browser?.close());

/** What the journeys read and click, in each language (the app's own translations). */
const LANGUAGES = [
  {
    language: "pt",
    browserLocale: "pt-BR",
    prefix: "",
    freeToday: "O microbook grátis de hoje",
    readFree: "Leia grátis hoje",
    latest: "Microbooks mais recentes",
    seeAllLatest: "Ver todos os lançamentos",
    sortBy: "Ordenar por",
    pages: "Páginas",
    next: "Próxima",
    pageTwo: /^Página 2 de \d+$/,
    pageTitle: (name: string) => `${name}, página 2 · Brevia`,
    upgrade: "Veja o que o Premium inclui",
    upgradeDialog: "Leia e ouça tudo com o Premium",
  },
  {
    language: "en",
    browserLocale: "en-US",
    prefix: "/en",
    freeToday: "Today's free microbook",
    readFree: "Read it free today",
    latest: "Latest microbooks",
    seeAllLatest: "See all latest",
    sortBy: "Sort by",
    pages: "Pages",
    next: "Next",
    pageTwo: /^Page 2 of \d+$/,
    pageTitle: (name: string) => `${name}, page 2 · Brevia`,
    upgrade: "See what Premium includes",
    upgradeDialog: "Read and listen to everything with Premium",
  },
  {
    language: "es",
    browserLocale: "es-ES",
    prefix: "/es",
    freeToday: "El microlibro gratis de hoy",
    readFree: "Léelo gratis hoy",
    latest: "Microlibros más recientes",
    seeAllLatest: "Ver todas las novedades",
    sortBy: "Ordenar por",
    pages: "Páginas",
    next: "Siguiente",
    pageTwo: /^Página 2 de \d+$/,
    pageTitle: (name: string) => `${name}, página 2 · Brevia`,
    upgrade: "Mira lo que incluye Premium",
    upgradeDialog: "Lee y escucha todo con Premium",
  },
] as const;
type Language = (typeof LANGUAGES)[number];

/** A GraphQL answer for the context's browser (its session cookie included): what the API itself says. */
async function askApi<T>(context: BrowserContext, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const response = await context.request.post(`${BASE_URL}/graphql`, { data: { query, variables } });
  expect(response.status()).toBe(200);
  const body = (await response.json()) as { data: T; errors?: unknown };
  expect(body.errors).toBeUndefined();
  return body.data;
}

/** A page that records console errors and uncaught exceptions into `errors`. */
async function watchedPage(context: BrowserContext, errors: string[]): Promise<Page> {
  const page = await context.newPage();
  page.on("console", (message) => message.type() === "error" && errors.push(message.text()));
  page.on("pageerror", (error) => errors.push(error.message));
  return page;
}

const slugOf = (href: string | null) => href!.slice(href!.lastIndexOf("/") + 1);

/** The locked microbook's lock, and its upgrade button opening (and Escape closing) the upgrade modal. */
async function opensUpgradeModal(page: Page, l: Language) {
  // The text's lock (a narrated book shows the narration's lock too, a <p> of its own).
  await expect.poll(() => page.locator("div.notice--locked").count()).toBe(1);
  // Locked: the key ideas' titles only, no text.
  expect(await page.locator(".key-ideas__list li p").count()).toBe(0);
  await page.waitForLoadState("networkidle");
  await page.getByRole("button", { name: l.upgrade }).click();
  const dialog = page.getByRole("dialog", { name: l.upgradeDialog });
  await expect.poll(() => dialog.isVisible()).toBe(true);
  await page.keyboard.press("Escape");
  await expect.poll(() => dialog.count()).toBe(0);
}

describe.each(LANGUAGES)("discovery in $language (at $prefix/)", (l) => {
  it(
    "a visitor browses home → a category → page 2 → a microbook → the upgrade modal, and a playlist in the API's order",
    { timeout: 90_000 },
    async () => {
      const context = await openContext(browser, { locale: l.browserLocale });
      const errors: string[] = [];
      const page = await watchedPage(context, errors);
      const { freeMicrobookToday } = await askApi<{ freeMicrobookToday: { slug: string } }>(context, "{ freeMicrobookToday { slug } }");
      await page.goto(`${BASE_URL}${l.prefix || "/"}`);
      await expect.poll(() => page.getByRole("heading", { level: 2, name: l.freeToday }).count()).toBe(1);

      // A category from the home page's tiles, sorted A–Z (the sort is in the address).
      const tile = page.locator(".category-tile__link").first();
      const categoryName = (await tile.locator(".category-tile__name").textContent())!;
      await tile.click();
      await page.waitForURL(new RegExp(`^${BASE_URL}${l.prefix}/categories/[a-z0-9-]+$`), { waitUntil: "commit" });
      await expect.poll(() => page.locator("h1").textContent()).toBe(categoryName);
      expect(await page.title()).toBe(`${categoryName} · Brevia`);
      expect(await page.locator(".card").count()).toBeGreaterThan(0);
      await page.getByRole("navigation", { name: l.sortBy }).getByRole("link", { name: "A–Z" }).click();
      await page.waitForURL(/\?sort=title$/, { waitUntil: "commit" });
      await expect.poll(() => page.getByRole("link", { name: "A–Z" }).getAttribute("aria-current")).toBe("true");
      const titles = await page.locator(".card__title").allTextContents();
      expect(titles).toEqual([...titles].sort((a, b) => a.localeCompare(b, l.language, { sensitivity: "base" })));

      // Page 2 of the latest microbooks: the bundled catalogue's categories hold a few books each (the
      // server-render test pages a category of 30), the latest list holds more than a page.
      await page.locator(".brand").click();
      await page.getByRole("link", { name: l.seeAllLatest }).click();
      await page.waitForURL(new RegExp(`${l.prefix}/latest$`), { waitUntil: "commit" });
      await expect.poll(() => page.locator("h1").textContent()).toBe(l.latest);
      const firstPage = await page.locator(".card__title").allTextContents();
      await page.getByRole("navigation", { name: l.pages }).getByRole("link", { name: l.next }).click();
      await page.waitForURL(/\/latest\?page=2$/, { waitUntil: "commit" });
      await expect.poll(() => page.locator(".pagination__where").textContent()).toMatch(l.pageTwo);
      await expect.poll(() => page.title()).toBe(l.pageTitle(l.latest));
      const canonical = () => page.locator('link[rel="canonical"]').getAttribute("href");
      await expect.poll(canonical).toBe(`${BASE_URL}${l.prefix}/latest?page=2`);
      const secondPage = await page.locator(".card__title").allTextContents();
      expect(secondPage.length).toBeGreaterThan(0);
      expect(secondPage.filter((title) => firstPage.includes(title))).toEqual([]);
      // The address is the page: a reload shows page 2 again, rendered by the server.
      await page.reload();
      await expect.poll(() => page.locator(".pagination__where").textContent()).toMatch(l.pageTwo);
      expect(await page.title()).toBe(l.pageTitle(l.latest));
      expect(await canonical()).toBe(`${BASE_URL}${l.prefix}/latest?page=2`);
      expect(await page.locator('link[rel="prev"]').getAttribute("href")).toBe(`${BASE_URL}${l.prefix}/latest`);

      // A microbook from page 2 that is not today's free one: locked for a visitor.
      const links = page.locator(".card__link");
      const hrefs = await links.evaluateAll((anchors) => anchors.map((a) => a.getAttribute("href")));
      const locked = hrefs.findIndex((href) => slugOf(href) !== freeMicrobookToday.slug);
      const title = (await links.nth(locked).locator("h3").textContent())!;
      await links.nth(locked).click();
      await page.waitForURL(new RegExp(`${l.prefix}/microbook/[a-z0-9-]+$`), { waitUntil: "commit" });
      await expect.poll(() => page.locator("h1").textContent()).toBe(title);
      await opensUpgradeModal(page, l);
      // The microbook links to its category, which lists it.
      await page.locator(".microbook__category a").click();
      await page.waitForURL(new RegExp(`${l.prefix}/categories/[a-z0-9-]+$`), { waitUntil: "commit" });
      await expect.poll(() => page.locator(".card__title").allTextContents()).toContain(title);

      // A playlist lists its microbooks in the order the API gives.
      await page.goto(`${BASE_URL}${l.prefix}/playlists`);
      await page.locator(".playlist-card__title a").first().click();
      await page.waitForURL(new RegExp(`${l.prefix}/playlists/[a-z0-9-]+$`), { waitUntil: "commit" });
      await expect.poll(() => page.locator(".playlist__items .card").count()).toBeGreaterThan(2);
      const { playlist } = await askApi<{ playlist: { items: { nodes: { microbook: { slug: string } }[] } } }>(
        context,
        "query ($slug: String!) { playlist(slug: $slug) { items(first: 50) { nodes { microbook { slug } } } } }",
        { slug: slugOf(page.url()) },
      );
      const shown = await page.locator(".playlist__items .card__link").evaluateAll((anchors) => anchors.map((a) => a.getAttribute("href")));
      expect(shown.map(slugOf)).toEqual(playlist.items.nodes.map((item) => item.microbook.slug));

      expect(errors).toEqual([]);
      expect(await cspViolations(context), "Content-Security-Policy violations").toEqual([]);
      await context.close();
    },
  );

  it(
    "a free reader signs up, opens the book of the day from the home page and reads all of it; a locked book offers Premium",
    { timeout: 90_000 },
    async () => {
      const context = await openContext(browser, { locale: l.browserLocale });
      const errors: string[] = [];
      const page = await watchedPage(context, errors);
      await page.goto(`${BASE_URL}${l.prefix}/signup`);
      await page.waitForLoadState("networkidle");
      await page.locator('input[name="email"]').fill(`discovery-${l.language}-${Date.now()}@example.com`);
      await page.locator('input[name="password"]').fill("a quiet reading hour");
      await page.keyboard.press("Enter");
      // A new reader lands on the onboarding; this one leaves it for the home page (the header's logo).
      await page.waitForURL(new RegExp(`^${BASE_URL}${l.prefix}/welcome$`), { waitUntil: "commit" });
      await expect.poll(() => page.locator(".account-menu__email").count()).toBe(1);
      await page.waitForLoadState("networkidle");
      await page.locator(".brand").click();
      await page.waitForURL(new RegExp(`^${BASE_URL}${l.prefix || "/"}$`), { waitUntil: "commit" });

      // The book of the day, from the home page.
      const freeToday = page.getByRole("region", { name: l.freeToday });
      await freeToday.getByRole("link", { name: l.readFree }).click();
      await page.waitForURL(new RegExp(`${l.prefix}/microbook/[a-z0-9-]+$`), { waitUntil: "commit" });
      const slug = slugOf(page.url());
      await expect.poll(() => page.locator(".key-ideas__list li").count()).toBeGreaterThan(0);
      expect(await page.locator(".notice--locked").count()).toBe(0);
      // The whole text, as the API gives it to this reader: the introduction and every key idea.
      const language = (await page.locator("h1").getAttribute("lang"))!;
      const { microbook } = await askApi<{
        microbook: { edition: { content: { introduction: string; keyIdeas: { title: string; body: string }[] } | null } };
      }>(
        context,
        "query ($slug: String!, $language: Language!) { microbook(slug: $slug) { edition(language: $language) { content { introduction keyIdeas { title body } } } } }",
        { slug, language },
      );
      const content = microbook.edition.content!;
      expect(content.keyIdeas.length).toBeGreaterThan(0);
      // Compared without markup and spacing (the page renders *emphasis* and paragraphs).
      const plain = (text: string) => text.replace(/\*/g, "").replace(/\s+/g, "");
      const ideas = await page.locator(".key-ideas__list > li").allTextContents();
      expect(ideas.map(plain)).toEqual(content.keyIdeas.map((idea) => plain(idea.title + idea.body)));
      expect(plain((await page.locator(".key-ideas > div[lang]").textContent())!)).toBe(plain(content.introduction));

      // Another microbook is locked for a free reader: the lock, and the upgrade modal.
      const similar = page.locator(".card__link");
      expect(await similar.count()).toBeGreaterThan(0);
      await similar.first().click();
      await page.waitForURL((url) => url.pathname.includes("/microbook/") && !url.pathname.endsWith(`/${slug}`), { waitUntil: "commit" });
      await opensUpgradeModal(page, l);

      expect(errors).toEqual([]);
      expect(await cspViolations(context), "Content-Security-Policy violations").toEqual([]);
      await context.close();
    },
  );
});

describe("a visitor discovering the catalogue", () => {
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
      const dialog = page.getByRole("dialog", { name: "Read and listen to everything with Premium" });
      const seePremium = page.getByRole("button", { name: "See what Premium includes" });
      // The page is the server's HTML until the app hydrates: a click before then does nothing (as for a
      // reader), so it is repeated until the modal opens.
      await expect
        .poll(async () => {
          if (!(await dialog.isVisible())) await seePremium.click();
          return dialog.isVisible();
        })
        .toBe(true);
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
