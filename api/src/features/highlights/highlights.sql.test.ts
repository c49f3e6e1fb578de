import { print } from "graphql";
import { describe, expect, it } from "vitest";
import { BookHighlightsDocument, LibraryHighlightsDocument } from "@brevia/web/gql";
import { useTestDatabase } from "../../test/database.js";
import { run } from "../../test/execute.js";
import { buildCategory, buildMicrobook, buildReader } from "../../test/factories.js";

/**
 * The SQL of the highlights pages' operations (the web's own documents), snapshotted, with 2 and with
 * 30 highlights over as many books: a per-row query shows up as a diff. Update with `vitest -u` once reviewed.
 */
const db = useTestDatabase();

const normalize = (statements: string[]) => statements.map((sql) => sql.replace(/IN \((\$\d+,?)+\)/g, "IN (…)")).sort();

async function libraryOf(size: number) {
  await db.reset();
  const category = await buildCategory(db.prisma, { slug: "ideas" });
  const { user, token } = await buildReader(db.prisma, { plan: "premium" });
  for (let i = 0; i < size; i++) {
    const book = await buildMicrobook(db.prisma, { slug: `book-${i}`, categoryId: category.id, languages: ["en"] });
    // Two per book, one of them in the first book (its list grows too).
    for (const microbook of [book, i === 0 ? book : null]) {
      if (!microbook) continue;
      await db.prisma.highlight.create({
        data: {
          userId: user.id,
          microbookId: microbook.id,
          editionId: microbook.editions[0]!.id,
          language: "en",
          quote: `Quote ${i}`,
          note: i % 2 ? "A note" : null,
          prefix: "",
          suffix: "",
          keyIdeaPosition: 0,
          startOffset: i,
          endOffset: i + 5,
          textVersion: "v1",
        },
      });
    }
  }
  return token;
}

async function statementsOf(source: string, variables: Record<string, unknown>, sessionToken: string) {
  const { result, statements } = await db.recorder.capture(() => run(db, source, variables, { sessionToken }));
  expect(result.errors).toBeUndefined();
  return normalize(statements);
}

describe("SQL of the highlights pages", () => {
  it("is the same statement list for 2 and for 30 highlights, and matches the snapshot", async () => {
    const pages = (token: string) => ({
      "library highlights": () => statementsOf(print(LibraryHighlightsDocument), { search: null }, token),
      "library highlights, searched": () => statementsOf(print(LibraryHighlightsDocument), { search: "note" }, token),
      "a book's highlights": () => statementsOf(print(BookHighlightsDocument), { slug: "book-0" }, token),
    });
    const measure = async (size: number) => {
      const token = await libraryOf(size);
      const out: Record<string, string[]> = {};
      for (const [page, statements] of Object.entries(pages(token))) out[page] = await statements();
      return out;
    };
    const small = await measure(2);
    const large = await measure(30);
    expect(large).toEqual(small);
    expect(small).toMatchSnapshot();
  });
});
