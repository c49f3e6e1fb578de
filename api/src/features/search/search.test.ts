import { encodeGlobalID } from "@pothos/plugin-relay";
import { beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../test/database.js";
import { run } from "../../test/execute.js";
import { buildCategory, buildMicrobook, buildReader, makeFreeToday } from "../../test/factories.js";

type Edge = {
  cursor: string;
  node: { slug: string };
  highlights: {
    title: { text: string; matches: { start: number; end: number }[] };
    author: { text: string; matches: { start: number; end: number }[] };
    snippet: { source: string; keyIdeaPosition: number | null; text: string; matches: { start: number; end: number }[] } | null;
  };
};
type Result = {
  search: {
    edges: Edge[];
    pageInfo: { hasNextPage: boolean; endCursor: string | null };
    correctedQuery: string | null;
    suggestions: string[];
    popular: { slug: string }[];
  };
};

const SEARCH = `query Search($query: String!, $language: Language, $category: ID, $format: SearchFormat, $first: Int, $after: String) {
  search(query: $query, language: $language, category: $category, format: $format, first: $first, after: $after) {
    edges {
      cursor
      node { slug }
      highlights {
        title { text matches { start end } }
        author { text matches { start end } }
        snippet { source keyIdeaPosition text matches { start end } }
      }
    }
    pageInfo { hasNextPage endCursor }
    correctedQuery
    suggestions
    popular { slug }
  }
}`;

const db = useTestDatabase({ resetBeforeEach: false });
let ideas: { id: string };
let premiumToken: string;
let freeToken: string;

/** A microbook with the given public text and one key idea whose text is marked secret. */
async function book(
  slug: string,
  text: { title: string; author: string; subtitle?: string; idea?: string; body?: string },
  categoryId: string,
) {
  const built = await buildMicrobook(db.prisma, { slug, categoryId, languages: ["en", "pt"], keyIdeas: 1 });
  await db.prisma.author.update({ where: { id: built.authorId }, data: { name: text.author } });
  for (const edition of built.editions) {
    await db.prisma.microbookEdition.update({
      where: { id: edition.id },
      data: { title: text.title, subtitle: text.subtitle ?? "A subtitle", about: "What it is about." },
    });
    await db.prisma.keyIdea.updateMany({
      where: { editionId: edition.id },
      data: { title: text.idea ?? "An idea", body: `SECRET ${text.body ?? "nothing to see"} in ${slug}` },
    });
  }
  return built;
}

const search = (variables: Record<string, unknown>, sessionToken?: string) => run<Result>(db, SEARCH, variables, { sessionToken });
const slugs = (r: Result) => r.search.edges.map((e) => e.node.slug);
const marked = (h: { text: string; matches: { start: number; end: number }[] }) => h.matches.map((m) => h.text.slice(m.start, m.end));

beforeAll(async () => {
  ideas = await buildCategory(db.prisma, { slug: "ideas", names: { en: "Ideas", pt: "Ideias" } });
  const nature = await buildCategory(db.prisma, { slug: "nature", names: { en: "Nature", pt: "Natureza" } });
  await book(
    "walden",
    { title: "Walden", author: "Henry David Thoreau", subtitle: "Life in the Woods", body: "a cabin by the pond" },
    nature.id,
  );
  await book("candle", { title: "The Chemical History of a Candle", author: "Michael Faraday", idea: "Flames and light" }, ideas.id);
  await book("dreams", { title: "A Interpretação dos Sonhos", author: "Sigmund Freud", body: "the pond of memory" }, ideas.id);
  const pondLife = await book("pond-life", { title: "Small Lives", author: "Ann Pond", idea: "Water" }, nature.id);
  // Today's free microbook is open to everyone: make it one whose text the tests do not search.
  await makeFreeToday(db.prisma, pondLife.id);
  const audioEdition = await db.prisma.microbookEdition.findFirstOrThrow({ where: { microbook: { slug: "walden" }, language: "en" } });
  await db.prisma.audioTrack.create({
    data: { editionId: audioEdition.id, fileName: "walden.en.opus", mimeType: "audio/ogg", byteSize: 1, durationSeconds: 1, chapters: [] },
  });
  premiumToken = (await buildReader(db.prisma, { plan: "premium" })).token;
  freeToken = (await buildReader(db.prisma)).token;
});

describe("search", () => {
  it("forgives typos and accents, marks the matched words, and ranks title and author matches first", async () => {
    const typo = await search({ query: "candel faraday", language: "en" });
    expect(typo.errors).toBeUndefined();
    expect(slugs(typo.data!)[0]).toBe("candle");
    expect(marked(typo.data!.search.edges[0]!.highlights.title)).toEqual(["Candle"]);
    expect(marked(typo.data!.search.edges[0]!.highlights.author)).toEqual(["Faraday"]);
    expect(typo.data!.search.correctedQuery).toBe("candle faraday");

    const accents = await search({ query: "INTERPRETACAO sonho", language: "pt" });
    expect(slugs(accents.data!)).toEqual(["dreams"]);
    expect(marked(accents.data!.search.edges[0]!.highlights.title)).toEqual(["Interpretação", "Sonhos"]);
    expect(accents.data!.search.correctedQuery).toBeNull();

    // "pond": an author's name beats a word inside key-idea texts.
    const pond = await search({ query: "pond", language: "en" });
    expect(slugs(pond.data!)[0]).toBe("pond-life");
    expect(slugs(pond.data!).sort()).toEqual(["dreams", "pond-life", "walden"]);
  });

  it("finds a word typed so far (prefix) for results as the reader types", async () => {
    const r = await search({ query: "thore", language: "en" });
    expect(slugs(r.data!)).toEqual(["walden"]);
  });

  it("never shows premium text in a snippet to a reader who may not read it, and shows it to one who may", async () => {
    for (const token of [undefined, freeToken]) {
      const r = await search({ query: "cabin", language: "en" }, token);
      expect(slugs(r.data!)).toEqual(["walden"]);
      expect(JSON.stringify(r.data)).not.toContain("SECRET");
    }
    const premium = await search({ query: "cabin", language: "en" }, premiumToken);
    const snippet = premium.data!.search.edges[0]!.highlights.snippet!;
    expect(snippet).toMatchObject({ source: "KEY_IDEA_TEXT", keyIdeaPosition: 0 });
    expect(marked(snippet)).toEqual(["cabin"]);
    // A public key-idea title is a snippet for everyone.
    const title = await search({ query: "flames", language: "en" });
    expect(title.data!.search.edges[0]!.highlights.snippet).toMatchObject({ source: "KEY_IDEA_TITLE", text: "Flames and light" });
  });

  it("stays current when content is edited", async () => {
    const edition = await db.prisma.microbookEdition.findFirstOrThrow({ where: { microbook: { slug: "candle" }, language: "en" } });
    await db.prisma.microbookEdition.update({ where: { id: edition.id }, data: { title: "Lectures on Fire" } });
    await db.prisma.keyIdea.updateMany({ where: { editionId: edition.id }, data: { body: "about magnetism" } });
    const renamed = await search({ query: "lectures fire", language: "en" });
    expect(renamed.errors).toBeUndefined();
    expect(slugs(renamed.data!)).toEqual(["candle"]);
    expect(slugs((await search({ query: "magnetism", language: "en" })).data!)).toEqual(["candle"]);
    expect(slugs((await search({ query: "chemical", language: "en" })).data!)).toEqual([]);
    const book = await db.prisma.microbook.findUniqueOrThrow({ where: { slug: "candle" } });
    await db.prisma.author.update({ where: { id: book.authorId }, data: { name: "Michael Farady" } });
    expect(slugs((await search({ query: "farady", language: "en" })).data!)).toEqual(["candle"]);
    await db.prisma.categoryTranslation.update({
      where: { categoryId_language: { categoryId: ideas.id, language: "en" } },
      data: { name: "Thought" },
    });
    expect(slugs((await search({ query: "thought", language: "en" })).data!).sort()).toEqual(["candle", "dreams"]);
    await db.prisma.microbookEdition.delete({ where: { id: edition.id } });
    expect(slugs((await search({ query: "lectures", language: "en" })).data!)).toEqual([]);
  });

  it("filters by category, format and language", async () => {
    const nature = await db.prisma.category.findUniqueOrThrow({ where: { slug: "nature" } });
    const byCategory = await search({ query: "pond", language: "en", category: encodeGlobalID("Category", nature.id) });
    expect(slugs(byCategory.data!).sort()).toEqual(["pond-life", "walden"]);
    const audio = await search({ query: "pond", language: "en", format: "AUDIO" });
    expect(slugs(audio.data!)).toEqual(["walden"]);
    const text = await search({ query: "pond", language: "en", format: "TEXT" });
    expect(slugs(text.data!).sort()).toEqual(["dreams", "pond-life"]);
    const pt = await search({ query: "walden", language: "pt" });
    expect(pt.data!.search.edges.map((e) => e.highlights.title.text)).toEqual(["Walden"]);
  });

  it("pages with first/after", async () => {
    const first = await search({ query: "pond", language: "en", first: 2 });
    expect(first.data!.search.edges).toHaveLength(2);
    expect(first.data!.search.pageInfo.hasNextPage).toBe(true);
    const rest = await search({ query: "pond", language: "en", first: 2, after: first.data!.search.pageInfo.endCursor });
    expect(rest.data!.search.pageInfo.hasNextPage).toBe(false);
    expect([...slugs(first.data!), ...slugs(rest.data!)].sort()).toEqual(["dreams", "pond-life", "walden"]);
  });

  it("answers an empty result with close titles and popular microbooks", async () => {
    const r = await search({ query: "zzqx wqqk", language: "en" });
    expect(r.errors).toBeUndefined();
    expect(r.data!.search.edges).toEqual([]);
    expect(r.data!.search.suggestions).toEqual([]);
    const close = await search({ query: "the chemical hystory of a candel", language: "pt" });
    expect(close.data!.search.edges.length).toBeGreaterThan(0);
    expect(r.data!.search.popular.length).toBeGreaterThan(0);
    const blank = await search({ query: "  ", language: "en" });
    expect(blank.data!.search.edges).toEqual([]);
  });

  it("refuses an over-long query and an over-large page as the client's mistakes", async () => {
    for (const variables of [{ query: "a".repeat(201) }, { query: "pond", first: 51 }, { query: "pond", after: "garbage" }]) {
      const r = await search(variables);
      expect(r.errors?.[0]?.message).toMatch(/at most|cursor|Invalid/i);
    }
  });
});
