-- Extensions the schema relies on (citext for emails) and that search uses (pg_trgm, unaccent).
-- All three ship with PostgreSQL contrib and with PGlite.
CREATE EXTENSION IF NOT EXISTS "citext";
CREATE EXTENSION IF NOT EXISTS "pg_trgm";
CREATE EXTENSION IF NOT EXISTS "unaccent";

-- CreateEnum
CREATE TYPE "Language" AS ENUM ('pt', 'en', 'es');

-- CreateEnum
CREATE TYPE "ReadingStatus" AS ENUM ('NONE', 'READING', 'READ');

-- CreateTable
CREATE TABLE "User" (
    "id" TEXT NOT NULL,
    "email" CITEXT NOT NULL,
    "name" TEXT NOT NULL,
    "surname" TEXT NOT NULL DEFAULT '',
    "passwordHash" TEXT,
    "kindleEmail" CITEXT,
    "interfaceLanguage" "Language" NOT NULL DEFAULT 'pt',
    "contentLanguage" "Language" NOT NULL DEFAULT 'pt',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "User_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Session" (
    "id" TEXT NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "userAgent" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastSeenAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Session_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Category" (
    "id" TEXT NOT NULL,
    "slug" TEXT NOT NULL,
    "color" TEXT NOT NULL,
    "icon" TEXT NOT NULL,
    "position" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "Category_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "CategoryTranslation" (
    "categoryId" TEXT NOT NULL,
    "language" "Language" NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT NOT NULL,

    CONSTRAINT "CategoryTranslation_pkey" PRIMARY KEY ("categoryId","language")
);

-- CreateTable
CREATE TABLE "Author" (
    "id" TEXT NOT NULL,
    "slug" TEXT NOT NULL,
    "name" TEXT NOT NULL,

    CONSTRAINT "Author_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Microbook" (
    "id" TEXT NOT NULL,
    "slug" TEXT NOT NULL,
    "authorId" TEXT NOT NULL,
    "categoryId" TEXT NOT NULL,
    "publishedYear" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Microbook_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SimilarMicrobook" (
    "microbookId" TEXT NOT NULL,
    "similarId" TEXT NOT NULL,
    "position" INTEGER NOT NULL,

    CONSTRAINT "SimilarMicrobook_pkey" PRIMARY KEY ("microbookId","similarId")
);

-- CreateTable
CREATE TABLE "MicrobookEdition" (
    "id" TEXT NOT NULL,
    "microbookId" TEXT NOT NULL,
    "language" "Language" NOT NULL,
    "title" TEXT NOT NULL,
    "subtitle" TEXT NOT NULL,
    "authorBio" TEXT NOT NULL,
    "about" TEXT NOT NULL,
    "audience" TEXT NOT NULL,
    "introduction" TEXT NOT NULL,
    "wordCount" INTEGER NOT NULL,
    "readingMinutes" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "MicrobookEdition_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "KeyIdea" (
    "id" TEXT NOT NULL,
    "editionId" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "title" TEXT NOT NULL,
    "body" TEXT NOT NULL,

    CONSTRAINT "KeyIdea_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "AudioTrack" (
    "id" TEXT NOT NULL,
    "editionId" TEXT NOT NULL,
    "fileName" TEXT NOT NULL,
    "mimeType" TEXT NOT NULL,
    "byteSize" INTEGER NOT NULL,
    "durationSeconds" DOUBLE PRECISION NOT NULL,
    "chapters" JSONB NOT NULL,

    CONSTRAINT "AudioTrack_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "FreeDailyPick" (
    "day" DATE NOT NULL,
    "microbookId" TEXT NOT NULL,

    CONSTRAINT "FreeDailyPick_pkey" PRIMARY KEY ("day")
);

-- CreateTable
CREATE TABLE "Playlist" (
    "id" TEXT NOT NULL,
    "slug" TEXT NOT NULL,
    "week" TEXT NOT NULL,
    "weekStart" DATE NOT NULL,

    CONSTRAINT "Playlist_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "PlaylistTranslation" (
    "playlistId" TEXT NOT NULL,
    "language" "Language" NOT NULL,
    "title" TEXT NOT NULL,
    "description" TEXT NOT NULL,

    CONSTRAINT "PlaylistTranslation_pkey" PRIMARY KEY ("playlistId","language")
);

-- CreateTable
CREATE TABLE "PlaylistItem" (
    "playlistId" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "microbookId" TEXT NOT NULL,

    CONSTRAINT "PlaylistItem_pkey" PRIMARY KEY ("playlistId","position")
);

-- CreateTable
CREATE TABLE "Original" (
    "id" TEXT NOT NULL,
    "slug" TEXT NOT NULL,
    "specialistName" TEXT NOT NULL,
    "position" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "Original_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "OriginalTranslation" (
    "originalId" TEXT NOT NULL,
    "language" "Language" NOT NULL,
    "title" TEXT NOT NULL,
    "specialistRole" TEXT NOT NULL,
    "introduction" TEXT NOT NULL,

    CONSTRAINT "OriginalTranslation_pkey" PRIMARY KEY ("originalId","language")
);

-- CreateTable
CREATE TABLE "OriginalStep" (
    "id" TEXT NOT NULL,
    "originalId" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "microbookId" TEXT NOT NULL,

    CONSTRAINT "OriginalStep_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "OriginalStepTranslation" (
    "stepId" TEXT NOT NULL,
    "language" "Language" NOT NULL,
    "text" TEXT NOT NULL,

    CONSTRAINT "OriginalStepTranslation_pkey" PRIMARY KEY ("stepId","language")
);

-- CreateTable
CREATE TABLE "UserBookState" (
    "userId" TEXT NOT NULL,
    "microbookId" TEXT NOT NULL,
    "isFavourite" BOOLEAN NOT NULL DEFAULT false,
    "status" "ReadingStatus" NOT NULL DEFAULT 'NONE',
    "progress" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "favouritedAt" TIMESTAMP(3),
    "startedAt" TIMESTAMP(3),
    "finishedAt" TIMESTAMP(3),
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "UserBookState_pkey" PRIMARY KEY ("userId","microbookId")
);

-- CreateIndex
CREATE UNIQUE INDEX "User_email_key" ON "User"("email");

-- CreateIndex
CREATE UNIQUE INDEX "Session_tokenHash_key" ON "Session"("tokenHash");

-- CreateIndex
CREATE INDEX "Session_userId_idx" ON "Session"("userId");

-- CreateIndex
CREATE UNIQUE INDEX "Category_slug_key" ON "Category"("slug");

-- CreateIndex
CREATE UNIQUE INDEX "Author_slug_key" ON "Author"("slug");

-- CreateIndex
CREATE UNIQUE INDEX "Microbook_slug_key" ON "Microbook"("slug");

-- CreateIndex
CREATE INDEX "Microbook_categoryId_idx" ON "Microbook"("categoryId");

-- CreateIndex
CREATE INDEX "Microbook_authorId_idx" ON "Microbook"("authorId");

-- CreateIndex
CREATE INDEX "Microbook_createdAt_idx" ON "Microbook"("createdAt");

-- CreateIndex
CREATE INDEX "SimilarMicrobook_similarId_idx" ON "SimilarMicrobook"("similarId");

-- CreateIndex
CREATE INDEX "MicrobookEdition_language_idx" ON "MicrobookEdition"("language");

-- CreateIndex
CREATE UNIQUE INDEX "MicrobookEdition_microbookId_language_key" ON "MicrobookEdition"("microbookId", "language");

-- CreateIndex
CREATE UNIQUE INDEX "KeyIdea_editionId_position_key" ON "KeyIdea"("editionId", "position");

-- CreateIndex
CREATE UNIQUE INDEX "AudioTrack_editionId_key" ON "AudioTrack"("editionId");

-- CreateIndex
CREATE UNIQUE INDEX "Playlist_slug_key" ON "Playlist"("slug");

-- CreateIndex
CREATE INDEX "Playlist_weekStart_idx" ON "Playlist"("weekStart");

-- CreateIndex
CREATE INDEX "PlaylistItem_microbookId_idx" ON "PlaylistItem"("microbookId");

-- CreateIndex
CREATE UNIQUE INDEX "Original_slug_key" ON "Original"("slug");

-- CreateIndex
CREATE INDEX "OriginalStep_microbookId_idx" ON "OriginalStep"("microbookId");

-- CreateIndex
CREATE UNIQUE INDEX "OriginalStep_originalId_position_key" ON "OriginalStep"("originalId", "position");

-- CreateIndex
CREATE INDEX "UserBookState_userId_status_idx" ON "UserBookState"("userId", "status");

-- CreateIndex
CREATE INDEX "UserBookState_userId_isFavourite_idx" ON "UserBookState"("userId", "isFavourite");

-- AddForeignKey
ALTER TABLE "Session" ADD CONSTRAINT "Session_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CategoryTranslation" ADD CONSTRAINT "CategoryTranslation_categoryId_fkey" FOREIGN KEY ("categoryId") REFERENCES "Category"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Microbook" ADD CONSTRAINT "Microbook_authorId_fkey" FOREIGN KEY ("authorId") REFERENCES "Author"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Microbook" ADD CONSTRAINT "Microbook_categoryId_fkey" FOREIGN KEY ("categoryId") REFERENCES "Category"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SimilarMicrobook" ADD CONSTRAINT "SimilarMicrobook_microbookId_fkey" FOREIGN KEY ("microbookId") REFERENCES "Microbook"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SimilarMicrobook" ADD CONSTRAINT "SimilarMicrobook_similarId_fkey" FOREIGN KEY ("similarId") REFERENCES "Microbook"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "MicrobookEdition" ADD CONSTRAINT "MicrobookEdition_microbookId_fkey" FOREIGN KEY ("microbookId") REFERENCES "Microbook"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "KeyIdea" ADD CONSTRAINT "KeyIdea_editionId_fkey" FOREIGN KEY ("editionId") REFERENCES "MicrobookEdition"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AudioTrack" ADD CONSTRAINT "AudioTrack_editionId_fkey" FOREIGN KEY ("editionId") REFERENCES "MicrobookEdition"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "FreeDailyPick" ADD CONSTRAINT "FreeDailyPick_microbookId_fkey" FOREIGN KEY ("microbookId") REFERENCES "Microbook"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PlaylistTranslation" ADD CONSTRAINT "PlaylistTranslation_playlistId_fkey" FOREIGN KEY ("playlistId") REFERENCES "Playlist"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PlaylistItem" ADD CONSTRAINT "PlaylistItem_playlistId_fkey" FOREIGN KEY ("playlistId") REFERENCES "Playlist"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PlaylistItem" ADD CONSTRAINT "PlaylistItem_microbookId_fkey" FOREIGN KEY ("microbookId") REFERENCES "Microbook"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "OriginalTranslation" ADD CONSTRAINT "OriginalTranslation_originalId_fkey" FOREIGN KEY ("originalId") REFERENCES "Original"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "OriginalStep" ADD CONSTRAINT "OriginalStep_originalId_fkey" FOREIGN KEY ("originalId") REFERENCES "Original"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "OriginalStep" ADD CONSTRAINT "OriginalStep_microbookId_fkey" FOREIGN KEY ("microbookId") REFERENCES "Microbook"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "OriginalStepTranslation" ADD CONSTRAINT "OriginalStepTranslation_stepId_fkey" FOREIGN KEY ("stepId") REFERENCES "OriginalStep"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "UserBookState" ADD CONSTRAINT "UserBookState_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "UserBookState" ADD CONSTRAINT "UserBookState_microbookId_fkey" FOREIGN KEY ("microbookId") REFERENCES "Microbook"("id") ON DELETE CASCADE ON UPDATE CASCADE;
