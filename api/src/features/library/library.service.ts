import type { PrismaClient } from "../../generated/prisma/client.js";

/**
 * Takes a microbook out of the reader's library: their whole state for it goes (favourite, status,
 * progress, dates, and their place in the text and the narration), so it leaves every tab and "continue
 * reading", and opening it again starts at the beginning. One statement; removing what is not there does
 * nothing (idempotent). The reads trigger uncounts the reader's read of it, as if never started.
 */
export async function removeFromLibrary(prisma: PrismaClient, key: { userId: string; microbookId: string }): Promise<void> {
  await prisma.$executeRaw`
    WITH forgotten_place AS (
      DELETE FROM "ReadingPosition" WHERE "userId" = ${key.userId} AND "microbookId" = ${key.microbookId}
    )
    DELETE FROM "UserBookState" WHERE "userId" = ${key.userId} AND "microbookId" = ${key.microbookId}`;
}
