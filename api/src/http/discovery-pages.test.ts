import { beforeAll, describe, expect, it } from "vitest";
import type { Language } from "../generated/prisma/enums.js";
import { buildCategory, buildMicrobook, makeFreeToday } from "../test/factories.js";
import { useTestServer } from "../test/http.js";
import { useWebRenderer } from "../test/web-build.js";

// The discovery pages as the server renders them, in pt, en and es, from the web's server build.
const web = useWebRenderer();
// The origin the pages link to (PUBLIC_URL; the Host header is never used).
const server = useTestServer({
  web,
  env: { PUBLIC_URL: "http://brevia.test" },
  responseCacheNamespace: `discovery-${process.pid}`,
  resetBeforeEach: false,
});
const { db } = server;
const LANGS: Language[] = ["pt", "en", "es"];
const BOOKS = 30; // more than a page (24)

beforeAll(async () => {
  const category = await buildCategory(db.prisma, { slug: "philosophy", names: { pt: "Filosofia", en: "Philosophy", es: "Filosofía" } });
  const books = [];
  for (let i = 0; i < BOOKS; i++) {
    books.push(
      await buildMicrobook(db.prisma, {
        slug: `book-${i}`,
        categoryId: category.id,
        languages: ["en", "pt", "es"],
        createdAt: new Date(Date.UTC(2026, 0, 1 + i)),
      }),
    );
  }
  await makeFreeToday(db.prisma, books[0]!.id);
  await db.prisma.original.create({
    data: {
      slug: "think-like-a-stoic",
      specialistName: "Ana Souza",
      translations: {
        create: LANGS.map((language) => ({
          language,
          title: { pt: "Pense como um estoico", en: "Think like a Stoic", es: "Piensa como un estoico" }[language],
          specialistRole: "Professor",
          introduction: `Introduction ${language}`,
        })),
      },
      steps: {
        create: [books[2]!, books[1]!].map((book, position) => ({
          position,
          microbookId: book.id,
          translations: { create: LANGS.map((language) => ({ language, text: `Step text ${position} ${language}` })) },
        })),
      },
    },
  });
  await db.prisma.playlist.create({
    data: {
      slug: "stoic-week",
      week: "2026-W48",
      weekStart: new Date(Date.now() - 86_400_000 * 8),
      translations: {
        create: LANGS.map((language) => ({ language, title: `Stoic week ${language}`, description: `Three Stoics ${language}` })),
      },
      items: { create: [books[5]!, books[3]!, books[4]!].map((book, position) => ({ position, microbookId: book.id })) },
    },
  });
});

const prefix = (language: Language) => (language === "pt" ? "" : `/${language}`);
const page = (url: string) => {
  const language = /^\/(en|es)(\/|$|\?)/.exec(url)?.[1] ?? "pt";
  return server.app.inject({ url, headers: { host: "brevia.test", cookie: `i18n_redirected=${language}` } });
};
/** An <a> to `href` with `rel`, whatever the attributes' order. */
const link = (href: string, rel: string) =>
  new RegExp(`<a (?=[^>]*rel="${rel}")[^>]*href="${href.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}"`);
const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];
const descriptionOf = (html: string) => /<meta name="description" content="([^"]*)"/.exec(html)?.[1];

