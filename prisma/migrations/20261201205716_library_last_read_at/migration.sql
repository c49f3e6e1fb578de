-- DropIndex
DROP INDEX "UserBookState_userId_status_idx";

-- AlterTable
ALTER TABLE "UserBookState" ADD COLUMN     "lastReadAt" TIMESTAMP(3);

-- CreateIndex
CREATE INDEX "UserBookState_userId_status_lastReadAt_idx" ON "UserBookState"("userId", "status", "lastReadAt" DESC);

-- Backfill: until now a started book's last change stood for its last reading activity.
UPDATE "UserBookState" SET "lastReadAt" = "updatedAt" WHERE "startedAt" IS NOT NULL OR "status" <> 'NONE';
