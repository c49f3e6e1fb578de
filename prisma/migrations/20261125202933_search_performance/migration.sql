-- Search at catalogue scale (written by hand around the generated statements): head's lexemes split by
-- field group into two columns that are matched, per-language partial indexes. Same SQL on PostgreSQL and PGlite.

-- The indexes over every language are replaced by partial ones below.
DROP INDEX "SearchDocument_authorKey_idx";
DROP INDEX "SearchDocument_body_idx";
DROP INDEX "SearchDocument_head_idx";
DROP INDEX "SearchDocument_titleKey_idx";

-- head's lexemes without positions, split: "prominent" holds weights A and B (title, author, subtitle,
-- category name), "details" weight C (key-idea titles, description). A query restricted to weights A and B
-- on head cannot be answered by its index alone: PostgreSQL rechecked the weights of every candidate row,
-- and a word common in descriptions made a search read thousands of rows for nothing. Matching each group
-- in its own column needs no recheck, and each kind of match stops after its bound. head stays, for ranking.
ALTER TABLE "SearchDocument" ADD COLUMN "prominent" tsvector, ADD COLUMN "details" tsvector;
UPDATE "SearchDocument" SET "prominent" = strip(ts_filter("head", '{a,b}')), "details" = strip(ts_filter("head", '{c}'));
ALTER TABLE "SearchDocument" ALTER COLUMN "prominent" SET NOT NULL, ALTER COLUMN "details" SET NOT NULL;

