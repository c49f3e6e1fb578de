-- CreateTable
CREATE TABLE "SearchDocument" (
    "editionId" TEXT NOT NULL,
    "microbookId" TEXT NOT NULL,
    "language" "Language" NOT NULL,
    "categoryId" TEXT NOT NULL,
    "hasAudio" BOOLEAN NOT NULL DEFAULT false,
    "titleKey" TEXT NOT NULL,
    "authorKey" TEXT NOT NULL,
    "head" tsvector NOT NULL,
    "body" tsvector NOT NULL,

    CONSTRAINT "SearchDocument_pkey" PRIMARY KEY ("editionId")
);

-- CreateTable
CREATE TABLE "SearchPending" (
    "editionId" TEXT NOT NULL,

    CONSTRAINT "SearchPending_pkey" PRIMARY KEY ("editionId")
);

-- CreateTable
CREATE TABLE "SearchLexeme" (
    "language" "Language" NOT NULL,
    "lexeme" TEXT NOT NULL,

    CONSTRAINT "SearchLexeme_pkey" PRIMARY KEY ("language","lexeme")
);

-- CreateTable
CREATE TABLE "SearchWord" (
    "language" "Language" NOT NULL,
    "word" TEXT NOT NULL,

    CONSTRAINT "SearchWord_pkey" PRIMARY KEY ("language","word")
);

-- CreateIndex
CREATE INDEX "SearchDocument_head_idx" ON "SearchDocument" USING GIN ("head");

-- CreateIndex
CREATE INDEX "SearchDocument_body_idx" ON "SearchDocument" USING GIN ("body");

