-- AlterTable
ALTER TABLE "ReaderSettings" ADD COLUMN     "playbackRate" DOUBLE PRECISION NOT NULL DEFAULT 1;
