import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../../test/database.js";
import { narrationScript } from "../narrate/script.js";
import { scriptSentences } from "../narrate/sentences.js";
import { CatalogValidationError } from "./errors.js";
import { importCatalog } from "./import.js";
import { readCatalog } from "./parse.js";
import { buildReader } from "../../../test/factories.js";
import { anchorAt } from "../../highlights/anchor.js";
import { textVersion } from "../../highlights/chapter-text.js";

// A small catalogue made here (tests never depend on the bundled content): 2 books, 1 category.
const words = (n: number, seed: string) => Array.from({ length: n }, (_, i) => `${seed}${i % 7 ? "" : "."} word`).join(" ");
function microbook(title: string) {
  const ideas = Array.from({ length: 6 }, (_, i) => `## Idea ${i + 1}\n\n${words(80, `w${i}`)}\n`).join("\n");
  return `---\ntitle: ${title}\nsubtitle: A subtitle\nauthorBio: >-\n  An author.\nabout: >-\n  A book.\naudience: >-\n  Readers.\n---\n\n${words(300, "intro")}\n\n${ideas}`;
}

const db = useTestDatabase();
let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "brevia-catalog-"));
  await writeFile(
    path.join(dir, "categories.yaml"),
    `ideas:\n  color: "#1d3557"\n  icon: bulb\n  name: { pt: Ideias, en: Ideas, es: Ideas }\n  description: { pt: D, en: D, es: D }\n`,
  );
  for (const slug of ["first-book", "second-book"]) {
    const other = slug === "first-book" ? "second-book" : "first-book";
    await mkdir(path.join(dir, "books", slug), { recursive: true });
    await writeFile(
      path.join(dir, "books", slug, "book.yaml"),
      `author: Ann Writer\ncategory: ideas\nyear: 1900\nsimilar: [${other}]\nsources: []\n`,
    );
    await writeFile(path.join(dir, "books", slug, "en.md"), microbook(`Book ${slug}`));
  }
  await writeFile(path.join(dir, "books", "first-book", "pt.md"), microbook("Livro"));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

async function snapshot() {
  const p = db.prisma;
  return JSON.stringify(
    await Promise.all([
      p.category.findMany({ orderBy: { slug: "asc" }, include: { translations: { orderBy: { language: "asc" } } } }),
      p.microbook.findMany({ orderBy: { slug: "asc" }, include: { similar: true } }),
      p.microbookEdition.findMany({ orderBy: { id: "asc" }, include: { keyIdeas: { orderBy: { position: "asc" } } } }),
      p.author.findMany(),
    ]),
  );
}

