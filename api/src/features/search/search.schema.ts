import { PothosValidationError } from "@pothos/core";
import { queryFromInfo } from "@pothos/plugin-prisma";
import { resolveOffsetConnection } from "@pothos/plugin-relay";
import { builder } from "../../builder.js";
import type { Microbook as MicrobookRow } from "../../generated/prisma/client.js";
import { pageSizeAtMost } from "../../schema/pagination.js";
import { Category, LanguageEnum, Microbook, languageOrder } from "../catalog/catalog.schema.js";
import { buildHighlights, highlightStems, type Highlights } from "./search.highlights.js";
import { emptyResultHelp, searchEditions, type SearchHit } from "./search.sql.js";
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
const SUGGESTIONS = 3;

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
          extras = { ...extras, ...(await emptyPageHelp(ctx, info, words.join(" "), language)) };
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
          description: "When nothing matched: the most read microbooks in the language, then the newest.",
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

/**
 * The page's microbooks (as the client selected them) with highlights of the public text the search
 * statement returned, and for readable editions of their key-idea texts. Highlights are made for the
 * page's rows only.
 */
async function loadHits(ctx: Ctx, info: Info, rows: SearchHit[], stems: string[]): Promise<Hit[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.microbookId);
  const query = queryFromInfo({ context: ctx, info, typeName: "Microbook", paths: [["edges", "node"], ["nodes"]] });
  const [books, access] = await Promise.all([
    ctx.prisma.microbook.findMany({ ...query, where: { id: { in: ids } } }),
    Promise.all(ids.map((id) => ctx.access.decide("read", id))),
  ]);
  // Key-idea texts only through the content gate's loader, and only for editions this reader may read.
  const texts = await Promise.all(
    rows.map((row, i) => (access[i]!.allowed ? ctx.loaders.editionContent.load(row.editionId) : Promise.resolve(null))),
  );
  const bookById = new Map(books.map((b) => [b.id, b]));
  return rows.flatMap((row, i) => {
    const book = bookById.get(row.microbookId);
    if (!book) return [];
    const highlights = buildHighlights(row.text, stems, texts[i]?.keyIdeas.map((k) => ({ position: k.position, body: k.body })) ?? null);
    return [{ microbook: book, highlights }];
  });
}

/** "Did you mean" titles and popular microbooks, for an empty first page: two statements, both bounded. */
async function emptyPageHelp(ctx: Ctx, info: Info, text: string, language: (typeof LanguageEnum)["$inferType"]) {
  const { titles, popularIds } = await emptyResultHelp(ctx.prisma, text, language, { titles: SUGGESTIONS, popular: POPULAR });
  if (!popularIds.length) return { suggestions: titles, popular: [] };
  const query = queryFromInfo({ context: ctx, info, typeName: "Microbook", path: ["popular"] });
  const books = await ctx.prisma.microbook.findMany({ ...query, where: { id: { in: popularIds } } });
  const bookById = new Map(books.map((b) => [b.id, b]));
  return { suggestions: titles, popular: popularIds.flatMap((id) => bookById.get(id) ?? []) };
}
