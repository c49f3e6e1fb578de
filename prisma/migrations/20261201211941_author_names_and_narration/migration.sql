-- AlterTable
ALTER TABLE "AudioTrack" ADD COLUMN     "narratorName" TEXT,
ADD COLUMN     "sentences" JSONB,
ADD COLUMN     "synthetic" BOOLEAN NOT NULL DEFAULT true;

-- AlterTable
ALTER TABLE "Author" ADD COLUMN     "searchNames" TEXT NOT NULL DEFAULT '';

-- CreateTable
CREATE TABLE "AuthorTranslation" (
    "authorId" TEXT NOT NULL,
    "language" "Language" NOT NULL,
    "name" TEXT NOT NULL,
    "sortName" TEXT NOT NULL,

    CONSTRAINT "AuthorTranslation_pkey" PRIMARY KEY ("authorId","language")
);

-- AddForeignKey
ALTER TABLE "AuthorTranslation" ADD CONSTRAINT "AuthorTranslation_authorId_fkey" FOREIGN KEY ("authorId") REFERENCES "Author"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Search finds a book by any name of its author in any language (written by hand): the refresh of migration
-- search_performance, with the author's names in every language (Author.searchNames) where it had the
-- English byline, and the Author trigger fired when they change.
CREATE OR REPLACE FUNCTION "brevia_refresh_search_documents"(edition_ids text[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "SearchDocument" ("editionId", "microbookId", "language", "categoryId", "hasAudio", "titleKey", "authorKey", "head", "prominent", "details", "body")
  SELECT e."id", e."microbookId", e."language", m."categoryId",
    EXISTS (SELECT 1 FROM "AudioTrack" AS a WHERE a."editionId" = e."id"),
    "brevia_search_text"(e."title"), "brevia_search_text"((au."name" || ' ' || au."searchNames")),
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
    setweight(to_tsvector("brevia_search_config"(e."language"), "brevia_search_text"(e."title" || ' ' || (au."name" || ' ' || au."searchNames"))), 'A') ||
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
    "brevia_search_text"(e."title" || ' ' || e."subtitle" || ' ' || (au."name" || ' ' || au."searchNames") || ' ' || COALESCE(ct."name", '') || ' ' ||
      COALESCE((SELECT string_agg(ki."title", ' ') FROM "KeyIdea" AS ki WHERE ki."editionId" = e."id"), '')),
    '[^[:alnum:]]+') AS w(word)
  WHERE e."id" = ANY (edition_ids) AND length(w.word) >= 3 AND w.word !~ '^[0-9]+$'
  ON CONFLICT DO NOTHING;
END
$$;

DROP TRIGGER "Author_search_update" ON "Author";
CREATE TRIGGER "Author_search_update" AFTER UPDATE ON "Author" FOR EACH ROW
  WHEN (OLD."name" IS DISTINCT FROM NEW."name" OR OLD."searchNames" IS DISTINCT FROM NEW."searchNames")
  EXECUTE FUNCTION "brevia_queue_search_row"();
