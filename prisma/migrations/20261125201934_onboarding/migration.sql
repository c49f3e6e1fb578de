-- CreateEnum
CREATE TYPE "OnboardingGoal" AS ENUM ('PRODUCTIVITY', 'LEADERSHIP', 'MONEY', 'WELLBEING', 'RELATIONSHIPS', 'MEANING', 'UNDERSTAND_THE_WORLD', 'INSPIRATION');

-- CreateEnum
CREATE TYPE "ReadingFormat" AS ENUM ('READ', 'LISTEN', 'BOTH');

-- CreateTable
CREATE TABLE "OnboardingAnswers" (
    "userId" TEXT NOT NULL,
    "goals" "OnboardingGoal"[] DEFAULT ARRAY[]::"OnboardingGoal"[],
    "dailyMinutes" INTEGER,
    "format" "ReadingFormat",
    "completedAt" TIMESTAMP(3),
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "OnboardingAnswers_pkey" PRIMARY KEY ("userId")
);

-- CreateTable
CREATE TABLE "OnboardingBookChoice" (
    "userId" TEXT NOT NULL,
    "microbookId" TEXT NOT NULL,
    "chosenAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "OnboardingBookChoice_pkey" PRIMARY KEY ("userId","microbookId")
);

-- CreateIndex
CREATE INDEX "OnboardingBookChoice_microbookId_idx" ON "OnboardingBookChoice"("microbookId");

-- AddForeignKey
ALTER TABLE "OnboardingAnswers" ADD CONSTRAINT "OnboardingAnswers_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "OnboardingBookChoice" ADD CONSTRAINT "OnboardingBookChoice_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "OnboardingBookChoice" ADD CONSTRAINT "OnboardingBookChoice_microbookId_fkey" FOREIGN KEY ("microbookId") REFERENCES "Microbook"("id") ON DELETE CASCADE ON UPDATE CASCADE;
