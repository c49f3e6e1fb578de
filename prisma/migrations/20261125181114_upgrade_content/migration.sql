-- CreateTable
CREATE TABLE "Testimonial" (
    "id" TEXT NOT NULL,
    "slug" TEXT NOT NULL,
    "position" INTEGER NOT NULL DEFAULT 0,
    "author" TEXT NOT NULL,

    CONSTRAINT "Testimonial_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "TestimonialTranslation" (
    "testimonialId" TEXT NOT NULL,
    "language" "Language" NOT NULL,
    "quote" TEXT NOT NULL,
    "source" TEXT NOT NULL,

    CONSTRAINT "TestimonialTranslation_pkey" PRIMARY KEY ("testimonialId","language")
);

-- CreateTable
CREATE TABLE "FaqEntry" (
    "id" TEXT NOT NULL,
    "slug" TEXT NOT NULL,
    "position" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "FaqEntry_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "FaqEntryTranslation" (
    "faqEntryId" TEXT NOT NULL,
    "language" "Language" NOT NULL,
    "question" TEXT NOT NULL,
    "answer" TEXT NOT NULL,

    CONSTRAINT "FaqEntryTranslation_pkey" PRIMARY KEY ("faqEntryId","language")
);

-- CreateIndex
CREATE UNIQUE INDEX "Testimonial_slug_key" ON "Testimonial"("slug");

-- CreateIndex
CREATE UNIQUE INDEX "FaqEntry_slug_key" ON "FaqEntry"("slug");

-- AddForeignKey
ALTER TABLE "TestimonialTranslation" ADD CONSTRAINT "TestimonialTranslation_testimonialId_fkey" FOREIGN KEY ("testimonialId") REFERENCES "Testimonial"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "FaqEntryTranslation" ADD CONSTRAINT "FaqEntryTranslation_faqEntryId_fkey" FOREIGN KEY ("faqEntryId") REFERENCES "FaqEntry"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Written by hand: the upgrade modal's content is public content too: writing it changes the catalogue
-- version, so cached public answers are refreshed at once.
DO $$
DECLARE
  content_table text;
BEGIN
  FOREACH content_table IN ARRAY ARRAY['Testimonial', 'TestimonialTranslation', 'FaqEntry', 'FaqEntryTranslation'] LOOP
    EXECUTE format(
      'CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION "brevia_bump_catalog_version"()',
      content_table || '_catalog_version', content_table);
  END LOOP;
END
$$;
