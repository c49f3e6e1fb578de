-- CreateEnum
CREATE TYPE "HighlightColour" AS ENUM ('YELLOW', 'GREEN', 'BLUE', 'PINK');

-- CreateTable
CREATE TABLE "Highlight" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "microbookId" TEXT NOT NULL,
    "editionId" TEXT,
    "language" "Language" NOT NULL,
    "colour" "HighlightColour" NOT NULL DEFAULT 'YELLOW',
    "note" TEXT,
    "quote" TEXT NOT NULL,
    "prefix" TEXT NOT NULL,
    "suffix" TEXT NOT NULL,
    "keyIdeaPosition" INTEGER,
    "startOffset" INTEGER NOT NULL,
    "endOffset" INTEGER NOT NULL,
    "textVersion" TEXT NOT NULL,
    "detachedAt" TIMESTAMP(3),
    "shareId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Highlight_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "Highlight_shareId_key" ON "Highlight"("shareId");

-- CreateIndex
CREATE INDEX "Highlight_userId_createdAt_idx" ON "Highlight"("userId", "createdAt" DESC);

-- CreateIndex
CREATE INDEX "Highlight_microbookId_userId_idx" ON "Highlight"("microbookId", "userId");

-- CreateIndex
CREATE INDEX "Highlight_editionId_idx" ON "Highlight"("editionId");

-- AddForeignKey
ALTER TABLE "Highlight" ADD CONSTRAINT "Highlight_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Highlight" ADD CONSTRAINT "Highlight_microbookId_fkey" FOREIGN KEY ("microbookId") REFERENCES "Microbook"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Highlight" ADD CONSTRAINT "Highlight_editionId_fkey" FOREIGN KEY ("editionId") REFERENCES "MicrobookEdition"("id") ON DELETE SET NULL ON UPDATE CASCADE;
