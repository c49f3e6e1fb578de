import type { PrismaClient } from "../../generated/prisma/client.js";

/**
 * Writes of a reader's state for one microbook. Each is one statement (INSERT … ON CONFLICT), so a
 * double click, a retry or two devices at once leave the same row: every action is idempotent, and the
 * first start, favourite and finish keep their dates. The UserBookState trigger (migration discovery)
 * counts a read when startedAt is first set, once per reader and microbook.
 */
type Key = { userId: string; microbookId: string; now: Date };

export async function setFavourite(prisma: PrismaClient, { userId, microbookId, now }: Key, favourite: boolean): Promise<void> {
  if (!favourite) {
    // No row: nothing to unfavourite (no empty state is created).
    await prisma.$executeRaw`
      UPDATE "UserBookState" SET "isFavourite" = false, "favouritedAt" = NULL, "updatedAt" = ${now}
      WHERE "userId" = ${userId} AND "microbookId" = ${microbookId} AND "isFavourite"`;
    return;
  }
  await prisma.$executeRaw`
    INSERT INTO "UserBookState" ("userId", "microbookId", "isFavourite", "favouritedAt", "updatedAt")
    VALUES (${userId}, ${microbookId}, true, ${now}, ${now})
    ON CONFLICT ("userId", "microbookId") DO UPDATE SET
      "isFavourite" = true,
      "favouritedAt" = COALESCE("UserBookState"."favouritedAt", EXCLUDED."favouritedAt"),
      "updatedAt" = CASE WHEN "UserBookState"."isFavourite" THEN "UserBookState"."updatedAt" ELSE EXCLUDED."updatedAt" END`;
}

/**
 * The reader opened the text or played the audio: READING from NONE (a READ book stays read), started
 * now unless it was before, progress only ever forward. Bumps lastReadAt: "continue reading" and the library order by it.
 */
export async function startReading(prisma: PrismaClient, { userId, microbookId, now }: Key, progress: number | null): Promise<void> {
  await prisma.$executeRaw`
    INSERT INTO "UserBookState" ("userId", "microbookId", "status", "progress", "startedAt", "lastReadAt", "updatedAt")
    VALUES (${userId}, ${microbookId}, 'READING'::"ReadingStatus", ${progress ?? 0}, ${now}, ${now}, ${now})
    ON CONFLICT ("userId", "microbookId") DO UPDATE SET
      "status" = CASE WHEN "UserBookState"."status" = 'NONE' THEN 'READING'::"ReadingStatus" ELSE "UserBookState"."status" END,
      "startedAt" = COALESCE("UserBookState"."startedAt", EXCLUDED."startedAt"),
      "progress" = GREATEST("UserBookState"."progress", EXCLUDED."progress"),
      "lastReadAt" = EXCLUDED."lastReadAt",
      "updatedAt" = EXCLUDED."updatedAt"`;
}

/** Marks the microbook read (finished now unless it already was) or, with `read: false`, back to reading. */
export async function markRead(prisma: PrismaClient, { userId, microbookId, now }: Key, read: boolean): Promise<void> {
  if (!read) {
    await prisma.$executeRaw`
      UPDATE "UserBookState"
      SET "status" = CASE WHEN "startedAt" IS NULL THEN 'NONE'::"ReadingStatus" ELSE 'READING'::"ReadingStatus" END,
          "finishedAt" = NULL, "updatedAt" = ${now}
      WHERE "userId" = ${userId} AND "microbookId" = ${microbookId} AND "status" = 'READ'::"ReadingStatus"`;
    return;
  }
  await prisma.$executeRaw`
    INSERT INTO "UserBookState" ("userId", "microbookId", "status", "progress", "startedAt", "finishedAt", "lastReadAt", "updatedAt")
    VALUES (${userId}, ${microbookId}, 'READ'::"ReadingStatus", 1, ${now}, ${now}, ${now}, ${now})
    ON CONFLICT ("userId", "microbookId") DO UPDATE SET
      "status" = 'READ'::"ReadingStatus",
      "progress" = 1,
      "startedAt" = COALESCE("UserBookState"."startedAt", EXCLUDED."startedAt"),
      "finishedAt" = CASE WHEN "UserBookState"."status" = 'READ' THEN "UserBookState"."finishedAt" ELSE EXCLUDED."finishedAt" END,
      "lastReadAt" = CASE WHEN "UserBookState"."status" = 'READ' THEN "UserBookState"."lastReadAt" ELSE EXCLUDED."lastReadAt" END,
      "updatedAt" = CASE WHEN "UserBookState"."status" = 'READ' THEN "UserBookState"."updatedAt" ELSE EXCLUDED."updatedAt" END`;
}
