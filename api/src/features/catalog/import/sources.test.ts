import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { CatalogValidationError } from "./errors.js";
import { readCatalog, type ReadCatalogOptions } from "./parse.js";
import { findQuotations, normalizeQuote } from "./sources.js";

// A small catalogue made here (tests never depend on the bundled content): 2 books, 1 category.
const words = (n: number, seed: string) => Array.from({ length: n }, (_, i) => `${seed}${i % 7 ? "" : "."} word`).join(" ");
/** A valid microbook; `quoted` (paragraphs) opens the first key idea, on lines 16, 18, 20... */
function microbook(title: string, quoted: string[] = []) {
  const ideas = Array.from({ length: 6 }, (_, i) => `## Idea ${i + 1}\n\n${words(80, `w${i}`)}\n`);
  ideas[0] = `## Idea 1\n\n${[...quoted, words(80, "w0")].join("\n\n")}\n`;
  return (
    `---\ntitle: ${title}\nsubtitle: A subtitle\nauthorBio: >-\n  An author "quoted" here.\nabout: >-\n  A book.\n` +
    `audience: >-\n  Readers.\n---\n\n${words(300, "intro")}\n\n${ideas.join("\n")}`
  );
}
const QUOTED = [
  'He wrote: "The *soul* is dyed  by the color of its thoughts," and went on.',
  "Then: “Do not act as if you had ten thousand years to live.” Short ones like “be kind” need no source.",
  "He called it “Nature’s way of keeping things whole and sound.”",
];
const bookYaml = (other: string, sources = "") => `author: Ann Writer\ncategory: ideas\nyear: 1900\nsimilar: [${other}]\n${sources}`;
const ENTRIES = [
  // case, emphasis, spaces and punctuation differ from en.md's
  '  - quote: THE SOUL IS DYED BY THE COLOR OF ITS THOUGHTS.\n    where: "Book V, 16"',
  // the quotation without its full stop
  "  - quote: Do not act as if you had ten thousand years to live\n    where: Book IV, 17",
  // a part of the quotation (straight apostrophe)
  "  - quote: Nature's way of keeping things whole\n    where: Book VI, 1",
];
const sourcesYaml = (entries: string[]) => `sources:\n${entries.map((e) => `${e}\n`).join("")}`;
const SOURCES = sourcesYaml(ENTRIES);

let dir: string;
const bookFile = (slug: string, name: string) => path.join(dir, "books", slug, name);
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "brevia-sources-"));
  await writeFile(
    path.join(dir, "categories.yaml"),
    `ideas:\n  color: "#1d3557"\n  icon: bulb\n  name: { pt: Ideias, en: Ideas, es: Ideas }\n  description: { pt: D, en: D, es: D }\n`,
  );
  for (const slug of ["first-book", "second-book"]) {
    await mkdir(path.join(dir, "books", slug), { recursive: true });
    await writeFile(bookFile(slug, "book.yaml"), bookYaml(slug === "first-book" ? "second-book" : "first-book"));
    await writeFile(bookFile(slug, "en.md"), microbook(`The Book ${slug.replace(/^./, (c) => c.toUpperCase())}`, QUOTED));
  }
});
afterEach(() => rm(dir, { recursive: true, force: true }));

// Sources are required in the real catalogue; here the second book has none unless a test adds them.
const OPTIONAL = { requireSources: false };

async function problems(options: ReadCatalogOptions = OPTIONAL) {
  const error = await readCatalog(dir, options).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(CatalogValidationError);
  return (error as CatalogValidationError).issues.map((i) => `${i.file}:${i.line}: ${i.problem}`);
}

