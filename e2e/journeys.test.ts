import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BASE_URL, cspViolations, launchBrowser, openContext, waitForApp } from "./browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
  // Warm the server (first free-pick and query planning) so the first journey measures the app, not a cold start.
  await fetch(`${BASE_URL}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: '{"query":"{ freeMicrobookToday { slug } }"}',
  });
}, 120_000);
afterAll(() => browser?.close());

describe("a visitor", () => {
  it("opens the home page in Portuguese, follows a microbook, switches to English and back", { timeout: 60_000 }, async () => {
    const context = await openContext(browser, { locale: "pt-BR" });
    const page = await context.newPage();
    // A language switch once raced its cache reset against the page's query: fail on any such error.
    const errors: string[] = [];
    page.on("console", (message) => message.type() === "error" && errors.push(message.text()));
    page.on("pageerror", (error) => errors.push(error.message));
    // Every query goes out as a GET carrying only its registered hash (persisted operations).
    const graphqlRequests: { method: string; url: URL }[] = [];
    page.on("request", (request) => {
      const url = new URL(request.url());
      if (url.pathname === "/graphql") graphqlRequests.push({ method: request.method(), url });
    });
    await page.goto(`${BASE_URL}/`);
    await expect.poll(() => page.locator("h1").first().textContent()).toContain("As ideias-chave dos grandes livros");
    expect(await page.getAttribute("html", "lang")).toBe("pt-BR");
    // The app loads after the server's page has painted: once it has taken over, links navigate in the page.
    await waitForApp(page);

    const firstBook = page.locator(".card__link").first();
    const title = (await firstBook.locator("h3").textContent())!;
    await firstBook.click();
    await page.waitForURL(/\/microbook\/[a-z0-9-]+$/, { waitUntil: "commit" });
    await expect.poll(() => page.locator("h1").textContent()).toBe(title);
    expect(await page.locator("#ideas-title").textContent()).toBe("Ideias-chave");
    // The client-side navigation moved focus to the new page's heading and announced its title.
    await expect.poll(() => page.evaluate("document.activeElement?.tagName")).toBe("H1");
    await expect.poll(() => page.locator("[data-route-announcer]").textContent()).toBe(`${title} · Brevia`);

    // The language switcher: links to this page in each language.
    await page.getByRole("navigation", { name: "Idioma" }).getByRole("link", { name: "English" }).click();
    await page.waitForURL(/\/en\/microbook\/[a-z0-9-]+$/, { waitUntil: "commit" });
    await expect.poll(() => page.locator("#ideas-title").textContent()).toBe("Key ideas");
    const localeCookie = async () => (await context.cookies()).find((c) => c.name === "i18n_redirected");
    const cookie = await localeCookie();
    expect(cookie?.value).toBe("en");
    expect(cookie!.expires - Date.now() / 1000).toBeGreaterThan(364 * 24 * 3600);
    // Back to Portuguese from the English home: the choice is remembered, so the unprefixed home stays.
    await page.locator(".brand").click();
    await page.waitForURL(/\/en$/, { waitUntil: "commit" });
    await expect.poll(() => page.locator("h1").first().textContent()).toContain("key ideas");
    await page.getByRole("navigation", { name: "Language" }).getByRole("link", { name: "Português" }).click();
    await page.waitForURL((url) => url.pathname === "/", { waitUntil: "commit" });
    await expect.poll(() => page.locator("h1").first().textContent()).toContain("As ideias-chave dos grandes livros");
    expect((await localeCookie())?.value).toBe("pt");
    await page.reload();
    await expect.poll(() => page.locator("h1").first().textContent()).toContain("As ideias-chave dos grandes livros");
    expect(new URL(page.url()).pathname).toBe("/");
    expect(graphqlRequests.length).toBeGreaterThan(0);
    for (const { method, url } of graphqlRequests) {
      expect(method, url.search).toBe("GET");
      expect(url.searchParams.get("query"), url.search).toBeNull();
      expect(JSON.parse(url.searchParams.get("extensions")!).persistedQuery.sha256Hash).toMatch(/^[0-9a-f]{64}$/);
    }
    expect(errors).toEqual([]);
    expect(await cspViolations(context), "Content-Security-Policy violations").toEqual([]);
    await context.close();
  });

  it("gets the page rendered by the server, and the browser takes it over without asking again", async () => {
    const context = await openContext(browser, { locale: "en-US" });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("console", (message) => message.type() === "error" && errors.push(message.text()));
    page.on("pageerror", (error) => errors.push(error.message));
    const graphqlRequests: string[] = [];
    page.on("request", (request) => new URL(request.url()).pathname === "/graphql" && graphqlRequests.push(request.url()));
    const response = await page.goto(`${BASE_URL}/en/microbook/meditations`);
    // The server's HTML already has the page and its head (a hydration mismatch would log an error).
    const html = await response!.text();
    expect(html).toContain('<html lang="en">');
    expect(html).toContain("<title>Meditations · Brevia</title>");
    expect(html).toMatch(/<h1 lang="en">Meditations<\/h1>/);
    await waitForApp(page);
    expect(graphqlRequests, "the browser refetched what the server sent").toEqual([]);
    // Hydrated: a client-side navigation works and fetches the next page only.
    await page.locator(".brand").click();
    await page.waitForURL(/\/en$/, { waitUntil: "commit" });
    await expect.poll(() => page.locator("h1").first().textContent()).toContain("key ideas");
    expect(graphqlRequests.length).toBe(1);
    expect(await page.title()).toBe("Brevia: great non-fiction in 12 minutes");
    expect(errors).toEqual([]);
    expect(await cspViolations(context), "Content-Security-Policy violations").toEqual([]);
    await context.close();
  });

  it("lands in their browser's language on a first visit", async () => {
    const context = await openContext(browser, { locale: "es-MX" });
    const page = await context.newPage();
    await page.goto(`${BASE_URL}/`);
    await page.waitForURL(/\/es$/, { waitUntil: "commit" });
    await expect.poll(() => page.locator("h1").first().textContent()).toContain("Las ideas clave");
    expect(await cspViolations(context), "Content-Security-Policy violations").toEqual([]);
    await context.close();
  });

  it("reads a Spanish microbook at /es/microbook/{slug}", async () => {
    const context = await openContext(browser, { locale: "es-MX" });
    const page = await context.newPage();
    await page.goto(`${BASE_URL}/es/microbook/meditations`);
    await expect.poll(() => page.locator("h1").textContent()).toBe("Meditaciones");
    expect(await page.locator("h1").getAttribute("lang")).toBe("es");
    expect(await cspViolations(context), "Content-Security-Policy violations").toEqual([]);
    await context.close();
  });

  it("hears today's free microbook: the narration streams in byte ranges and jumps to a chapter", async () => {
    const answer = await fetch(`${BASE_URL}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json", "accept-language": "en" },
      body: JSON.stringify({
        query: "{ freeMicrobookToday { slug edition(language: en) { audio { durationSeconds chapters { startSeconds } } } } }",
      }),
    });
    const { data } = (await answer.json()) as {
      data: { freeMicrobookToday: { slug: string; edition: { audio: { durationSeconds: number; chapters: { startSeconds: number }[] } } } };
    };
    const { slug, edition } = data.freeMicrobookToday;
    const context = await openContext(browser, { locale: "en-US" });
    const page = await context.newPage();
    const audioStatuses: number[] = [];
    page.on("response", (response) => response.url().includes("/audio/") && audioStatuses.push(response.status()));
    await page.goto(`${BASE_URL}/en/microbook/${slug}`);

    // "Listen" starts it in the one player at the bottom of the page (pressed again until the page has hydrated).
    const listen = page.getByRole("button", { name: "Listen", exact: true });
    await expect
      .poll(async () => {
        if ((await page.locator(".mini-player").count()) === 0) await listen.click().catch(() => undefined);
        return page.locator(".mini-player").count();
      })
      .toBe(1);
    const player = page.locator("audio");
    expect(await player.count()).toBe(1);
    await expect
      .poll(() => player.evaluate((audio) => (audio as unknown as { duration: number }).duration))
      .toBeCloseTo(edition.audio.durationSeconds, 0);
    const chapters = page.getByRole("list", { name: "Chapters" }).getByRole("button");
    expect(await chapters.count()).toBe(edition.audio.chapters.length);
    await chapters.nth(3).click();
    await expect.poll(() => chapters.nth(3).getAttribute("aria-current")).toBe("true");
    const chapterStart = edition.audio.chapters[3]!.startSeconds;
    await expect
      .poll(() => player.evaluate((audio) => (audio as unknown as { currentTime: number }).currentTime))
      .toBeGreaterThanOrEqual(chapterStart - 0.5);
    expect(audioStatuses).toContain(206);
    expect(await cspViolations(context), "Content-Security-Policy violations").toEqual([]);
    await context.close();
  });

  it("is told when the narration cannot be loaded (an expired link)", async () => {
    const context = await openContext(browser, { locale: "en-US" });
    const page = await context.newPage();
    await page.route("**/audio/**", (route) => route.fulfill({ status: 403, contentType: "text/plain", body: "expired" }));
    const answer = await fetch(`${BASE_URL}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: '{"query":"{ freeMicrobookToday { slug } }"}',
    });
    const { data } = (await answer.json()) as { data: { freeMicrobookToday: { slug: string } } };
    await page.goto(`${BASE_URL}/en/microbook/${data.freeMicrobookToday.slug}`);
    const listen = page.getByRole("button", { name: "Listen", exact: true });
    await expect
      .poll(async () => {
        if ((await page.locator(".player").count()) === 0) await listen.click().catch(() => undefined);
        return page.locator(".player__failed").textContent();
      })
      .toBe("The audio could not be loaded. Reload the page to try again.");
    expect(await page.getByRole("alert").filter({ hasText: "The audio could not be loaded" }).count()).toBe(1);
    expect(await cspViolations(context), "Content-Security-Policy violations").toEqual([]);
    await context.close();
  });

  it("gets a 404 and the not-found page, with a suggested microbook, on an unknown path", async () => {
    const context = await openContext(browser, { locale: "en-US" });
    const page = await context.newPage();
    const response = await page.goto(`${BASE_URL}/en/no-such-page`);
    expect(response?.status()).toBe(404);
    await expect.poll(() => page.locator("h1").textContent()).toBe("We couldn't find the page you were looking for.");
    await expect.poll(() => page.locator(".not-found__suggestion .card__link").count()).toBe(1);
    expect(await cspViolations(context), "Content-Security-Policy violations").toEqual([]);
    await context.close();
  });
});

describe("the Content-Security-Policy", () => {
  it("refuses a script injected into a page, and the journeys' check reports it", async () => {
    const context = await openContext(browser, { locale: "en-US" });
    const page = await context.newPage();
    await page.goto(`${BASE_URL}/en`);
    await expect.poll(() => page.locator("h1").first().textContent()).toContain("key ideas");
    // What an XSS would do. (Playwright's own evaluate is exempt from the page's CSP; the element is not.)
    await page.evaluate(
      `{ const s = document.createElement("script"); s.textContent = "window.injected = true"; document.head.append(s); }`,
    );
    await expect.poll(() => cspViolations(context)).toMatchObject([{ page: "/en", directive: "script-src-elem", blocked: "inline" }]);
    expect(await page.evaluate("window.injected")).toBeUndefined();
    await context.close();
  });
});