describe("catalog import", () => {
  it("imports a catalogue, and importing it again changes nothing", async () => {
    const summary = await importCatalog(db.prisma, await readCatalog(dir));
    expect(summary).toMatchObject({ categories: 1, microbooks: 2, editions: 3 });
    const first = await snapshot();
    await importCatalog(db.prisma, await readCatalog(dir));
    expect(await snapshot()).toBe(first);
  });

  it("re-anchors readers' highlights when the text changed, and keeps one it cannot place, detached", async () => {
    const file = path.join(dir, "books", "first-book", "en.md");
    const original = await readFile(file, "utf8");
    const KEPT = "The lighthouse keeper counted every ship.";
    const LOST = "Zebras never read maps at night.";
    await writeFile(file, original.replace("## Idea 2\n\n", `## Idea 2\n\n${KEPT} ${LOST}\n\n`));
    await importCatalog(db.prisma, await readCatalog(dir));
    const edition = await db.prisma.microbookEdition.findFirstOrThrow({
      where: { language: "en", microbook: { slug: "first-book" } },
      include: { keyIdeas: true },
    });
    const body = edition.keyIdeas.find((idea) => idea.position === 1)!.body;
    const { user } = await buildReader(db.prisma, { plan: "premium" });
    const highlight = (quote: string) =>
      db.prisma.highlight.create({
        data: {
          ...anchorAt(1, body, body.indexOf(quote), body.indexOf(quote) + quote.length),
          textVersion: textVersion(edition),
          userId: user.id,
          microbookId: edition.microbookId,
          editionId: edition.id,
          language: "en",
        },
      });
    const kept = await highlight(KEPT);
    const lost = await highlight(LOST);
    // The editors add a paragraph above and delete the second sentence.
    await writeFile(file, original.replace("## Idea 2\n\n", `## Idea 2\n\nA paragraph the editors added.\n\n${KEPT}\n\n`));
    await importCatalog(db.prisma, await readCatalog(dir));
    const after = await db.prisma.highlight.findMany();
    expect(after.find((h) => h.id === kept.id)).toMatchObject({ quote: KEPT, startOffset: kept.startOffset + 32, detachedAt: null });
    expect(after.find((h) => h.id === lost.id)).toMatchObject({ quote: LOST, startOffset: lost.startOffset, detachedAt: expect.any(Date) });
  });

  it("rejects broken front matter naming the file and the line, and writes nothing", async () => {
    const file = path.join(dir, "books", "second-book", "en.md");
    const source = await readFile(file, "utf8");
    await writeFile(file, source.replace("subtitle: A subtitle", "subtitle: A: b: c"));
    const error = await readCatalog(dir).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CatalogValidationError);
    expect((error as CatalogValidationError).issues[0]).toMatchObject({ file: "books/second-book/en.md", line: 3 });
    expect(await db.prisma.microbook.count()).toBe(0);
  });

  it("names a missing field and a wrong number of key ideas", async () => {
    const file = path.join(dir, "books", "first-book", "en.md");
    const source = await readFile(file, "utf8");
    await writeFile(file, source.replace("audience: >-\n  Readers.\n", "").replace(/## Idea 6[\s\S]*$/, ""));
    const { issues } = (await readCatalog(dir).catch((e: unknown) => e)) as CatalogValidationError;
    const problems = issues.map((i) => `${i.file}:${i.line}: ${i.problem}`);
    expect(problems.some((p) => p.startsWith("books/first-book/en.md:") && p.includes("audience"))).toBe(true);
    expect(problems.some((p) => p.includes("has 5 key ideas"))).toBe(true);
  });
});

describe("narration freshness", () => {
  const json = () => path.join(dir, "audio", "first-book.en.json");
  /** Writes a narration of first-book's English text as it is now (a stand-in opus; only the JSON is checked). */
  async function narrateFirstBook() {
    // As catalog:narrate reads it: without the audio folder, whose JSON may be stale.
    const catalog = await readCatalog(dir, { audio: "skip" });
    const edition = catalog.books.find((b) => b.slug === "first-book")!.editions.find((e) => e.language === "en")!;
    const script = narrationScript(edition);
    const { sections, textSha256 } = script;
    const sentences = scriptSentences(script, "en").map((s, i) => ({
      id: i + 1,
      section: s.section,
      startMs: i * 500,
      endMs: i * 500 + 400,
      from: s.from,
      to: s.to,
    }));
    const meta = {
      mimeType: "audio/ogg; codecs=opus",
      byteSize: 4,
      durationSeconds: sentences.length * 0.5,
      textSha256,
      narrator: { kind: "synthetic" as const, voice: "eSpeak NG en-us" },
      chapters: sections.map((s, i) => ({ title: s.chapter, startSeconds: sentences.find((t) => t.section === i)!.startMs / 1000 })),
      sentences,
    };
    await mkdir(path.join(dir, "audio"), { recursive: true });
    await writeFile(path.join(dir, "audio", "first-book.en.opus"), "OggS");
    await writeFile(json(), `${JSON.stringify(meta, null, 2)}\n`);
    return meta;
  }
  async function problems() {
    const error = await readCatalog(dir).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CatalogValidationError);
    return (error as CatalogValidationError).issues.map((i) => `${i.file}: ${i.problem}`);
  }
  const stale =
    "audio/first-book.en.json: narration is stale: the text changed since it was narrated; " +
    "run npm run catalog:narrate -- --force --lang en first-book";

  it("accepts a narration of the current text", async () => {
    const meta = await narrateFirstBook();
    const catalog = await readCatalog(dir);
    const edition = catalog.books.find((b) => b.slug === "first-book")!.editions.find((e) => e.language === "en")!;
    expect(edition.audio).toMatchObject({ fileName: "first-book.en.opus", textSha256: meta.textSha256 });
  });

  it("rejects a narration once the text has changed, naming the audio file and the command that fixes it", async () => {
    await narrateFirstBook();
    const md = path.join(dir, "books", "first-book", "en.md");
    await writeFile(md, (await readFile(md, "utf8")).replace("w3. word", "w3. sentence"));
    expect(await problems()).toEqual([stale]);
  });

  it("rejects a narration that records no text hash", async () => {
    const meta: Record<string, unknown> = await narrateFirstBook();
    delete meta.textSha256;
    await writeFile(json(), JSON.stringify(meta));
    expect(await problems()).toEqual([
      "audio/first-book.en.json: narration is stale: it has no textSha256 to match it with the text; " +
        "run npm run catalog:narrate -- --force --lang en first-book",
    ]);
  });

  it("requires sentence timings of a synthetic narration, inside the text and the audio, in order", async () => {
    const meta = await narrateFirstBook();
    const { sentences, ...untimed } = meta;
    await writeFile(json(), JSON.stringify(untimed));
    expect(await problems()).toEqual([
      "audio/first-book.en.json: narration has no sentence timings; run npm run catalog:narrate -- --force --lang en first-book",
    ]);
    const late = sentences.map((s, i) => (i === 3 ? { ...s, endMs: meta.durationSeconds * 1000 + 500 } : s));
    await writeFile(json(), JSON.stringify({ ...meta, sentences: late }));
    expect((await problems())[0]).toMatch(/sentence 4 (ends at|has times)/);
    const outside = sentences.map((s, i) => (i === 2 ? { ...s, to: 1_000_000 } : s));
    await writeFile(json(), JSON.stringify({ ...meta, sentences: outside }));
    expect((await problems())[0]).toMatch(/sentence 3 has the character range \d+–1000000, not a sentence of the narrated text/);
  });

  it("rejects timings that do not fall on the reader's text (a sentence filed under another chapter)", async () => {
    const meta = await narrateFirstBook();
    const moved = meta.sentences.map((s, i) => (i === 4 ? { ...s, section: s.section + 1 } : s));
    await writeFile(json(), JSON.stringify({ ...meta, sentences: moved }));
    expect(await problems()).toEqual([
      "audio/first-book.en.json: sentence timings do not fall on the reader's text; " +
        "run npm run catalog:narrate -- --force --lang en first-book",
    ]);
  });

  it("accepts a human narration without timings", async () => {
    const meta: Record<string, unknown> = await narrateFirstBook();
    delete meta.sentences;
    await writeFile(json(), JSON.stringify({ ...meta, narrator: { kind: "human", name: "A. Reader" } }));
    const catalog = await readCatalog(dir);
    const edition = catalog.books.find((b) => b.slug === "first-book")!.editions.find((e) => e.language === "en")!;
    expect(edition.audio?.narrator).toEqual({ kind: "human", name: "A. Reader" });
  });

  it("rejects chapters that do not match the key ideas", async () => {
    const meta = await narrateFirstBook();
    await writeFile(json(), JSON.stringify({ ...meta, chapters: meta.chapters.slice(0, -1) }));
    expect((await problems())[0]).toMatch(/^audio\/first-book\.en\.json: has 6 chapters but books\/first-book\/en\.md has 6 key ideas/);

    const renamed = meta.chapters.map((c, i) => (i === 2 ? { ...c, title: "Another idea" } : c));
    await writeFile(json(), JSON.stringify({ ...meta, chapters: renamed }));
    expect((await problems())[0]).toMatch(/chapter 3 is "Another idea" but key idea 2 is "Idea 2"/);
  });

  it("re-narrated, the edition is fresh again", async () => {
    await narrateFirstBook();
    const md = path.join(dir, "books", "first-book", "en.md");
    await writeFile(md, (await readFile(md, "utf8")).replace("## Idea 2", "## The second idea"));
    const found = await problems();
    expect(found[0]).toBe(stale);
    expect(found.some((p) => p.includes('chapter 3 is "Idea 2" but key idea 2 is "The second idea"'))).toBe(true);
    await narrateFirstBook();
    await expect(readCatalog(dir)).resolves.toBeDefined();
  });
});
