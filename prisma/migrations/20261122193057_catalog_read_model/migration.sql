-- CreateEnum
CREATE TYPE "EntitlementSource" AS ENUM ('TRIAL', 'SUBSCRIPTION', 'LIFETIME', 'VOUCHER', 'GRANT');

-- AlterTable
ALTER TABLE "Microbook" ADD COLUMN     "languages" "Language"[] DEFAULT ARRAY[]::"Language"[];

-- AlterTable
ALTER TABLE "MicrobookEdition" ADD COLUMN     "keyIdeaCount" INTEGER NOT NULL DEFAULT 0;

-- CreateTable
CREATE TABLE "PremiumEntitlement" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "source" "EntitlementSource" NOT NULL,
    "startsAt" TIMESTAMP(3) NOT NULL,
    "endsAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "PremiumEntitlement_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "CatalogState" (
    "id" INTEGER NOT NULL DEFAULT 1,
    "version" TEXT NOT NULL,
    "changedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "CatalogState_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "PremiumEntitlement_userId_startsAt_idx" ON "PremiumEntitlement"("userId", "startsAt");

-- AddForeignKey
ALTER TABLE "PremiumEntitlement" ADD CONSTRAINT "PremiumEntitlement_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- ---------------------------------------------------------------------------------------------
-- Written by hand: the read model's derived columns and the catalogue version, kept by triggers so
-- that every writer (import, synthetic generator, a future admin console, plain SQL) keeps them right.

-- Microbook.languages: the languages of its editions, in enum order (pt, en, es).
CREATE FUNCTION "brevia_refresh_microbook_languages"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "Microbook" AS m
  SET "languages" = COALESCE(
    (SELECT array_agg(e."language" ORDER BY e."language") FROM "MicrobookEdition" AS e WHERE e."microbookId" = m."id"),
    ARRAY[]::"Language"[])
  WHERE m."id" IN (SELECT DISTINCT "microbookId" FROM changed_rows);
  RETURN NULL;
END
$$;
CREATE TRIGGER "MicrobookEdition_languages_insert" AFTER INSERT ON "MicrobookEdition"
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "brevia_refresh_microbook_languages"();
CREATE TRIGGER "MicrobookEdition_languages_delete" AFTER DELETE ON "MicrobookEdition"
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "brevia_refresh_microbook_languages"();
CREATE TRIGGER "MicrobookEdition_languages_update_old" AFTER UPDATE ON "MicrobookEdition"
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "brevia_refresh_microbook_languages"();
CREATE TRIGGER "MicrobookEdition_languages_update_new" AFTER UPDATE ON "MicrobookEdition"
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "brevia_refresh_microbook_languages"();

-- MicrobookEdition.keyIdeaCount: how many key ideas it has.
CREATE FUNCTION "brevia_refresh_key_idea_count"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "MicrobookEdition" AS e
  SET "keyIdeaCount" = (SELECT count(*) FROM "KeyIdea" AS k WHERE k."editionId" = e."id")
  WHERE e."id" IN (SELECT DISTINCT "editionId" FROM changed_rows);
  RETURN NULL;
END
$$;
CREATE TRIGGER "KeyIdea_count_insert" AFTER INSERT ON "KeyIdea"
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "brevia_refresh_key_idea_count"();
CREATE TRIGGER "KeyIdea_count_delete" AFTER DELETE ON "KeyIdea"
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "brevia_refresh_key_idea_count"();
CREATE TRIGGER "KeyIdea_count_update_old" AFTER UPDATE ON "KeyIdea"
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "brevia_refresh_key_idea_count"();
CREATE TRIGGER "KeyIdea_count_update_new" AFTER UPDATE ON "KeyIdea"
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "brevia_refresh_key_idea_count"();

-- CatalogState.version: a new random token after any statement that writes catalogue content.
-- (Not FreeDailyPick: cached answers are keyed by the day already, and its first write each day
-- would otherwise empty the cache for nothing.)
CREATE FUNCTION "brevia_bump_catalog_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "CatalogState" ("id", "version", "changedAt")
  VALUES (1, md5(random()::text || clock_timestamp()::text), clock_timestamp())
  ON CONFLICT ("id") DO UPDATE SET "version" = EXCLUDED."version", "changedAt" = EXCLUDED."changedAt";
  RETURN NULL;
END
$$;
DO $$
DECLARE
  catalogue_table text;
BEGIN
  FOREACH catalogue_table IN ARRAY ARRAY[
    'Category', 'CategoryTranslation', 'Author', 'Microbook', 'SimilarMicrobook', 'MicrobookEdition', 'KeyIdea',
    'AudioTrack', 'Playlist', 'PlaylistTranslation', 'PlaylistItem', 'Original',
    'OriginalTranslation', 'OriginalStep', 'OriginalStepTranslation'
  ] LOOP
    EXECUTE format(
      'CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION "brevia_bump_catalog_version"()',
      catalogue_table || '_catalog_version', catalogue_table);
  END LOOP;
END
$$;

-- Existing rows.
UPDATE "Microbook" AS m
SET "languages" = COALESCE(
  (SELECT array_agg(e."language" ORDER BY e."language") FROM "MicrobookEdition" AS e WHERE e."microbookId" = m."id"),
  ARRAY[]::"Language"[]);
UPDATE "MicrobookEdition" AS e SET "keyIdeaCount" = (SELECT count(*) FROM "KeyIdea" AS k WHERE k."editionId" = e."id");
INSERT INTO "CatalogState" ("id", "version", "changedAt")
VALUES (1, md5(random()::text || clock_timestamp()::text), clock_timestamp())
ON CONFLICT ("id") DO NOTHING;
