// Authors' names per language: the byline and sort name in the interface language, English as fallback, and
// search by any name in any interface language.
import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../../test/database.js";
import { run } from "../../test/execute.js";
import { buildMicrobook } from "../../test/factories.js";
import { authorNames, joinNames } from "./import/author-names.js";

const db = useTestDatabase();

describe("authorNames (authors.yaml)", () => {
  it("joins several people as each language joins a list, and falls back to English", () => {
    const file = {
      "hamilton-madison-and-jay": { en: { names: ["Alexander Hamilton", "James Madison", "John Jay"], sort: "Hamilton, Alexander" } },
    };
    const issues: never[] = [];
    const names = authorNames("Alexander Hamilton, James Madison and John Jay", "hamilton-madison-and-jay", file, issues, {
      file: "b",
      line: 1,
      problem: "",
    });
    expect(issues).toEqual([]);
    expect(names.byLanguage.pt.name).toBe("Alexander Hamilton, James Madison e John Jay");
    expect(names.byLanguage.es.name).toBe("Alexander Hamilton, James Madison y John Jay");
    expect(names.byLanguage.en.sortName).toBe("Hamilton, Alexander");
    expect(joinNames(["A"], "pt")).toBe("A");
  });

  it("reports an entry whose English names are not book.yaml's author", () => {
    const issues: { problem: string }[] = [];
    authorNames("Seneca", "seneca", { seneca: { en: { names: ["Lucius Seneca"], sort: "Seneca" } } }, issues as never, {
      file: "books/x/book.yaml",
      line: 2,
      problem: "",
    });
    expect(issues.map((i) => i.problem)).toEqual(['author "Seneca" is "Lucius Seneca" in authors.yaml (seneca.en.names)']);
  });
});

describe("Author names in the API and search", () => {
  async function prince() {
    const book = await buildMicrobook(db.prisma, { slug: "the-prince", languages: ["en", "pt", "es"] });
    const names = authorNames(
      "Niccolò Machiavelli",
      "niccolo-machiavelli",
      {
        "niccolo-machiavelli": {
          en: { names: ["Niccolò Machiavelli"], sort: "Machiavelli, Niccolò" },
          pt: { names: ["Nicolau Maquiavel"], sort: "Maquiavel, Nicolau" },
          es: { names: ["Nicolás Maquiavelo"], sort: "Maquiavelo, Nicolás" },
        },
      },
      [],
      { file: "", line: 1, problem: "" },
    );
    await db.prisma.author.update({
      where: { id: book.authorId },
      data: {
        name: "Niccolò Machiavelli",
        searchNames: names.searchNames,
        translations: { create: Object.entries(names.byLanguage).map(([language, t]) => ({ language: language as "pt", ...t })) },
      },
    });
    return book;
  }

  it("gives the byline and sort name in the interface language, English where the language has none", async () => {
    await prince();
    const query = `{ microbook(slug: "the-prince") { author { name sortName } } }`;
    type R = { microbook: { author: { name: string; sortName: string } } };
    const pt = await run<R>(db, query, {}, { acceptLanguage: "pt-BR" });
    expect(pt.data?.microbook.author).toEqual({ name: "Nicolau Maquiavel", sortName: "Maquiavel, Nicolau" });
    const es = await run<R>(db, query, {}, { acceptLanguage: "es" });
    expect(es.data?.microbook.author.name).toBe("Nicolás Maquiavelo");
    await db.prisma.authorTranslation.deleteMany({ where: { language: "es" } });
    const fallback = await run<R>(db, query, {}, { acceptLanguage: "es" });
    expect(fallback.data?.microbook.author.name).toBe("Niccolò Machiavelli");
  });

  it("finds the book by any of the author's names, whatever the language searched", async () => {
    await prince();
    const search = `query S($q: String!, $language: Language) { search(query: $q, language: $language) { edges { node { slug } highlights { author { text } } } } }`;
    type R = { search: { edges: { node: { slug: string }; highlights: { author: { text: string } } }[] } };
    for (const [q, language] of [
      ["maquiavel", "en"],
      ["maquiavelo", "pt"],
      ["machiavelli", "es"],
      ["Nicolás", "en"],
    ] as const) {
      const result = await run<R>(db, search, { q, language }, { acceptLanguage: language });
      expect(result.errors, q).toBeUndefined();
      expect(
        result.data!.search.edges.map((e) => e.node.slug),
        `${q} in ${language}`,
      ).toEqual(["the-prince"]);
    }
    const pt = await run<R>(db, search, { q: "maquiavel", language: "pt" }, { acceptLanguage: "pt" });
    expect(pt.data!.search.edges[0]!.highlights.author.text).toBe("Nicolau Maquiavel");
  });
});