-- As in migration search, with prominent and details derived from the head it builds.
CREATE OR REPLACE FUNCTION "brevia_refresh_search_documents"(edition_ids text[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "SearchDocument" ("editionId", "microbookId", "language", "categoryId", "hasAudio", "titleKey", "authorKey", "head", "prominent", "details", "body")
  SELECT e."id", e."microbookId", e."language", m."categoryId",
    EXISTS (SELECT 1 FROM "AudioTrack" AS a WHERE a."editionId" = e."id"),
    "brevia_search_text"(e."title"), "brevia_search_text"(au."name"),
    h."head", strip(ts_filter(h."head", '{a,b}')), strip(ts_filter(h."head", '{c}')),
    setweight(to_tsvector("brevia_search_config"(e."language"), "brevia_search_text"(COALESCE(k."bodies", ''))), 'D')
  FROM "MicrobookEdition" AS e
  JOIN "Microbook" AS m ON m."id" = e."microbookId"
  JOIN "Author" AS au ON au."id" = m."authorId"
  LEFT JOIN "CategoryTranslation" AS ct ON ct."categoryId" = m."categoryId" AND ct."language" = e."language"
  LEFT JOIN LATERAL (
    SELECT string_agg(ki."title", ' ' ORDER BY ki."position") AS "titles", string_agg(ki."body", ' ' ORDER BY ki."position") AS "bodies"
    FROM "KeyIdea" AS ki WHERE ki."editionId" = e."id"
  ) AS k ON true
  CROSS JOIN LATERAL (SELECT
    setweight(to_tsvector("brevia_search_config"(e."language"), "brevia_search_text"(e."title" || ' ' || au."name")), 'A') ||
    setweight(to_tsvector("brevia_search_config"(e."language"), "brevia_search_text"(e."subtitle" || ' ' || COALESCE(ct."name", ''))), 'B') ||
    setweight(to_tsvector("brevia_search_config"(e."language"), "brevia_search_text"(COALESCE(k."titles", '') || ' ' || e."about")), 'C') AS "head"
  ) AS h
  WHERE e."id" = ANY (edition_ids)
  ON CONFLICT ("editionId") DO UPDATE SET
    "microbookId" = EXCLUDED."microbookId", "language" = EXCLUDED."language", "categoryId" = EXCLUDED."categoryId",
    "hasAudio" = EXCLUDED."hasAudio", "titleKey" = EXCLUDED."titleKey", "authorKey" = EXCLUDED."authorKey",
    "head" = EXCLUDED."head", "prominent" = EXCLUDED."prominent", "details" = EXCLUDED."details", "body" = EXCLUDED."body";

  -- Every lexeme, so that a query word known anywhere is not corrected.
  INSERT INTO "SearchLexeme" ("language", "lexeme")
  SELECT DISTINCT d."language", l.lexeme
  FROM "SearchDocument" AS d CROSS JOIN LATERAL unnest(tsvector_to_array(d."head" || d."body")) AS l(lexeme)
  WHERE d."editionId" = ANY (edition_ids)
  ON CONFLICT DO NOTHING;

  -- The vocabulary for "did you mean": public words only (never key-idea texts). Words that leave the
  -- catalogue stay (a correction to them finds nothing, which is harmless); so do lexemes.
  INSERT INTO "SearchWord" ("language", "word")
  SELECT DISTINCT e."language", w.word
  FROM "MicrobookEdition" AS e
  JOIN "Microbook" AS m ON m."id" = e."microbookId"
  JOIN "Author" AS au ON au."id" = m."authorId"
  LEFT JOIN "CategoryTranslation" AS ct ON ct."categoryId" = m."categoryId" AND ct."language" = e."language"
  CROSS JOIN LATERAL regexp_split_to_table(
    "brevia_search_text"(e."title" || ' ' || e."subtitle" || ' ' || au."name" || ' ' || COALESCE(ct."name", '') || ' ' ||
      COALESCE((SELECT string_agg(ki."title", ' ') FROM "KeyIdea" AS ki WHERE ki."editionId" = e."id"), '')),
    '[^[:alnum:]]+') AS w(word)
  WHERE e."id" = ANY (edition_ids) AND length(w.word) >= 3 AND w.word !~ '^[0-9]+$'
  ON CONFLICT DO NOTHING;
END
$$;

-- One index per content language and column: a search names its language as a constant (search.sql.ts),
-- so even a generic plan of the prepared statement reads only that language's entries, and the bitmap of
-- a common word holds that language's documents only. A new Language value needs its five indexes here
-- (search.test.ts checks that every language has them). No pending lists, as in migration search.
CREATE INDEX "SearchDocument_prominent_pt_idx" ON "SearchDocument" USING GIN ("prominent") WITH (fastupdate = off) WHERE "language" = 'pt';
CREATE INDEX "SearchDocument_prominent_en_idx" ON "SearchDocument" USING GIN ("prominent") WITH (fastupdate = off) WHERE "language" = 'en';
CREATE INDEX "SearchDocument_prominent_es_idx" ON "SearchDocument" USING GIN ("prominent") WITH (fastupdate = off) WHERE "language" = 'es';
CREATE INDEX "SearchDocument_details_pt_idx" ON "SearchDocument" USING GIN ("details") WITH (fastupdate = off) WHERE "language" = 'pt';
CREATE INDEX "SearchDocument_details_en_idx" ON "SearchDocument" USING GIN ("details") WITH (fastupdate = off) WHERE "language" = 'en';
CREATE INDEX "SearchDocument_details_es_idx" ON "SearchDocument" USING GIN ("details") WITH (fastupdate = off) WHERE "language" = 'es';
CREATE INDEX "SearchDocument_body_pt_idx" ON "SearchDocument" USING GIN ("body") WITH (fastupdate = off) WHERE "language" = 'pt';
CREATE INDEX "SearchDocument_body_en_idx" ON "SearchDocument" USING GIN ("body") WITH (fastupdate = off) WHERE "language" = 'en';
CREATE INDEX "SearchDocument_body_es_idx" ON "SearchDocument" USING GIN ("body") WITH (fastupdate = off) WHERE "language" = 'es';
CREATE INDEX "SearchDocument_titleKey_pt_idx" ON "SearchDocument" USING GIN ("titleKey" gin_trgm_ops) WITH (fastupdate = off) WHERE "language" = 'pt';
CREATE INDEX "SearchDocument_titleKey_en_idx" ON "SearchDocument" USING GIN ("titleKey" gin_trgm_ops) WITH (fastupdate = off) WHERE "language" = 'en';
CREATE INDEX "SearchDocument_titleKey_es_idx" ON "SearchDocument" USING GIN ("titleKey" gin_trgm_ops) WITH (fastupdate = off) WHERE "language" = 'es';
CREATE INDEX "SearchDocument_authorKey_pt_idx" ON "SearchDocument" USING GIN ("authorKey" gin_trgm_ops) WITH (fastupdate = off) WHERE "language" = 'pt';
CREATE INDEX "SearchDocument_authorKey_en_idx" ON "SearchDocument" USING GIN ("authorKey" gin_trgm_ops) WITH (fastupdate = off) WHERE "language" = 'en';
CREATE INDEX "SearchDocument_authorKey_es_idx" ON "SearchDocument" USING GIN ("authorKey" gin_trgm_ops) WITH (fastupdate = off) WHERE "language" = 'es';