describe("discovery pages", () => {
  const TITLES: Record<string, Record<Language, string>> = {
    "/": {
      pt: "Brevia: grandes livros de não ficção em 12 minutos",
      en: "Brevia: great non-fiction in 12 minutes",
      es: "Brevia: grandes libros de no ficción en 12 minutos",
    },
    "/categories": { pt: "Categorias · Brevia", en: "Categories · Brevia", es: "Categorías · Brevia" },
    "/categories/philosophy": { pt: "Filosofia · Brevia", en: "Philosophy · Brevia", es: "Filosofía · Brevia" },
    "/trending": { pt: "Em alta · Brevia", en: "Trending · Brevia", es: "Tendencias · Brevia" },
    "/latest": { pt: "Microbooks mais recentes · Brevia", en: "Latest microbooks · Brevia", es: "Microlibros más recientes · Brevia" },
    "/originals": { pt: "Originais · Brevia", en: "Originals · Brevia", es: "Originales · Brevia" },
    "/originals/think-like-a-stoic": {
      pt: "Pense como um estoico · Brevia",
      en: "Think like a Stoic · Brevia",
      es: "Piensa como un estoico · Brevia",
    },
    "/playlists": { pt: "Playlists semanais · Brevia", en: "Weekly playlists · Brevia", es: "Playlists semanales · Brevia" },
    "/playlists/stoic-week": { pt: "Stoic week pt · Brevia", en: "Stoic week en · Brevia", es: "Stoic week es · Brevia" },
  };

  it("are rendered on the server in each language, each with its own title and description", async () => {
    const descriptions = new Set<string>();
    for (const [path, titles] of Object.entries(TITLES)) {
      for (const language of LANGS) {
        const url = path === "/" ? prefix(language) || "/" : `${prefix(language)}${path}`;
        const res = await page(url);
        expect(res.statusCode, url).toBe(200);
        expect(res.body, url).toContain(`<html lang="${language === "pt" ? "pt-BR" : language}">`);
        // Entities as the page escapes them (the latest title's Ú is plain text).
        expect(titleOf(res.body), url).toBe(titles[language]);
        const description = descriptionOf(res.body);
        expect(description, url).toBeTruthy();
        if (language === "en") descriptions.add(description!);
      }
    }
    expect(descriptions.size, "a description per page").toBe(Object.keys(TITLES).length);
    // A microbook page: its edition's title and subtitle, in the page's language.
    for (const language of LANGS) {
      const res = await page(`${prefix(language)}/microbook/book-1`);
      expect(titleOf(res.body)).toMatch(new RegExp(`^Title \\d+ \\(${language}\\) · Brevia$`));
      expect(descriptionOf(res.body)).toMatch(/^Subtitle \d+$/);
    }
  });

  it("pages a category with ?page=N: previous and next links, and a sort control that keeps the sort", async () => {
    const first = await page("/en/categories/philosophy?sort=newest");
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain("Page 1 of 2");
    expect(first.body).toMatch(link("/en/categories/philosophy?sort=newest&amp;page=2", "next"));
    expect(first.body).toContain("book-29");
    const second = await page("/en/categories/philosophy?sort=newest&page=2");
    expect(second.statusCode).toBe(200);
    expect(titleOf(second.body)).toBe("Philosophy, page 2 · Brevia");
    expect(second.body).toContain("Page 2 of 2");
    expect(second.body).toMatch(link("/en/categories/philosophy?sort=newest", "prev"));
    // Newest first: page 2 holds the 6 oldest.
    expect(second.body).toContain("/en/microbook/book-0");
    expect(second.body).not.toContain("/en/microbook/book-29");
    expect(second.body).toMatch(/<a[^>]*href="\/en\/categories\/philosophy\?sort=title"[^>]*>A–Z<\/a>/);
    expect(second.body).toMatch(/<a[^>]*aria-current="true"[^>]*>Newest<\/a>/);
  });

  it("gives each ?page=N its own canonical address, prev/next head links and title; page 1's has no ?page", async () => {
    const headLink = (html: string, rel: string) => new RegExp(`<link rel="${rel}" href="([^"]*)" />`).exec(html)?.[1];
    const first = (await page("/en/categories/philosophy?sort=newest&page=1")).body;
    expect(headLink(first, "canonical")).toBe("http://brevia.test/en/categories/philosophy?sort=newest");
    expect(headLink(first, "prev")).toBeUndefined();
    expect(headLink(first, "next")).toBe("http://brevia.test/en/categories/philosophy?sort=newest&#38;page=2");
    const second = (await page("/en/categories/philosophy?sort=newest&page=2")).body;
    expect(headLink(second, "canonical")).toBe("http://brevia.test/en/categories/philosophy?sort=newest&#38;page=2");
    expect(headLink(second, "prev")).toBe("http://brevia.test/en/categories/philosophy?sort=newest");
    expect(headLink(second, "next")).toBeUndefined();
    expect(second).toContain(
      '<link rel="alternate" hreflang="pt" href="http://brevia.test/categories/philosophy?sort=newest&#38;page=2" />',
    );
    for (const [language, title] of [
      ["pt", "Microbooks mais recentes, página 2 · Brevia"],
      ["en", "Latest microbooks, page 2 · Brevia"],
      ["es", "Microlibros más recientes, página 2 · Brevia"],
    ] as const) {
      const res = await page(`${prefix(language)}/latest?page=2`);
      expect(res.statusCode).toBe(200);
      expect(titleOf(res.body)).toBe(title);
      expect(headLink(res.body, "canonical")).toBe(`http://brevia.test${prefix(language)}/latest?page=2`);
      expect(headLink(res.body, "prev")).toBe(`http://brevia.test${prefix(language)}/latest`);
    }
    const unpaged = (await page("/es/trending")).body;
    expect(headLink(unpaged, "canonical")).toBe("http://brevia.test/es/trending");
    expect(headLink(unpaged, "next")).toBe("http://brevia.test/es/trending?page=2");
  });

  it("sizes every cover; the page's first cover is fetched first, covers past the first row load lazily", async () => {
    /** The page's <img> elements (the body: the head has none), with their attributes. */
    const images = (html: string) =>
      [...html.slice(html.indexOf('<div id="root">')).matchAll(/<img\b([^>]*)>/g)].map((m) =>
        Object.fromEntries([...m[1]!.matchAll(/([a-zA-Z-]+)="([^"]*)"/g)].map((a) => [a[1]!.toLowerCase(), a[2]!])),
      );
    for (const url of [
      "/categories/philosophy",
      "/en/latest",
      "/es/trending?page=2",
      "/en/playlists/stoic-week",
      "/en",
      "/es/microbook/book-1",
    ]) {
      const found = images((await page(url)).body);
      expect(found.length, url).toBeGreaterThan(0);
      for (const img of found) {
        expect(Number(img.width), `${url}: ${img.src}`).toBeGreaterThan(0);
        expect(Number(img.height), `${url}: ${img.src}`).toBeGreaterThan(0);
      }
      // The largest image above the fold (the first card, the book of the day, the book's cover).
      expect(found[0], url).toMatchObject({ fetchpriority: "high" });
      expect(found[0]!.loading, url).not.toBe("lazy");
      expect(
        found.filter((img) => img.fetchpriority === "high"),
        url,
      ).toHaveLength(1);
    }
    const grid = images((await page("/en/categories/philosophy")).body);
    expect(grid).toHaveLength(24);
    expect(grid.slice(0, 6).map((img) => img.loading)).toEqual(["eager", "eager", "eager", "eager", "eager", "eager"]);
    expect(new Set(grid.slice(6).map((img) => img.loading))).toEqual(new Set(["lazy"]));
    // On the home page the lists sit below the hero and the book of the day.
    expect(
      new Set(
        images((await page("/en")).body)
          .slice(1)
          .map((img) => img.loading),
      ),
    ).toEqual(new Set(["lazy"]));
  });

  it("lists an original's steps and a playlist's microbooks in order", async () => {
    const original = (await page("/en/originals/think-like-a-stoic")).body;
    expect(original.indexOf("Step text 0 en")).toBeLessThan(original.indexOf("Step text 1 en"));
    expect(original.indexOf("/en/microbook/book-2")).toBeLessThan(original.indexOf("/en/microbook/book-1"));
    const playlist = (await page("/es/playlists/stoic-week")).body;
    const order = ["book-5", "book-3", "book-4"].map((slug) => playlist.indexOf(`/es/microbook/${slug}"`));
    expect(order.every((i) => i > 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
  });

  it("answers 404 with the not-found page for unknown ids and pages past the end", async () => {
    for (const url of [
      "/en/categories/no-such-category",
      "/en/originals/no-such-path",
      "/en/playlists/no-such-playlist",
      "/en/categories/philosophy?page=3",
      "/en/categories/philosophy?page=abc",
      "/en/categories/philosophy?page=0",
      "/en/categories/philosophy?sort=bogus",
      "/en/trending?page=99",
      "/es/originals/NOPE",
    ]) {
      const res = await page(url);
      expect(res.statusCode, `${url}: ${res.body.slice(0, 3000)}`).toBe(404);
      expect(res.body, url).toMatch(/<title>(Page not found|Página no encontrada|Página não encontrada) · Brevia<\/title>/);
    }
  });

  it("shows the home page's discovery sections", async () => {
    const res = await page("/en");
    expect(res.statusCode).toBe(200);
    for (const heading of ["Trending", "Latest microbooks", "Originals: learning paths", "Categories", "Playlists"]) {
      expect(res.body, heading).toContain(`>${heading}</h2>`);
    }
    expect(res.body).toContain("Think like a Stoic");
    expect(res.body).toContain("Stoic week en");
    expect(res.body).toContain('href="/en/categories/philosophy"');
  });

  it("links a microbook to its category, says how it is available, and offers to share it", async () => {
    const res = await page("/es/microbook/book-1");
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(/<a href="\/es\/categories\/philosophy"[^>]*>Filosofía<\/a>/);
    expect(res.body).toMatch(
      /<ul class="microbook__availability" aria-label="Disponible en"><li>Texto<\/li><li>Portugués<\/li><li>Inglés<\/li><li>Español<\/li><\/ul>/,
    );
    expect(res.body).toContain(">Compartir</button>");
  });
});
