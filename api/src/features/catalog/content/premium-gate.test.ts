import { print } from "graphql";
import { beforeAll, describe, expect, it } from "vitest";
import { HomePageDocument, MicrobookPageDocument, NotFoundSuggestionDocument } from "@brevia/web/gql";
import { useTestDatabase } from "../../../test/database.js";
import { run } from "../../../test/execute.js";
import { buildCategory, buildMicrobook, buildReader, makeFreeToday } from "../../../test/factories.js";

/**
 * The auth matrix: the web's own operations and a deliberately broad query, run as each kind of
 * reader, and exactly which microbooks' text and audio URL each receives. Premium text is marked
 * (SECRET-…) so a leak anywhere in an answer shows.
 */
const db = useTestDatabase({ resetBeforeEach: false });
const readers: Record<string, string | undefined> = {};
beforeAll(async () => {
  const category = await buildCategory(db.prisma, { slug: "ideas" });
  for (const slug of ["free-book", "locked-book", "other-book"]) {
    const book = await buildMicrobook(db.prisma, { slug, categoryId: category.id, languages: ["en", "pt"] });
    for (const edition of book.editions) {
      await db.prisma.microbookEdition.update({ where: { id: edition.id }, data: { introduction: `SECRET-intro-${slug}` } });
      await db.prisma.keyIdea.updateMany({ where: { editionId: edition.id }, data: { body: `SECRET-body-${slug}` } });
      await db.prisma.audioTrack.create({
        data: {
          editionId: edition.id,
          fileName: `${slug}.${edition.language}.opus`,
          mimeType: "audio/ogg",
          byteSize: 1,
          durationSeconds: 60,
          chapters: [],
        },
      });
    }
    if (slug === "free-book") await makeFreeToday(db.prisma, book.id);
  }
  const books = await db.prisma.microbook.findMany({ select: { id: true } });
  for (const [a, b] of [
    [0, 1],
    [1, 2],
    [2, 0],
  ] as const) {
    await db.prisma.similarMicrobook.create({ data: { microbookId: books[a]!.id, similarId: books[b]!.id, position: 0 } });
  }
  readers.visitor = undefined;
  readers["free user"] = (await buildReader(db.prisma)).token;
  readers["premium reader"] = (await buildReader(db.prisma, { plan: "premium" })).token;
  readers["lapsed subscriber"] = (await buildReader(db.prisma, { plan: "lapsed" })).token;
});

/** Every microbook in an answer, by slug: "open" with its full content, or "locked" with none. */
function accessBySlug(data: unknown): Record<string, string> {
  const seen: Record<string, Set<string>> = {};
  const visit = (value: unknown, slug?: string) => {
    if (Array.isArray(value)) return value.forEach((item) => visit(item, slug));
    if (!value || typeof value !== "object") return;
    const node = value as Record<string, unknown>;
    const here = typeof node.slug === "string" && "edition" in node ? node.slug : slug;
    if ("content" in node && here) {
      const content = node.content as { introduction: string; audioUrl: string; keyIdeas: { body: string }[] } | null;
      let state = "locked";
      if (content) {
        expect(content.introduction).toBe(`SECRET-intro-${here}`);
        expect(content.keyIdeas.length).toBeGreaterThan(0);
        expect(content.keyIdeas.every((k) => k.body === `SECRET-body-${here}`)).toBe(true);
        expect(content.audioUrl).toMatch(new RegExp(`^/audio/${here}\\.(en|pt)\\.opus\\?expires=`));
        state = "open";
      }
      (seen[here] ??= new Set()).add(state);
    }
    for (const [key, child] of Object.entries(node)) if (key !== "content") visit(child, here);
  };
  visit(data);
  return Object.fromEntries(Object.entries(seen).map(([slug, states]) => [slug, [...states].join("+")]));
}

/** Every SECRET-… string in an answer, by the microbook it belongs to. */
const leakedSecrets = (data: unknown) => [...new Set(JSON.stringify(data).match(/SECRET-\w+-[\w-]+?(?=")/g) ?? [])].sort();

const CONTENT = "content { introduction audioUrl keyIdeas { position body } }";
const BROAD = /* GraphQL */ `
  query Broad($id: ID!) {
    freeMicrobookToday { slug edition { ${CONTENT} } similar { slug edition { ${CONTENT} } } }
    latestMicrobooks(first: 10) { nodes { slug edition(language: pt) { ${CONTENT} } similar { slug edition(language: en) { ${CONTENT} } } } }
    categories { microbooks(first: 10) { nodes { slug edition { ${CONTENT} } } } }
    category(slug: "ideas") { microbooks(first: 10) { nodes { slug edition { ${CONTENT} } } } }
    locked: microbook(slug: "locked-book") { slug edition { keyIdeas { title } ${CONTENT} } }
    node(id: $id) { ... on MicrobookEdition { ${CONTENT} } }
  }
`;

const EXPECTED: Record<string, Record<string, string>> = {
  visitor: { "free-book": "open", "locked-book": "locked", "other-book": "locked" },
  "free user": { "free-book": "open", "locked-book": "locked", "other-book": "locked" },
  "lapsed subscriber": { "free-book": "open", "locked-book": "locked", "other-book": "locked" },
  "premium reader": { "free-book": "open", "locked-book": "open", "other-book": "open" },
};
const SECRETS = {
  open: (slugs: string[]) => slugs.flatMap((s) => [`SECRET-body-${s}`, `SECRET-intro-${s}`]).sort(),
};

describe.each(Object.keys(EXPECTED))("as a %s", (reader) => {
  const expected = EXPECTED[reader]!;
  const openSlugs = Object.keys(expected).filter((slug) => expected[slug] === "open");
  const run$ = (source: string, variables: Record<string, unknown> = {}) =>
    run(db, source, variables, { sessionToken: readers[reader], acceptLanguage: "en" });

  it("the broad query gives text and audio exactly for the microbooks this reader may read", async () => {
    const locked = await run$(`{ microbook(slug: "locked-book") { edition { id } } }`);
    const editionId = (locked.data as { microbook: { edition: { id: string } } }).microbook.edition.id;
    const result = await run$(BROAD, { id: editionId });
    expect(result.errors).toBeUndefined();
    expect(accessBySlug(result.data)).toEqual(expected);
    expect(leakedSecrets(result.data)).toEqual(SECRETS.open(openSlugs));
    // Through node() the locked edition's content follows the same gate.
    const viaNode = (result.data as { node: { content: unknown } }).node.content;
    expect(viaNode === null).toBe(expected["locked-book"] === "locked");
  });

  it("the web's microbook page, home and not-found operations give text only where allowed", async () => {
    for (const slug of Object.keys(expected)) {
      const page = await run$(print(MicrobookPageDocument), { slug, language: "en" });
      expect(page.errors).toBeUndefined();
      const edition = (page.data as { microbook: { edition: { access: string; content: unknown } } }).microbook.edition;
      expect(edition.content === null ? "locked" : "open", slug).toBe(expected[slug]);
      expect(edition.access, slug).toBe(reader === "premium reader" ? "PREMIUM" : slug === "free-book" ? "FREE_TODAY" : "LOCKED");
      expect(leakedSecrets(page.data)).toEqual(expected[slug] === "open" ? SECRETS.open([slug]) : []);
    }
    for (const document of [HomePageDocument, NotFoundSuggestionDocument]) {
      const answer = await run$(print(document));
      expect(answer.errors).toBeUndefined();
      // Neither asks for text: none may appear, whoever asks.
      expect(leakedSecrets(answer.data)).toEqual([]);
    }
  });
});
