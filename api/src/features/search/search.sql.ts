import type { PrismaClient } from "../../generated/prisma/client.js";
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
export async function searchEditions(
  prisma: PrismaClient,
  words: string[],
  filters: SearchFilters,
  page: { offset: number; limit: number },
): Promise<SearchPage> {
  const text = words.join(" ");
  const rows = await prisma.$queryRaw<Row[]>`
    WITH "terms" AS (
      SELECT t."ord", t."word",
        CASE WHEN length(t."word") < 3
          OR EXISTS (SELECT 1 FROM "SearchWord" AS x WHERE x."language" = ${filters.language}::"Language" AND x."word" = t."word")
          OR EXISTS (
            SELECT 1 FROM "SearchDocument" AS d
            WHERE d."language" = ${filters.language}::"Language"
              AND (d."head" @@ to_tsquery("brevia_search_config"(${filters.language}::"Language"), quote_literal(t."word"))
                OR d."body" @@ to_tsquery("brevia_search_config"(${filters.language}::"Language"), quote_literal(t."word"))))
        THEN NULL
        ELSE (
          SELECT s."word" FROM "SearchWord" AS s
          WHERE s."language" = ${filters.language}::"Language" AND s."word" % t."word"
          ORDER BY similarity(s."word", t."word") DESC, abs(length(s."word") - length(t."word")), s."word" LIMIT 1)
        END AS "correction",
        t."ord" = cardinality(${words}::text[]) AS "last"
      FROM unnest(${words}::text[]) WITH ORDINALITY AS t("word", "ord")
    ),
    "parts" AS (
      SELECT "ord", "word", "correction",
        '(' || quote_literal("word") || CASE WHEN "last" AND length("word") >= 2 THEN ':*' ELSE '' END
          || COALESCE(' | ' || quote_literal("correction"), '') || ')' AS "term"
      FROM "terms"
    ),
    "q" AS (
      SELECT
        to_tsquery("brevia_search_config"(${filters.language}::"Language"), string_agg("term", ' | ' ORDER BY "ord")) AS "any",
        to_tsquery("brevia_search_config"(${filters.language}::"Language"), string_agg("term", ' & ' ORDER BY "ord")) AS "all",
        json_agg(json_build_object('word', "word", 'correction', "correction") ORDER BY "ord") AS "corrections"
      FROM "parts"
    ),
    "docs" AS (
      SELECT d.* FROM "SearchDocument" AS d
      WHERE d."language" = ${filters.language}::"Language"
        AND (${filters.categoryId ?? null}::text IS NULL OR d."categoryId" = ${filters.categoryId ?? null}::text)
        AND (${filters.hasAudio ?? null}::boolean IS NULL OR d."hasAudio" = ${filters.hasAudio ?? null}::boolean)
    ),
    "body_hits" AS (
      SELECT d."editionId" FROM "docs" AS d, "q" WHERE d."body" @@ q."any"
    ),
    "candidates" AS (
      SELECT d."editionId", d."microbookId", d."head", d."titleKey", d."authorKey" FROM "docs" AS d, "q"
      WHERE d."head" @@ q."any" OR d."titleKey" %> ${text} OR d."authorKey" %> ${text}
        OR d."editionId" IN (SELECT "editionId" FROM "body_hits")
    ),
    "ranked" AS (
      SELECT c."editionId", c."microbookId",
        ts_rank('{0.05, 0.2, 0.5, 1.0}', c."head", q."any")
          + CASE WHEN c."head" @@ q."all" THEN 0.5 ELSE 0 END
          + CASE WHEN c."editionId" IN (SELECT "editionId" FROM "body_hits") THEN 0.05 ELSE 0 END
          + 0.5 * greatest(word_similarity(${text}, c."titleKey"), word_similarity(${text}, c."authorKey")) AS "score"
      FROM "candidates" AS c, "q"
      ORDER BY "score" DESC, c."microbookId"
      LIMIT ${page.limit + 1} OFFSET ${page.offset}
    )
    SELECT r."editionId", r."microbookId", r."score"::float8 AS "score", q."any"::text AS "lexemes", q."corrections"
    FROM "q" LEFT JOIN "ranked" AS r ON true
    ORDER BY r."score" DESC NULLS LAST, r."microbookId"`;
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
