-- AlterTable
ALTER TABLE "Category" ADD COLUMN     "microbookCount" INTEGER NOT NULL DEFAULT 0;

-- AlterTable
ALTER TABLE "FreeDailyPick" ADD COLUMN     "cycle" INTEGER NOT NULL DEFAULT 0;

-- CreateTable
CREATE TABLE "MicrobookPopularity" (
    "microbookId" TEXT NOT NULL,
    "readers" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "MicrobookPopularity_pkey" PRIMARY KEY ("microbookId")
);

-- CreateTable
CREATE TABLE "MicrobookDailyReads" (
    "microbookId" TEXT NOT NULL,
    "day" DATE NOT NULL,
    "readers" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "MicrobookDailyReads_pkey" PRIMARY KEY ("microbookId","day")
);

-- CreateIndex
CREATE INDEX "MicrobookPopularity_readers_idx" ON "MicrobookPopularity"("readers");

-- CreateIndex
CREATE INDEX "MicrobookDailyReads_day_idx" ON "MicrobookDailyReads"("day");

-- CreateIndex
CREATE INDEX "FreeDailyPick_cycle_idx" ON "FreeDailyPick"("cycle");

-- AddForeignKey
ALTER TABLE "MicrobookPopularity" ADD CONSTRAINT "MicrobookPopularity_microbookId_fkey" FOREIGN KEY ("microbookId") REFERENCES "Microbook"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "MicrobookDailyReads" ADD CONSTRAINT "MicrobookDailyReads_microbookId_fkey" FOREIGN KEY ("microbookId") REFERENCES "Microbook"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- ---------------------------------------------------------------------------------------------
-- Written by hand: counts the discovery pages read instead of counting per request, kept by triggers
-- so every writer (import, synthetic generator, plain SQL) keeps them right.

-- Category.microbookCount: its published microbooks (those with an edition: Microbook.languages, itself
-- kept by the edition triggers, is not empty).
CREATE FUNCTION "brevia_refresh_category_count"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "Category" AS c
  SET "microbookCount" = (SELECT count(*) FROM "Microbook" AS m WHERE m."categoryId" = c."id" AND cardinality(m."languages") > 0)
  WHERE c."id" IN (SELECT DISTINCT "categoryId" FROM changed_rows)
    AND c."microbookCount" IS DISTINCT FROM
      (SELECT count(*) FROM "Microbook" AS m WHERE m."categoryId" = c."id" AND cardinality(m."languages") > 0);
  RETURN NULL;
END
$$;
CREATE TRIGGER "Microbook_category_count_insert" AFTER INSERT ON "Microbook"
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "brevia_refresh_category_count"();
CREATE TRIGGER "Microbook_category_count_delete" AFTER DELETE ON "Microbook"
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "brevia_refresh_category_count"();
CREATE TRIGGER "Microbook_category_count_update_old" AFTER UPDATE ON "Microbook"
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "brevia_refresh_category_count"();
CREATE TRIGGER "Microbook_category_count_update_new" AFTER UPDATE ON "Microbook"
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "brevia_refresh_category_count"();

-- Reads. A "read" is a reader starting a microbook: their UserBookState gets a startedAt (reading
-- or read). Each reader counts once per microbook, on the UTC day they started it.
CREATE FUNCTION "brevia_count_reads"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  was_started boolean := false;
  is_started boolean := false;
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN was_started := OLD."startedAt" IS NOT NULL; END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN is_started := NEW."startedAt" IS NOT NULL; END IF;
  IF TG_OP = 'UPDATE' AND was_started AND is_started AND OLD."microbookId" = NEW."microbookId" THEN RETURN NULL; END IF;
  IF was_started THEN
    UPDATE "MicrobookPopularity" SET "readers" = GREATEST("readers" - 1, 0) WHERE "microbookId" = OLD."microbookId";
    UPDATE "MicrobookDailyReads" SET "readers" = GREATEST("readers" - 1, 0)
    WHERE "microbookId" = OLD."microbookId" AND "day" = OLD."startedAt"::date;
  END IF;
  IF is_started THEN
    INSERT INTO "MicrobookPopularity" ("microbookId", "readers") VALUES (NEW."microbookId", 1)
    ON CONFLICT ("microbookId") DO UPDATE SET "readers" = "MicrobookPopularity"."readers" + 1;
    INSERT INTO "MicrobookDailyReads" ("microbookId", "day", "readers") VALUES (NEW."microbookId", NEW."startedAt"::date, 1)
    ON CONFLICT ("microbookId", "day") DO UPDATE SET "readers" = "MicrobookDailyReads"."readers" + 1;
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER "UserBookState_reads" AFTER INSERT OR UPDATE OR DELETE ON "UserBookState"
  FOR EACH ROW EXECUTE FUNCTION "brevia_count_reads"();

-- Existing rows.
UPDATE "Category" AS c
SET "microbookCount" = (SELECT count(*) FROM "Microbook" AS m WHERE m."categoryId" = c."id" AND cardinality(m."languages") > 0);
INSERT INTO "MicrobookPopularity" ("microbookId", "readers")
SELECT "microbookId", count(*) FROM "UserBookState" WHERE "startedAt" IS NOT NULL GROUP BY "microbookId";
INSERT INTO "MicrobookDailyReads" ("microbookId", "day", "readers")
SELECT "microbookId", "startedAt"::date, count(*) FROM "UserBookState" WHERE "startedAt" IS NOT NULL GROUP BY "microbookId", "startedAt"::date;
