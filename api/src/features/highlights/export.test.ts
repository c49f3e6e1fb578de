import { describe, expect, it } from "vitest";
import { buildMicrobook, buildReader } from "../../test/factories.js";
import { useTestServer } from "../../test/http.js";
import { parseCsv } from "./csv.test-helper.js";
import { READWISE_COLUMNS } from "./export.js";
import { HIGHLIGHTS_EXPORT_PATHS } from "./export.route.js";

const server = useTestServer();

/** A highlight written as the mutation would (the API tests cover the mutation itself). */
async function highlight(userId: string, book: Awaited<ReturnType<typeof buildMicrobook>>, data: Record<string, unknown>) {
  const edition = book.editions[0]!;
  return server.db.prisma.highlight.create({
    data: {
      userId,
      microbookId: book.id,
      editionId: edition.id,
      language: edition.language,
      quote: "A quote",
      prefix: "",
      suffix: "",
      keyIdeaPosition: 0,
      startOffset: 0,
      endOffset: 7,
      textVersion: "v1",
      ...data,
    },
  });
}

async function setUp() {
  const { prisma } = server.db;
  const { user, token } = await buildReader(prisma, { plan: "premium", interfaceLanguage: "en" });
  const walden = await buildMicrobook(prisma, { slug: "walden", languages: ["en"] });
  const war = await buildMicrobook(prisma, { slug: "the-art-of-war", languages: ["en"] });
  await highlight(user.id, walden, {
    quote: 'I went to the woods because I wished to live "deliberately",\n\nto front only the essential facts.',
    note: "Why he went, and why, commas",
    keyIdeaPosition: 1,
    startOffset: 10,
    createdAt: new Date("2026-11-02T09:30:00Z"),
  });
  await highlight(user.id, walden, { quote: "Simplify, simplify.", keyIdeaPosition: 0, createdAt: new Date("2026-11-03T10:00:00Z") });
  await highlight(user.id, war, {
    quote: "=All warfare is based on deception.",
    keyIdeaPosition: null,
    detachedAt: new Date(),
    createdAt: new Date("2026-11-01T08:00:00Z"),
  });
  const { user: stranger } = await buildReader(prisma, { plan: "premium" });
  await highlight(stranger.id, walden, { quote: "A stranger's quote" });
  return { user, token, walden, war };
}

const get = (url: string, token?: string) => server.app.inject({ method: "GET", url, cookies: token ? { brevia_session: token } : {} });

describe("exporting highlights", () => {
  it("downloads Markdown grouped by book (title, author, link), each quote with its date and note", async () => {
    const { token, walden, war } = await setUp();
    const response = await get(HIGHLIGHTS_EXPORT_PATHS.markdown, token);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/markdown; charset=utf-8");
    expect(response.headers["content-disposition"]).toMatch(/^attachment; filename="brevia-highlights-\d{4}-\d{2}-\d{2}\.md"$/);
    expect(response.headers["cache-control"]).toBe("private, no-store");
    const markdown = response.body;
    // Books in the order of their newest highlight; each book's highlights in reading order.
    const headings = markdown.split("\n").filter((line) => line.startsWith("## "));
    expect(headings).toEqual([`## ${walden.editions[0]!.title}`, `## ${war.editions[0]!.title}`]);
    const waldenSection = markdown.slice(markdown.indexOf(headings[0]!), markdown.indexOf(headings[1]!));
    expect(waldenSection).toMatch(/\nAuthor \d+ · <http:\/\/localhost:\d+\/en\/microbook\/walden>\n/);
    const quotes = waldenSection.split("\n").filter((line) => line.startsWith(">"));
    expect(quotes).toEqual([
      "> Simplify, simplify.",
      '> I went to the woods because I wished to live "deliberately",',
      ">",
      "> to front only the essential facts.",
    ]);
    expect(waldenSection).toContain("- Date: 2026-11-02\n- Note: Why he went, and why, commas\n");
    expect(markdown).toContain("> =All warfare is based on deception.\n\n- Date: 2026-11-01\n- The book's text changed");
    expect(markdown).not.toContain("A stranger's quote");
  });

  it("downloads CSV with Readwise's columns, one row per highlight, that a CSV parser reads back", async () => {
    const { token, walden } = await setUp();
    const response = await get(HIGHLIGHTS_EXPORT_PATHS.csv, token);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
    const [header, ...rows] = parseCsv(response.body);
    expect(header).toEqual([...READWISE_COLUMNS]);
    expect(rows).toHaveLength(3);
    const record = (row: string[]) => Object.fromEntries(header!.map((name, i) => [name, row[i]]));
    expect(record(rows[1]!)).toEqual({
      Highlight: 'I went to the woods because I wished to live "deliberately",\n\nto front only the essential facts.',
      Title: walden.editions[0]!.title,
      Author: expect.stringMatching(/^Author \d+$/),
      URL: expect.stringMatching(/\/en\/microbook\/walden$/),
      Note: "Why he went, and why, commas",
      Location: "2",
      Date: "2026-11-02 09:30:00",
    });
    // A spreadsheet would run a leading "=" as a formula.
    expect(record(rows[2]!)).toMatchObject({ Highlight: "'=All warfare is based on deception.", Location: "0", Note: "" });
  });

  it("exports one book alone, in the reader's language", async () => {
    const { token, user } = await setUp();
    await server.db.prisma.user.update({ where: { id: user.id }, data: { interfaceLanguage: "pt" } });
    const csv = parseCsv((await get(`${HIGHLIGHTS_EXPORT_PATHS.csv}?book=the-art-of-war`, token)).body);
    expect(csv.slice(1).map((row) => row[0])).toEqual(["'=All warfare is based on deception."]);
    const markdown = await get(`${HIGHLIGHTS_EXPORT_PATHS.markdown}?book=walden`, token);
    expect(markdown.headers["content-disposition"]).toMatch(/filename="brevia-highlights-walden-/);
    expect(markdown.body).toMatch(/^# Meus destaques no Brevia\n/);
    expect(markdown.body).toContain("- Data: 2026-11-02\n- Nota: Why he went");
    expect(markdown.body).not.toContain("warfare");
    // In the language of the page the link was on.
    expect((await get(`${HIGHLIGHTS_EXPORT_PATHS.markdown}?lang=es`, token)).body).toMatch(/^# Mis subrayados en Brevia\n/);
  });

  it("answers a visitor 401 and a malformed book 400, with no data", async () => {
    await setUp();
    for (const path of Object.values(HIGHLIGHTS_EXPORT_PATHS)) {
      const visitor = await get(path);
      expect(visitor.statusCode).toBe(401);
      expect(visitor.json()).toEqual({ error: { code: "UNAUTHENTICATED" } });
      expect((await get(`${path}?book=../etc`)).statusCode).toBe(400);
    }
  });
});