describe("sources in book.yaml", () => {
  it("accepts sources that cover every quotation of en.md, and keeps them in the model", async () => {
    await writeFile(bookFile("first-book", "book.yaml"), bookYaml("second-book", SOURCES));
    const catalog = await readCatalog(dir, OPTIONAL);
    const book = catalog.books.find((b) => b.slug === "first-book")!;
    expect(book.sources).toEqual([
      { quote: "THE SOUL IS DYED BY THE COLOR OF ITS THOUGHTS.", where: "Book V, 16" },
      { quote: "Do not act as if you had ten thousand years to live", where: "Book IV, 17" },
      { quote: "Nature's way of keeping things whole", where: "Book VI, 1" },
    ]);
    expect(catalog.books.find((b) => b.slug === "second-book")!.sources).toBeUndefined();
  });

  it("rejects a quote that is not in en.md, naming book.yaml and its line", async () => {
    const sources = SOURCES + "  - quote: A sentence the book never says\n    where: Book I, 1\n";
    await writeFile(bookFile("first-book", "book.yaml"), bookYaml("second-book", sources));
    expect(await problems()).toEqual([
      'books/first-book/book.yaml:12: sources.3.quote is not in en.md: "A sentence the book never says" (copy it exactly as en.md has it)',
    ]);
  });

  it("rejects a quotation of en.md that no source covers, naming en.md and its line", async () => {
    await writeFile(bookFile("first-book", "book.yaml"), bookYaml("second-book", sourcesYaml([ENTRIES[0]!, ENTRIES[2]!])));
    expect(await problems()).toEqual([
      'books/first-book/en.md:18: quotation "Do not act as if you had ten thousand years to live." has no source: ' +
        "add { quote, where } to sources in book.yaml",
    ]);
  });

  it("requires the key of every work (not checked only while sources are optional)", async () => {
    await expect(readCatalog(dir, OPTIONAL)).resolves.toBeDefined();
    await writeFile(bookFile("first-book", "book.yaml"), bookYaml("second-book", SOURCES));
    expect(await problems({ requireSources: true })).toEqual([
      "books/second-book/book.yaml:1: sources: missing; list each quotation of en.md as { quote, where }",
    ]);
  });

  it("rejects a malformed entry, naming book.yaml and the line", async () => {
    const sources = ["sources:", "  - quote: The soul is dyed", "  - quote: ''", "    where: Book V", "  - Book IV", ""].join("\n");
    await writeFile(bookFile("first-book", "book.yaml"), bookYaml("second-book", sources));
    const found = await problems();
    expect(found).toContain(
      'books/first-book/book.yaml:6: sources.0.where: must say where the quotation is in the original, e.g. "Chapter 12"',
    );
    expect(found).toContain("books/first-book/book.yaml:7: sources.1.quote: must not be empty");
    expect(found).toContain("books/first-book/book.yaml:9: sources.2: each source is { quote: ..., where: ... }");
    expect(found).toHaveLength(3); // a malformed list is not also checked against en.md
  });

  it("lists the problems of every work, not only the first", async () => {
    await writeFile(bookFile("first-book", "book.yaml"), bookYaml("second-book", "sources: []\n"));
    await writeFile(
      bookFile("second-book", "book.yaml"),
      bookYaml("first-book", "sources:\n  - quote: Not there\n    where: I\n") + "year: 3\n",
    );
    const found = await problems();
    expect(found.filter((p) => p.startsWith("books/first-book/en.md:"))).toHaveLength(3);
    expect(found.some((p) => p.startsWith("books/second-book/book.yaml:8: invalid YAML"))).toBe(true);

    // Once book.yaml parses, a wrong field does not hide the sources' problems.
    await writeFile(
      bookFile("second-book", "book.yaml"),
      bookYaml("first-book", "sources:\n  - quote: Not there\n    where: I\n").replace("1900", "x"),
    );
    const again = await problems();
    expect(again.filter((p) => p.startsWith("books/first-book/en.md:"))).toHaveLength(3);
    expect(again).toContain("books/second-book/book.yaml:3: year: Invalid input: expected number, received string");
    expect(again).toContain(
      'books/second-book/book.yaml:6: sources.0.quote is not in en.md: "Not there" (copy it exactly as en.md has it)',
    );
  });
});

describe("quotations", () => {
  it("finds quotations within a paragraph, with their line", () => {
    const lines = ['A “first one” and a "second', 'one" here.', "", "An “unclosed one", "", "## A “title” heading", "Then “x”."];
    expect(findQuotations(lines, 10)).toEqual([
      { text: "first one", line: 10 },
      { text: "second one", line: 10 },
      { text: "title", line: 15 },
      { text: "x", line: 16 },
    ]);
  });

  it("compares quotes whatever their marks, spacing, case and emphasis", () => {
    expect(normalizeQuote("“Nature’s  *way*”\n of THINGS…")).toBe(normalizeQuote('"Nature\'s way" of things...'));
  });
});

describe("straight quotes in translations", () => {
  it("warns once per pt.md or es.md file with straight double quotes in its text, without failing", async () => {
    await writeFile(bookFile("first-book", "pt.md"), microbook("Livro", ["Ele disse “sim”.", 'Depois "não" e "talvez".']));
    await writeFile(bookFile("first-book", "es.md"), microbook("Libro", ["Dijo “sí” y ‘no’."]));
    const catalog = await readCatalog(dir, OPTIONAL);
    // The straight quotes in the front matter (authorBio) and in en.md are not counted.
    expect(catalog.warnings).toEqual([
      {
        file: "books/first-book/pt.md",
        line: 18,
        problem: '4 straight double quote(s) (") in the text, the first on line 18: use curly quotes “ ” (‘ ’ inside)',
      },
    ]);
  });

  it("keeps the warnings when the catalogue is invalid", async () => {
    await writeFile(bookFile("first-book", "es.md"), microbook("Libro", ['Dijo "sí".']).replace(/## Idea 6[\s\S]*$/, ""));
    const error = (await readCatalog(dir, OPTIONAL).catch((e: unknown) => e)) as CatalogValidationError;
    expect(error.issues.some((i) => i.problem.includes("has 5 key ideas"))).toBe(true);
    expect(error.warnings.map((w) => `${w.file}:${w.line}`)).toEqual(["books/first-book/es.md:16"]);
  });
});
