import { mkdir, mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { openTestDatabase, type TestDatabase } from "../../../test/database.js";
import { CatalogValidationError } from "./errors.js";
import { importCatalog } from "./import.js";
import { readCatalog } from "./parse.js";

// A small catalogue made here (tests never depend on the bundled content): 2 books, 1 category.
const words = (n: number, seed: string) => Array.from({ length: n }, (_, i) => `${seed}${i % 7 ? "" : "."} word`).join(" ");
function microbook(title: string) {
  const ideas = Array.from({ length: 6 }, (_, i) => `## Idea ${i + 1}\n\n${words(80, `w${i}`)}\n`).join("\n");
  return `---\ntitle: ${title}\nsubtitle: A subtitle\nauthorBio: >-\n  An author.\nabout: >-\n  A book.\naudience: >-\n  Readers.\n---\n\n${words(300, "intro")}\n\n${ideas}`;
}

let db: TestDatabase;
let dir: string;
beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(() => db.close());
beforeEach(async () => {
  await db.reset();
  dir = await mkdtemp(path.join(tmpdir(), "brevia-catalog-"));
  await writeFile(
    path.join(dir, "categories.yaml"),
    `ideas:\n  color: "#1d3557"\n  icon: bulb\n  name: { pt: Ideias, en: Ideas, es: Ideas }\n  description: { pt: D, en: D, es: D }\n`,
  );
  for (const slug of ["first-book", "second-book"]) {
    const other = slug === "first-book" ? "second-book" : "first-book";
    await mkdir(path.join(dir, "books", slug), { recursive: true });
    await writeFile(path.join(dir, "books", slug, "book.yaml"), `author: Ann Writer\ncategory: ideas\nyear: 1900\nsimilar: [${other}]\n`);
    await writeFile(path.join(dir, "books", slug, "en.md"), microbook(`Book ${slug}`));
  }
  await writeFile(path.join(dir, "books", "first-book", "pt.md"), microbook("Livro"));
});

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
