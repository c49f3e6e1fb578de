import { Prisma, type PrismaClient } from "../../generated/prisma/client.js";
import type { Language } from "../../generated/prisma/enums.js";

export type SearchFilters = {
  language: Language;
  categoryId?: string | null;
  /** true: narrated editions only; false: editions without narration; undefined: both. */
  hasAudio?: boolean | null;
};

export type SearchHitRow = { editionId: string; microbookId: string; score: number };

export type SearchPage = {
  hits: SearchHitRow[];
  /** More hits after this page. */
  hasMore: boolean;
  /** The query's lexemes after corrections and stemming (for highlighting). */
  lexemes: string;
  /** Each query word and the public word it was corrected to, when it matched no catalogue word. */
  corrections: { word: string; correction: string | null }[];
};

/**
 * How many matching editions are ranked at most, so that a word found in thousands of documents costs
 * no more than a rarer one: matches in titles, authors, subtitles and categories first, then matches
 * anywhere in the public fields, then in key-idea texts (which rank below all of them anyway).
 */
const PROMINENT_HITS = 500;
const OTHER_HITS = 200;
const BODY_HITS = 200;

type Row = {
  editionId: string | null;
  microbookId: string | null;
  score: number | null;
  lexemes: string;
  corrections: { word: string; correction: string | null }[];
};

/**
 * One statement: corrects each query word that appears nowhere in the language's documents to the
 * closest public catalogue word (trigram similarity over SearchWord), builds the full-text query (each
 * word OR its correction; the last word also as a prefix, for typing), and ranks the matching editions:
 * weighted rank of the public fields, a bonus when every word is there, key-idea text matches below
 * them, and trigram similarity to the title and author (typos in them). Same SQL on PostgreSQL and PGlite.
 */
