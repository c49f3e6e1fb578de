import { Prisma, type PrismaClient } from "../../generated/prisma/client.js";
import type { Language } from "../../generated/prisma/enums.js";
import type { PublicEditionText } from "./search.highlights.js";

const { sql, raw, empty } = Prisma;

export type SearchFilters = {
  language: Language;
  categoryId?: string | null;
  /** true: narrated editions only; false: editions without narration; undefined: both. */
  hasAudio?: boolean | null;
};

/** One result of the page, with the public text its highlights are built from. */
export type SearchHit = { editionId: string; microbookId: string; score: number; text: PublicEditionText };

export type SearchPage = {
  hits: SearchHit[];
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
 * in the other public fields, then in key-idea texts (which rank below all of them anyway).
 */
const PROMINENT_HITS = 500;
const OTHER_HITS = 200;
const BODY_HITS = 200;

/**
 * The language as a constant of the statement, never a parameter: each language is its own prepared
 * statement, whose plan (generic or custom) reads that language's partial indexes (migration
 * search_performance). A Record over the enum, so only its three values can reach the SQL text.
 */
const IN_LANGUAGE: Record<Language, Prisma.Sql> = {
  pt: raw(`d."language" = 'pt'::"Language"`),
  en: raw(`d."language" = 'en'::"Language"`),
  es: raw(`d."language" = 'es'::"Language"`),
};
const LANGUAGE: Record<Language, Prisma.Sql> = {
  pt: raw(`'pt'::"Language"`),
  en: raw(`'en'::"Language"`),
  es: raw(`'es'::"Language"`),
};

type Row = {
  editionId: string | null;
  microbookId: string | null;
  score: number | null;
  lexemes: string;
  corrections: { word: string; correction: string | null }[];
  title: string | null;
  subtitle: string | null;
  about: string | null;
  author: string | null;
  keyIdeas: { position: number; title: string }[] | null;
};

/**
 * One statement: corrects each query word that appears nowhere in the language's documents to the
 * closest public catalogue word (trigram similarity over SearchWord), builds the full-text query (each
 * word OR its correction; the last word also as a prefix, for typing), ranks the matching editions
 * (weighted rank of the public fields, a bonus when every word is there, key-idea text matches below
 * them, and trigram similarity to the title and author for typos in them) and returns the page's rows
 * with the public text their highlights are made of. Filters that are not asked for are not in the SQL,
 * so every plan fits its statement. Same SQL on PostgreSQL and PGlite.
 */
export function searchStatement(words: string[], filters: SearchFilters, page: { offset: number; limit: number }): Prisma.Sql {
  const text = words.join(" ");
  const language = LANGUAGE[filters.language];
  const where = sql`${IN_LANGUAGE[filters.language]}
    ${filters.categoryId ? sql`AND d."categoryId" = ${filters.categoryId}` : empty}
    ${filters.hasAudio == null ? empty : raw(filters.hasAudio ? `AND d."hasAudio"` : `AND NOT d."hasAudio"`)}`;
  // A row's score, computed where the row is read: only narrow rows go on to be grouped and sorted.
  const score = sql`ts_rank('{0.05, 0.2, 0.5, 1.0}', d."head", q."any")
    + CASE WHEN d."head" @@ q."all" THEN 0.5 ELSE 0 END
    + CASE WHEN q."fuzzy" THEN 0.5 * greatest(word_similarity(${text}, d."titleKey"), word_similarity(${text}, d."authorKey")) ELSE 0 END`;
  return sql`
    WITH "checked" AS MATERIALIZED (
      SELECT t."ord", t."word", t."ord" = cardinality(${words}::text[]) AS "last",
        -- Known: short, a public word, or (stop words included) every lexeme of it is in some document.
        (length(t."word") < 3
          OR EXISTS (SELECT 1 FROM "SearchWord" AS x WHERE x."language" = ${language} AND x."word" = t."word")
          OR NOT EXISTS (
            SELECT 1 FROM unnest(tsvector_to_array(to_tsvector("brevia_search_config"(${language}), t."word"))) AS l("lexeme")
            WHERE NOT EXISTS (SELECT 1 FROM "SearchLexeme" AS x WHERE x."language" = ${language} AND x."lexeme" = l."lexeme"))
        ) AS "known"
      FROM unnest(${words}::text[]) WITH ORDINALITY AS t("word", "ord")
    ),
    "terms" AS MATERIALIZED (
      SELECT c."ord", c."word", c."last", c."known",
        CASE WHEN c."known" THEN NULL ELSE (
          SELECT s."word" FROM "SearchWord" AS s
          WHERE s."language" = ${language} AND s."word" % c."word"
          ORDER BY similarity(s."word", c."word") DESC, abs(length(s."word") - length(c."word")), s."word" LIMIT 1)
        END AS "correction"
      FROM "checked" AS c
    ),
    "parts" AS (
      SELECT "ord", "word", "correction", "known",
        '(' || quote_literal("word") || CASE WHEN "last" AND length("word") >= 2 THEN ':*' ELSE '' END
          || COALESCE(' | ' || quote_literal("correction"), '') || ')' AS "term",
        '(' || quote_literal("word") || COALESCE(' | ' || quote_literal("correction"), '') || ')' AS "exact"
      FROM "terms"
    ),
    "q" AS MATERIALIZED (
      SELECT
        to_tsquery("brevia_search_config"(${language}), string_agg("term", ' | ' ORDER BY "ord")) AS "any",
        to_tsquery("brevia_search_config"(${language}), string_agg("term", ' & ' ORDER BY "ord")) AS "all",
        to_tsquery("brevia_search_config"(${language}), string_agg("exact", ' | ' ORDER BY "ord")) AS "exact",
        json_agg(json_build_object('word', "word", 'correction', "correction") ORDER BY "ord") AS "corrections",
        -- A word is unknown (a typo, or not in the catalogue): look for titles and authors like the query too.
        NOT bool_and("known") AS "fuzzy"
      FROM "parts"
    ),
    -- Each kind of match straight from its language's index, and each stopping at its bound (trigram ones
    -- only when a word is unknown), scored as it is read: titles, authors, subtitles and categories
    -- ("prominent"), key-idea titles and descriptions ("details"), typos in titles and authors, key-idea texts.
    "hits" AS (
      (SELECT d."editionId", d."microbookId", ${score} AS "score", false AS "inBody" FROM "q", "SearchDocument" AS d
        WHERE d."prominent" @@ q."any" AND ${where} LIMIT ${PROMINENT_HITS})
      UNION ALL
      (SELECT d."editionId", d."microbookId", ${score}, false FROM "q", "SearchDocument" AS d
        WHERE d."details" @@ q."any" AND ${where} LIMIT ${OTHER_HITS})
      UNION ALL
      (SELECT d."editionId", d."microbookId", ${score}, false FROM "q", "SearchDocument" AS d
        WHERE q."fuzzy" AND d."titleKey" %> ${text} AND ${where} LIMIT ${OTHER_HITS})
      UNION ALL
      (SELECT d."editionId", d."microbookId", ${score}, false FROM "q", "SearchDocument" AS d
        WHERE q."fuzzy" AND d."authorKey" %> ${text} AND ${where} LIMIT ${OTHER_HITS})
      UNION ALL
      -- Key-idea texts: whole words only (a prefix would make PostgreSQL recheck every long text).
      (SELECT d."editionId", d."microbookId", ${score}, true FROM "q", "SearchDocument" AS d
        WHERE d."body" @@ q."exact" AND ${where} LIMIT ${BODY_HITS})
    ),
    "ranked" AS (
      SELECT h."editionId", h."microbookId", max(h."score") + CASE WHEN bool_or(h."inBody") THEN 0.05 ELSE 0 END AS "score"
      FROM "hits" AS h
      GROUP BY h."editionId", h."microbookId"
      ORDER BY "score" DESC, h."microbookId"
      LIMIT ${page.limit + 1} OFFSET ${page.offset}
    )
    SELECT r."editionId", r."microbookId", r."score"::float8 AS "score", q."any"::text AS "lexemes", q."corrections",
      e."title", e."subtitle", e."about", COALESCE(aut."name", au."name") AS "author",
      (SELECT json_agg(json_build_object('position', k."position", 'title', k."title") ORDER BY k."position")
        FROM "KeyIdea" AS k WHERE k."editionId" = r."editionId") AS "keyIdeas"
    FROM "q"
    LEFT JOIN "ranked" AS r ON true
    LEFT JOIN "MicrobookEdition" AS e ON e."id" = r."editionId"
    LEFT JOIN "Microbook" AS m ON m."id" = e."microbookId"
    LEFT JOIN "Author" AS au ON au."id" = m."authorId"
    LEFT JOIN "AuthorTranslation" AS aut ON aut."authorId" = au."id" AND aut."language" = e."language"
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
  const hits = rows.flatMap((r): SearchHit[] =>
    r.editionId && r.microbookId && r.title !== null && r.subtitle !== null && r.about !== null && r.author !== null
      ? [
          {
            editionId: r.editionId,
            microbookId: r.microbookId,
            score: r.score ?? 0,
            text: { title: r.title, subtitle: r.subtitle, about: r.about, author: r.author, keyIdeas: r.keyIdeas ?? [] },
          },
        ]
      : [],
  );
  return {
    hits: hits.slice(0, page.limit),
    hasMore: hits.length > page.limit,
    lexemes: first?.lexemes ?? "",
    corrections: first?.corrections ?? [],
  };
}

/**
 * For an empty first page, in one statement: titles close to the query (trigram similarity to titles and
 * authors, for "did you mean") and the ids of the most read microbooks in the language, most read first,
 * then newest. Both from indexes and bounded: the most read walk MicrobookPopularity's readers index, the
 * never-read walk Microbook's createdAt index, each stopping at `popular` rows.
 */
export async function emptyResultHelp(
  prisma: PrismaClient,
  text: string,
  language: Language,
  limits = { titles: 3, popular: 6 },
): Promise<{ titles: string[]; popularIds: string[] }> {
  const lang = LANGUAGE[language];
  const [row] = await prisma.$queryRaw<{ titles: string[] | null; popularIds: string[] | null }[]>`
    SELECT
      ARRAY(
        SELECT e."title" FROM "SearchDocument" AS d JOIN "MicrobookEdition" AS e ON e."id" = d."editionId"
        WHERE ${text} <> '' AND ${IN_LANGUAGE[language]} AND (d."titleKey" % ${text} OR d."authorKey" % ${text})
        ORDER BY greatest(similarity(d."titleKey", ${text}), similarity(d."authorKey", ${text})) DESC, e."title"
        LIMIT ${limits.titles}
      ) AS "titles",
      ARRAY(
        SELECT b."id" FROM (
          (SELECT m."id", p."readers", m."createdAt" FROM "MicrobookPopularity" AS p JOIN "Microbook" AS m ON m."id" = p."microbookId"
            WHERE p."readers" > 0 AND ${lang} = ANY (m."languages")
            ORDER BY p."readers" DESC, m."createdAt" DESC, m."id" LIMIT ${limits.popular})
          UNION ALL
          (SELECT m."id", 0, m."createdAt" FROM "Microbook" AS m
            WHERE ${lang} = ANY (m."languages")
              AND NOT EXISTS (SELECT 1 FROM "MicrobookPopularity" AS p WHERE p."microbookId" = m."id" AND p."readers" > 0)
            ORDER BY m."createdAt" DESC, m."id" LIMIT ${limits.popular})
        ) AS b
        ORDER BY b."readers" DESC, b."createdAt" DESC, b."id" LIMIT ${limits.popular}
      ) AS "popularIds"`;
  return { titles: row?.titles ?? [], popularIds: row?.popularIds ?? [] };
}
