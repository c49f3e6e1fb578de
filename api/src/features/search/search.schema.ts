import { PothosValidationError } from "@pothos/core";
import { queryFromInfo } from "@pothos/plugin-prisma";
import { resolveOffsetConnection } from "@pothos/plugin-relay";
import { builder } from "../../builder.js";
import type { Microbook as MicrobookRow } from "../../generated/prisma/client.js";
import { pageSizeAtMost } from "../../schema/pagination.js";
import { canReadFullText } from "../catalog/catalog.policy.js";
import { Category, LanguageEnum, Microbook, languageOrder } from "../catalog/catalog.schema.js";
import { buildHighlights, highlightStems, type Highlights } from "./search.highlights.js";
import { closeTitles, searchEditions } from "./search.sql.js";
import { MAX_QUERY_LENGTH, queryWords, tsqueryLexemes } from "./search.text.js";

const TextRangeRef = builder.objectRef<{ start: number; end: number }>("TextRange").implement({
  description: "A matched part of a text, as UTF-16 offsets: text.slice(start, end).",
  fields: (t) => ({ start: t.exposeInt("start"), end: t.exposeInt("end") }),
});

const HighlightedTextRef = builder.objectRef<Highlights["title"]>("HighlightedText").implement({
  description: "A text with the parts the query matched, as data (render them as you like).",
  fields: (t) => ({ text: t.exposeString("text"), matches: t.field({ type: [TextRangeRef], resolve: (h) => h.matches }) }),
});

const SnippetSourceEnum = builder.enumType("SearchSnippetSource", {
  values: {
    KEY_IDEA_TITLE: { description: "The title of a key idea." },
    KEY_IDEA_TEXT: { description: "A passage of a key idea's text: only for a reader who may read the microbook." },
    ABOUT: { description: "A passage of the microbook's description." },
  } as const,
});

const SnippetRef = builder.objectRef<NonNullable<Highlights["snippet"]>>("SearchSnippet").implement({
  description: "Where else the query matched, with the matched parts.",
  fields: (t) => ({
    source: t.field({ type: SnippetSourceEnum, resolve: (s) => s.source }),
    keyIdeaPosition: t.exposeInt("keyIdeaPosition", { nullable: true, description: "The key idea it comes from, if any." }),
    text: t.exposeString("text"),
    matches: t.field({ type: [TextRangeRef], resolve: (s) => s.matches }),
  }),
});

const HighlightsRef = builder.objectRef<Highlights>("SearchHighlights").implement({
  description: "A result's fields in the searched language, with what matched.",
  fields: (t) => ({
    title: t.field({ type: HighlightedTextRef, resolve: (h) => h.title }),
    subtitle: t.field({ type: HighlightedTextRef, resolve: (h) => h.subtitle }),
    author: t.field({ type: HighlightedTextRef, resolve: (h) => h.author }),
    snippet: t.field({ type: SnippetRef, nullable: true, resolve: (h) => h.snippet }),
  }),
});

const SearchFormatEnum = builder.enumType("SearchFormat", {
  values: {
    AUDIO: { description: "Narrated: can be listened to." },
    TEXT: { description: "Not narrated yet: text only." },
  } as const,
});

type Hit = { microbook: MicrobookRow; highlights: Highlights };
type SearchExtras = { correctedQuery: string | null; suggestions: string[]; popular: MicrobookRow[] };

const PAGE_MAX = 50;
const POPULAR = 6;