export function searchStatement(words: string[], filters: SearchFilters, page: { offset: number; limit: number }): Prisma.Sql {
  const text = words.join(" ");
  const categoryId = filters.categoryId ?? null;
  const hasAudio = filters.hasAudio ?? null;
  const where = Prisma.sql`d."language" = ${filters.language}::"Language"
    AND (${categoryId}::text IS NULL OR d."categoryId" = ${categoryId}::text)
    AND (${hasAudio}::boolean IS NULL OR d."hasAudio" = ${hasAudio}::boolean)`;
  return Prisma.sql`
    WITH "checked" AS MATERIALIZED (
      SELECT t."ord", t."word", t."ord" = cardinality(${words}::text[]) AS "last",
        -- Known: short, a public word, or (stop words included) every lexeme of it is in some document.
        (length(t."word") < 3
          OR EXISTS (SELECT 1 FROM "SearchWord" AS x WHERE x."language" = ${filters.language}::"Language" AND x."word" = t."word")
          OR NOT EXISTS (
            SELECT 1 FROM unnest(tsvector_to_array(to_tsvector("brevia_search_config"(${filters.language}::"Language"), t."word"))) AS l("lexeme")
            WHERE NOT EXISTS (SELECT 1 FROM "SearchLexeme" AS x WHERE x."language" = ${filters.language}::"Language" AND x."lexeme" = l."lexeme"))
        ) AS "known"
      FROM unnest(${words}::text[]) WITH ORDINALITY AS t("word", "ord")
    ),
    "terms" AS MATERIALIZED (
      SELECT c."ord", c."word", c."last", c."known",
        CASE WHEN c."known" THEN NULL ELSE (
          SELECT s."word" FROM "SearchWord" AS s
          WHERE s."language" = ${filters.language}::"Language" AND s."word" % c."word"
          ORDER BY similarity(s."word", c."word") DESC, abs(length(s."word") - length(c."word")), s."word" LIMIT 1)
        END AS "correction"
      FROM "checked" AS c
    ),
    "parts" AS (
      SELECT "ord", "word", "correction", "known",
        '(' || quote_literal("word") || CASE WHEN "last" AND length("word") >= 2 THEN ':*' ELSE '' END
          || COALESCE(' | ' || quote_literal("correction"), '') || ')' AS "term",
        '(' || quote_literal("word") || COALESCE(' | ' || quote_literal("correction"), '') || ')' AS "exact",
        '(' || quote_literal("word") || CASE WHEN "last" AND length("word") >= 2 THEN ':*AB' ELSE ':AB' END
          || COALESCE(' | ' || quote_literal("correction") || ':AB', '') || ')' AS "prominent"
      FROM "terms"
    ),
    "q" AS MATERIALIZED (
      SELECT
        to_tsquery("brevia_search_config"(${filters.language}::"Language"), string_agg("term", ' | ' ORDER BY "ord")) AS "any",
        to_tsquery("brevia_search_config"(${filters.language}::"Language"), string_agg("term", ' & ' ORDER BY "ord")) AS "all",
        to_tsquery("brevia_search_config"(${filters.language}::"Language"), string_agg("exact", ' | ' ORDER BY "ord")) AS "exact",
        to_tsquery("brevia_search_config"(${filters.language}::"Language"), string_agg("prominent", ' | ' ORDER BY "ord")) AS "prominent",
        json_agg(json_build_object('word', "word", 'correction', "correction") ORDER BY "ord") AS "corrections",
        -- A word is unknown (a typo, or not in the catalogue): look for titles and authors like the query too.
        NOT bool_and("known") AS "fuzzy"
      FROM "parts"
    ),
    -- Each kind of match straight from its index (trigram ones only when a word is unknown), with what
    -- ranking needs, so no row is read twice.
    "hits" AS (
      (SELECT d."editionId", d."microbookId", d."head", d."titleKey", d."authorKey", false AS "inBody" FROM "SearchDocument" AS d
        WHERE d."head" @@ (SELECT "prominent" FROM "q") AND ${where} LIMIT ${PROMINENT_HITS})
      UNION ALL
      (SELECT d."editionId", d."microbookId", d."head", d."titleKey", d."authorKey", false FROM "SearchDocument" AS d
        WHERE d."head" @@ (SELECT "any" FROM "q") AND ${where} LIMIT ${OTHER_HITS})
      UNION ALL
      (SELECT d."editionId", d."microbookId", d."head", d."titleKey", d."authorKey", false FROM "SearchDocument" AS d
        WHERE (SELECT "fuzzy" FROM "q") AND d."titleKey" %> ${text} AND ${where} LIMIT ${OTHER_HITS})
      UNION ALL
      (SELECT d."editionId", d."microbookId", d."head", d."titleKey", d."authorKey", false FROM "SearchDocument" AS d
        WHERE (SELECT "fuzzy" FROM "q") AND d."authorKey" %> ${text} AND ${where} LIMIT ${OTHER_HITS})
      UNION ALL
      -- Key-idea texts: whole words only (a prefix would make PostgreSQL recheck every long text).
      (SELECT d."editionId", d."microbookId", d."head", d."titleKey", d."authorKey", true FROM "SearchDocument" AS d
        WHERE d."body" @@ (SELECT "exact" FROM "q") AND ${where} LIMIT ${BODY_HITS})
    ),
    "ranked" AS (
      SELECT h."editionId", h."microbookId",
        max(
          ts_rank('{0.05, 0.2, 0.5, 1.0}', h."head", q."any")
          + CASE WHEN h."head" @@ q."all" THEN 0.5 ELSE 0 END
          + CASE WHEN q."fuzzy" THEN 0.5 * greatest(word_similarity(${text}, h."titleKey"), word_similarity(${text}, h."authorKey")) ELSE 0 END
        ) + CASE WHEN bool_or(h."inBody") THEN 0.05 ELSE 0 END AS "score"
      FROM "hits" AS h, "q"
      GROUP BY h."editionId", h."microbookId"
      ORDER BY "score" DESC, h."microbookId"
      LIMIT ${page.limit + 1} OFFSET ${page.offset}
    )
    SELECT r."editionId", r."microbookId", r."score"::float8 AS "score", q."any"::text AS "lexemes", q."corrections"
    FROM "q" LEFT JOIN "ranked" AS r ON true
    ORDER BY r."score" DESC NULLS LAST, r."microbookId"`;
}

export async function searchEditions(
  prisma: PrismaClient,
  words: string[],
  filters: SearchFilters,
  page: { offset: number; limit: number },
): Promise<SearchPage> {
  const rows = await prisma.$queryRaw<Row[]>(searchStatement(words, filters, page));
  const first = rows[0];
  const hits = rows.filter((r): r is Row & SearchHitRow => r.editionId !== null);
  return {
    hits: hits.slice(0, page.limit).map(({ editionId, microbookId, score }) => ({ editionId, microbookId, score })),
    hasMore: hits.length > page.limit,
    lexemes: first?.lexemes ?? "",
    corrections: first?.corrections ?? [],
  };
}

/** Titles close to the query (trigram similarity), for "did you mean" when nothing matched. */
export async function closeTitles(prisma: PrismaClient, text: string, language: Language, limit = 3): Promise<string[]> {
  const rows = await prisma.$queryRaw<{ title: string }[]>`
    SELECT e."title" FROM "SearchDocument" AS d JOIN "MicrobookEdition" AS e ON e."id" = d."editionId"
    WHERE d."language" = ${language}::"Language" AND (d."titleKey" % ${text} OR d."authorKey" % ${text})
    ORDER BY greatest(similarity(d."titleKey", ${text}), similarity(d."authorKey", ${text})) DESC, e."title"
    LIMIT ${limit}`;
  return rows.map((r) => r.title);
}
