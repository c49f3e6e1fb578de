-- AlterTable
ALTER TABLE "SocialIdentity" ADD COLUMN     "emailVerified" BOOLEAN NOT NULL DEFAULT false;