builder.queryFields((t) => ({
  search: t.connection(
    {
      type: Microbook,
      description:
        "Microbooks matching a query in one language (titles, authors, subtitles, categories, key ideas), best first; " +
        "typos and accents are forgiven. Each edge carries the highlights.",
      authScopes: { public: true },
      args: {
        query: t.arg.string({ required: true, description: `What the reader typed (at most ${MAX_QUERY_LENGTH} characters).` }),
        language: t.arg({
          type: LanguageEnum,
          required: false,
          description: "The language searched; the reader's content language by default.",
        }),
        category: t.arg.globalID({ for: Category, required: false }),
        format: t.arg({ type: SearchFormatEnum, required: false }),
      },
      resolve: async (_root, args, ctx, info) => {
        if (args.query.length > MAX_QUERY_LENGTH) throw new PothosValidationError(`Query must be at most ${MAX_QUERY_LENGTH} characters`);
        pageSizeAtMost(PAGE_MAX)(args);
        const language = languageOrder(ctx, args.language)[0]!;
        const words = queryWords(args.query);
        let extras: SearchExtras = { correctedQuery: null, suggestions: [], popular: [] };
        const connection = await resolveOffsetConnection({ args, defaultSize: 10, maxSize: PAGE_MAX }, async ({ offset, limit }) => {
          if (!words.length) return [];
          const page = await searchEditions(
            ctx.prisma,
            words,
            { language, categoryId: args.category?.id, hasAudio: args.format ? args.format === "AUDIO" : null },
            { offset, limit: limit - 1 },
          );
          const corrected = page.corrections.some((c) => c.correction);
          extras.correctedQuery = corrected ? page.corrections.map((c) => c.correction ?? c.word).join(" ") : null;
          const corrections = page.corrections.flatMap((c) => (c.correction ? [c.correction] : []));
          const hits = await loadHits(ctx, info, page.hits, highlightStems(tsqueryLexemes(page.lexemes), [...words, ...corrections]));
          // resolveOffsetConnection asks for one more than the page to know whether another follows.
          return page.hasMore ? [...hits, hits[hits.length - 1]!] : hits;
        });
        if (connection.edges.length === 0 && offsetIsFirst(args.after)) {
          extras = { ...extras, ...(await emptyResultHelp(ctx, info, words.join(" "), language)) };
        }
        return {
          ...connection,
          edges: connection.edges.map((edge) => ({ cursor: edge.cursor, node: edge.node.microbook, highlights: edge.node.highlights })),
          ...extras,
        } as unknown as typeof connection;
      },
    },
    {
      name: "SearchConnection",
      fields: (c) => ({
        correctedQuery: c.string({
          nullable: true,
          description: 'The query with misspelt words corrected to catalogue words, when any was ("did you mean").',
          resolve: (parent) => (parent as unknown as SearchExtras).correctedQuery,
        }),
        suggestions: c.stringList({
          description: "When nothing matched: titles close to the query.",
          resolve: (parent) => (parent as unknown as SearchExtras).suggestions,
        }),
        popular: c.field({
          type: [Microbook],
          description: "When nothing matched: popular microbooks in the language.",
          resolve: (parent) => (parent as unknown as SearchExtras).popular,
        }),
      }),
    },
    {
      name: "SearchEdge",
      fields: (e) => ({
        highlights: e.field({ type: HighlightsRef, resolve: (edge) => (edge as unknown as { highlights: Highlights }).highlights }),
      }),
    },
  ),
}));

const offsetIsFirst = (after: string | null | undefined) => after == null;

type Ctx = Parameters<typeof languageOrder>[0];
type Info = Parameters<typeof queryFromInfo>[0]["info"];

/** The page's microbooks (as the client selected them), their public text, and for readable editions their key-idea texts. */
async function loadHits(ctx: Ctx, info: Info, rows: { editionId: string; microbookId: string }[], stems: string[]): Promise<Hit[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.microbookId);
  const query = queryFromInfo({ context: ctx, info, typeName: "Microbook", paths: [["edges", "node"], ["nodes"]] });
  const [books, editions, access] = await Promise.all([
    ctx.prisma.microbook.findMany({ ...query, where: { id: { in: ids } } }),
    ctx.prisma.microbookEdition.findMany({
      where: { id: { in: rows.map((r) => r.editionId) } },
      select: {
        id: true,
        title: true,
        subtitle: true,
        about: true,
        microbook: { select: { author: { select: { name: true } } } },
        keyIdeas: { orderBy: { position: "asc" }, select: { position: true, title: true } },
      },
    }),
    Promise.all(ids.map((id) => ctx.loaders.accessTo(id))),
  ]);
  // Key-idea texts only through the content gate's loader, and only for editions this reader may read.
  const texts = await Promise.all(
    rows.map((row, i) => (canReadFullText(access[i]!) ? ctx.loaders.editionContent.load(row.editionId) : Promise.resolve(null))),
  );
  const bookById = new Map(books.map((b) => [b.id, b]));
  const editionById = new Map(editions.map((e) => [e.id, e]));
  return rows.flatMap((row, i) => {
    const book = bookById.get(row.microbookId);
    const edition = editionById.get(row.editionId);
    if (!book || !edition) return [];
    const highlights = buildHighlights(
      { ...edition, author: edition.microbook.author.name },
      stems,
      texts[i]?.keyIdeas.map((k) => ({ position: k.position, body: k.body })) ?? null,
    );
    return [{ microbook: book, highlights }];
  });
}

/** "Did you mean" titles and popular microbooks, for an empty first page. */
async function emptyResultHelp(ctx: Ctx, info: Info, text: string, language: (typeof LanguageEnum)["$inferType"]) {
  const query = queryFromInfo({ context: ctx, info, typeName: "Microbook", path: ["popular"] });
  const [suggestions, popular] = await Promise.all([
    text ? closeTitles(ctx.prisma, text, language) : Promise.resolve([]),
    ctx.prisma.microbook.findMany({
      ...query,
      where: { editions: { some: { language } } },
      orderBy: [{ userStates: { _count: "desc" } }, { createdAt: "desc" }, { id: "asc" }],
      take: POPULAR,
    }),
  ]);
  return { suggestions, popular };
}
