import { beforeAll, describe, expect, it } from "vitest";
import { buildCategory, buildMicrobook, buildReader, makeFreeToday } from "../test/factories.js";
import { useTestServer } from "../test/http.js";
import { useWebRenderer } from "../test/web-build.js";

// The signed-in parts of the discovery pages as the server renders them: personal for a reader (and
// private), absent from the visitors' page, which stays the same for every visitor and cached.
const web = useWebRenderer();
const server = useTestServer({ web, responseCacheNamespace: `reading-${process.pid}`, resetBeforeEach: false });
const { db } = server;
let readerToken: string;
let books: Awaited<ReturnType<typeof buildMicrobook>>[];

beforeAll(async () => {
  const category = await buildCategory(db.prisma, { slug: "ideas" });
  books = [];
  for (const [i, languages] of [["en"], ["en", "pt"], ["pt"]].entries()) {
    books.push(
      await buildMicrobook(db.prisma, {
        slug: `book-${i}`,
        categoryId: category.id,
        languages: languages as ("en" | "pt")[],
        createdAt: new Date(Date.UTC(2026, 0, 1 + i)),
      }),
    );
  }
  await makeFreeToday(db.prisma, books[0]!.id);
  await db.prisma.original.create({
    data: {
      slug: "a-path",
      specialistName: "Ana",
      translations: { create: [{ language: "en", title: "A path", specialistRole: "Teacher", introduction: "Intro" }] },
      steps: { create: books.slice(0, 2).map((book, position) => ({ position, microbookId: book.id })) },
    },
  });
  const { user: reader, token } = await buildReader(db.prisma, { contentLanguage: "en" });
  readerToken = token;
  await db.prisma.userBookState.createMany({
    data: [
      {
        userId: reader.id,
        microbookId: books[0]!.id,
        isFavourite: true,
        status: "READ",
        progress: 1,
        startedAt: new Date(),
        finishedAt: new Date(),
      },
      { userId: reader.id, microbookId: books[1]!.id, status: "READING", progress: 0.4, startedAt: new Date() },
    ],
  });
});

const page = (url: string, token?: string) =>
  server.app.inject({ url, headers: { host: "brevia.test", cookie: `i18n_redirected=en${token ? `; brevia_session=${token}` : ""}` } });
const titleOf = (i: number, language = "en") => books[i]!.editions.find((e) => e.language === language)!.title;

describe("the microbook page", () => {
  it("gives visitors sign-up links that bring them back with the action, in a page cached for every visitor", async () => {
    const first = await page("/en/microbook/book-0");
    const second = await page("/en/microbook/book-0");
    expect([first.headers["x-cache"], second.headers["x-cache"]]).toEqual(["miss", "hit"]);
    expect(first.body).toContain(`href="/en/signup?next=${encodeURIComponent("/microbook/book-0?intent=favourite")}"`);
    expect(first.body).toContain(`href="/en/signup?next=${encodeURIComponent("/microbook/book-0?intent=read")}"`);
    expect(first.body).not.toContain("aria-pressed");
  });

  it("shows a reader their own state, rendered for them and private", async () => {
    const reader = await page("/en/microbook/book-0", readerToken);
    expect(reader.headers["cache-control"]).toBe("private, no-store");
    expect(reader.headers["x-cache"]).toBeUndefined();
    expect(reader.body).toMatch(/<button[^>]*aria-pressed="true"[^>]*>In your favourites<\/button>/);
    expect(reader.body).toMatch(/<button[^>]*aria-pressed="true"[^>]*>Read<\/button>/);
    expect(reader.body).not.toContain("/en/signup?next=");
    // Still the visitors' own page for the next visitor.
    expect((await page("/en/microbook/book-0")).body).not.toContain("In your favourites");
  });
});

describe("the home page", () => {
  it("has the reader's books in progress, and no such section for visitors", async () => {
    const reader = await page("/en", readerToken);
    expect(reader.body).toContain('id="continue-reading-title">Continue reading</h2>');
    const section = reader.body.slice(reader.body.indexOf('id="continue-reading-title"'));
    expect(section.slice(0, section.indexOf("</section>"))).toContain(titleOf(1));
    expect(reader.body).toContain("40% read");
    const visitor = await page("/en");
    expect(visitor.body).not.toContain("Continue reading");
    expect(visitor.headers["cache-control"]).toMatch(/^public/);
  });
});

describe("an original's page", () => {
  it("shows a reader how far along the path they are and the next step; a visitor, the path alone", async () => {
    const reader = await page("/en/originals/a-path", readerToken);
    expect(reader.body).toContain("You have read 1 of 2 steps.");
    expect(reader.body).toMatch(/<li class="original__step original__step--next" aria-current="step">/);
    const visitor = await page("/en/originals/a-path");
    expect(visitor.body).not.toContain("You have read");
    expect(visitor.body).not.toContain('aria-current="step"');
  });
});

describe("the language filter", () => {
  it("renders a listing filtered by ?lang= on the server, cached apart from the unfiltered one", async () => {
    const portuguese = await page("/en/latest?lang=pt");
    expect(portuguese.statusCode).toBe(200);
    expect(portuguese.headers["x-cache"]).toBe("miss");
    expect(portuguese.body).toContain(titleOf(2, "pt"));
    expect(portuguese.body).toContain(titleOf(1, "pt"));
    expect(portuguese.body).not.toContain(titleOf(0));
    expect(portuguese.body).toMatch(/<a[^>]*aria-current="true"[^>]*>Portuguese<\/a>/);
    expect((await page("/en/latest?lang=pt")).headers["x-cache"]).toBe("hit");
    const all = await page("/en/latest");
    expect(all.headers["x-cache"]).toBe("miss");
    expect(all.body).toContain(titleOf(0));
    expect((await page("/en/latest?lang=xx")).statusCode).toBe(404);
  });

  it("filters a category page too, keeping its sort", async () => {
    const english = await page("/en/categories/ideas?sort=title&lang=en");
    expect(english.statusCode).toBe(200);
    expect(english.body).toContain(titleOf(0));
    expect(english.body).not.toContain(titleOf(2, "pt"));
    expect(english.body).toContain(`href="/en/categories/ideas?sort=newest&amp;lang=en"`);
  });
});
