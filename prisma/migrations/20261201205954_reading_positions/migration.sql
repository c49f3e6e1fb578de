-- CreateEnum
CREATE TYPE "ReadingMedium" AS ENUM ('TEXT', 'AUDIO');

-- CreateEnum
CREATE TYPE "ReaderTheme" AS ENUM ('LIGHT', 'DARK', 'SEPIA');

-- CreateEnum
CREATE TYPE "ReaderLineWidth" AS ENUM ('NARROW', 'MEDIUM', 'WIDE');

-- CreateTable
CREATE TABLE "ReadingPosition" (
    "userId" TEXT NOT NULL,
    "microbookId" TEXT NOT NULL,
    "language" "Language" NOT NULL,
    "medium" "ReadingMedium" NOT NULL,
    "keyIdea" INTEGER NOT NULL,
    "keyIdeaOffset" DOUBLE PRECISION NOT NULL,
    "audioSeconds" DOUBLE PRECISION,
    "progress" DOUBLE PRECISION NOT NULL,
    "finished" BOOLEAN NOT NULL DEFAULT false,
    "deviceId" TEXT NOT NULL,
    "sessionId" TEXT NOT NULL,
    "sequence" INTEGER NOT NULL,
    "savedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ReadingPosition_pkey" PRIMARY KEY ("userId","microbookId")
);

-- CreateTable
CREATE TABLE "ReaderSettings" (
    "userId" TEXT NOT NULL,
    "fontStep" INTEGER NOT NULL DEFAULT 1,
    "theme" "ReaderTheme",
    "lineWidth" "ReaderLineWidth" NOT NULL DEFAULT 'MEDIUM',
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ReaderSettings_pkey" PRIMARY KEY ("userId")
);

-- CreateIndex
CREATE INDEX "ReadingPosition_microbookId_idx" ON "ReadingPosition"("microbookId");

-- AddForeignKey
ALTER TABLE "ReadingPosition" ADD CONSTRAINT "ReadingPosition_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ReadingPosition" ADD CONSTRAINT "ReadingPosition_microbookId_fkey" FOREIGN KEY ("microbookId") REFERENCES "Microbook"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ReaderSettings" ADD CONSTRAINT "ReaderSettings_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
