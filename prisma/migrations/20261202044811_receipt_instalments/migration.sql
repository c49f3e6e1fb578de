-- AlterTable
ALTER TABLE "Receipt" ADD COLUMN     "instalments" INTEGER NOT NULL DEFAULT 1;