-- CreateIndex
CREATE INDEX "SearchDocument_titleKey_idx" ON "SearchDocument" USING GIN ("titleKey" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "SearchDocument_authorKey_idx" ON "SearchDocument" USING GIN ("authorKey" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "SearchDocument_language_categoryId_idx" ON "SearchDocument"("language", "categoryId");

-- CreateIndex
CREATE INDEX "SearchWord_word_idx" ON "SearchWord" USING GIN ("word" gin_trgm_ops);

-- AddForeignKey
ALTER TABLE "SearchDocument" ADD CONSTRAINT "SearchDocument_editionId_fkey" FOREIGN KEY ("editionId") REFERENCES "MicrobookEdition"("id") ON DELETE CASCADE ON UPDATE CASCADE;
-- ---------------------------------------------------------------------------------------------
-- Written by hand: the search documents, kept by triggers so that every writer (import, synthetic
-- generator, a future admin console, plain SQL) keeps them current. Same SQL on PostgreSQL and PGlite.

-- Text as search compares it: without accents, lower case. unaccent() is only STABLE (it reads its
-- dictionary through search_path); naming the dictionary makes the result depend on the argument
-- alone, so this wrapper can be IMMUTABLE and used in index expressions and generated columns.
CREATE FUNCTION "brevia_search_text"(input text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT lower(public.unaccent('public.unaccent'::regdictionary, input)) $$;

-- The full-text configuration (stemmer and stop words) of a content language.
CREATE FUNCTION "brevia_search_config"(lang "Language") RETURNS regconfig
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT CASE lang WHEN 'pt' THEN 'portuguese'::regconfig WHEN 'es' THEN 'spanish'::regconfig ELSE 'english'::regconfig END $$;

-- Rebuilds the documents of the given editions (an edition that no longer exists loses its document
-- through the foreign key) and adds their public words to the vocabulary.
CREATE FUNCTION "brevia_refresh_search_documents"(edition_ids text[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "SearchDocument" ("editionId", "microbookId", "language", "categoryId", "hasAudio", "titleKey", "authorKey", "head", "body")
  SELECT e."id", e."microbookId", e."language", m."categoryId",
    EXISTS (SELECT 1 FROM "AudioTrack" AS a WHERE a."editionId" = e."id"),
    "brevia_search_text"(e."title"), "brevia_search_text"(au."name"),
    setweight(to_tsvector("brevia_search_config"(e."language"), "brevia_search_text"(e."title" || ' ' || au."name")), 'A') ||
    setweight(to_tsvector("brevia_search_config"(e."language"), "brevia_search_text"(e."subtitle" || ' ' || COALESCE(ct."name", ''))), 'B') ||
    setweight(to_tsvector("brevia_search_config"(e."language"), "brevia_search_text"(COALESCE(k."titles", '') || ' ' || e."about")), 'C'),
    setweight(to_tsvector("brevia_search_config"(e."language"), "brevia_search_text"(COALESCE(k."bodies", ''))), 'D')
  FROM "MicrobookEdition" AS e
  JOIN "Microbook" AS m ON m."id" = e."microbookId"
  JOIN "Author" AS au ON au."id" = m."authorId"
  LEFT JOIN "CategoryTranslation" AS ct ON ct."categoryId" = m."categoryId" AND ct."language" = e."language"
  LEFT JOIN LATERAL (
    SELECT string_agg(ki."title", ' ' ORDER BY ki."position") AS "titles", string_agg(ki."body", ' ' ORDER BY ki."position") AS "bodies"
    FROM "KeyIdea" AS ki WHERE ki."editionId" = e."id"
  ) AS k ON true
  WHERE e."id" = ANY (edition_ids)
  ON CONFLICT ("editionId") DO UPDATE SET
    "microbookId" = EXCLUDED."microbookId", "language" = EXCLUDED."language", "categoryId" = EXCLUDED."categoryId",
    "hasAudio" = EXCLUDED."hasAudio", "titleKey" = EXCLUDED."titleKey", "authorKey" = EXCLUDED."authorKey",
    "head" = EXCLUDED."head", "body" = EXCLUDED."body";

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

-- The queue: triggers add edition ids; the first deferred firing of the transaction rebuilds every
-- queued document in one statement, later firings find the queue empty.
CREATE FUNCTION "brevia_flush_search_pending"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids text[];
BEGIN
  WITH taken AS (DELETE FROM "SearchPending" RETURNING "editionId") SELECT array_agg("editionId") INTO ids FROM taken;
  IF ids IS NOT NULL THEN
    PERFORM "brevia_refresh_search_documents"(ids);
  END IF;
  RETURN NULL;
END
$$;
CREATE CONSTRAINT TRIGGER "SearchPending_flush" AFTER INSERT ON "SearchPending"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "brevia_flush_search_pending"();

-- Statement triggers with a transition table of rows holding an edition id (column named by TG_ARGV[0]).
CREATE FUNCTION "brevia_queue_search_editions"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('INSERT INTO "SearchPending" ("editionId") SELECT DISTINCT %I FROM changed_rows ON CONFLICT DO NOTHING', TG_ARGV[0]);
  RETURN NULL;
END
$$;
CREATE TRIGGER "MicrobookEdition_search_insert" AFTER INSERT ON "MicrobookEdition"
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "brevia_queue_search_editions"('id');
CREATE TRIGGER "KeyIdea_search_insert" AFTER INSERT ON "KeyIdea"
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "brevia_queue_search_editions"('editionId');
CREATE TRIGGER "KeyIdea_search_delete" AFTER DELETE ON "KeyIdea"
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "brevia_queue_search_editions"('editionId');
CREATE TRIGGER "AudioTrack_search_insert" AFTER INSERT ON "AudioTrack"
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "brevia_queue_search_editions"('editionId');
CREATE TRIGGER "AudioTrack_search_delete" AFTER DELETE ON "AudioTrack"
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "brevia_queue_search_editions"('editionId');

-- Updates: row triggers that fire only when a searched column really changes (an import that upserts
-- unchanged rows, or the keyIdeaCount trigger, queues nothing).
CREATE FUNCTION "brevia_queue_search_row"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'MicrobookEdition' THEN
    INSERT INTO "SearchPending" ("editionId") VALUES (NEW."id") ON CONFLICT DO NOTHING;
  ELSIF TG_TABLE_NAME IN ('KeyIdea', 'AudioTrack') THEN
    INSERT INTO "SearchPending" ("editionId") VALUES (NEW."editionId"), (OLD."editionId") ON CONFLICT DO NOTHING;
  ELSIF TG_TABLE_NAME = 'Microbook' THEN
    INSERT INTO "SearchPending" ("editionId")
    SELECT e."id" FROM "MicrobookEdition" AS e WHERE e."microbookId" = NEW."id" ON CONFLICT DO NOTHING;
  ELSIF TG_TABLE_NAME = 'Author' THEN
    INSERT INTO "SearchPending" ("editionId")
    SELECT e."id" FROM "MicrobookEdition" AS e JOIN "Microbook" AS m ON m."id" = e."microbookId"
    WHERE m."authorId" = NEW."id" ON CONFLICT DO NOTHING;
  ELSIF TG_TABLE_NAME = 'CategoryTranslation' THEN
    INSERT INTO "SearchPending" ("editionId")
    SELECT e."id" FROM "MicrobookEdition" AS e JOIN "Microbook" AS m ON m."id" = e."microbookId"
    WHERE m."categoryId" = COALESCE(NEW."categoryId", OLD."categoryId") AND e."language" = COALESCE(NEW."language", OLD."language")
    ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER "MicrobookEdition_search_update" AFTER UPDATE ON "MicrobookEdition" FOR EACH ROW
  WHEN (OLD."title" IS DISTINCT FROM NEW."title" OR OLD."subtitle" IS DISTINCT FROM NEW."subtitle"
    OR OLD."about" IS DISTINCT FROM NEW."about" OR OLD."language" IS DISTINCT FROM NEW."language"
    OR OLD."microbookId" IS DISTINCT FROM NEW."microbookId")
  EXECUTE FUNCTION "brevia_queue_search_row"();
CREATE TRIGGER "KeyIdea_search_update" AFTER UPDATE ON "KeyIdea" FOR EACH ROW
  WHEN (OLD."title" IS DISTINCT FROM NEW."title" OR OLD."body" IS DISTINCT FROM NEW."body" OR OLD."editionId" IS DISTINCT FROM NEW."editionId")
  EXECUTE FUNCTION "brevia_queue_search_row"();
CREATE TRIGGER "AudioTrack_search_update" AFTER UPDATE ON "AudioTrack" FOR EACH ROW
  WHEN (OLD."editionId" IS DISTINCT FROM NEW."editionId")
  EXECUTE FUNCTION "brevia_queue_search_row"();
CREATE TRIGGER "Microbook_search_update" AFTER UPDATE ON "Microbook" FOR EACH ROW
  WHEN (OLD."authorId" IS DISTINCT FROM NEW."authorId" OR OLD."categoryId" IS DISTINCT FROM NEW."categoryId")
  EXECUTE FUNCTION "brevia_queue_search_row"();
CREATE TRIGGER "Author_search_update" AFTER UPDATE ON "Author" FOR EACH ROW
  WHEN (OLD."name" IS DISTINCT FROM NEW."name")
  EXECUTE FUNCTION "brevia_queue_search_row"();
CREATE TRIGGER "CategoryTranslation_search_insert_delete" AFTER INSERT OR DELETE ON "CategoryTranslation" FOR EACH ROW
  EXECUTE FUNCTION "brevia_queue_search_row"();
CREATE TRIGGER "CategoryTranslation_search_update" AFTER UPDATE ON "CategoryTranslation" FOR EACH ROW
  WHEN (OLD."name" IS DISTINCT FROM NEW."name")
  EXECUTE FUNCTION "brevia_queue_search_row"();

-- Existing editions.
SELECT "brevia_refresh_search_documents"(ARRAY(SELECT "id" FROM "MicrobookEdition"));

-- Catalogue writes are rare and searches constant: the text indexes keep no pending list (until a
-- vacuum merged it, every search would read it whole; after a bulk import that took most of the time).
ALTER INDEX "SearchDocument_head_idx" SET (fastupdate = off);
ALTER INDEX "SearchDocument_body_idx" SET (fastupdate = off);
ALTER INDEX "SearchDocument_titleKey_idx" SET (fastupdate = off);
ALTER INDEX "SearchDocument_authorKey_idx" SET (fastupdate = off);
ALTER INDEX "SearchWord_word_idx" SET (fastupdate = off);
