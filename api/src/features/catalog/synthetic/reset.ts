import type { PrismaClient } from "../../../generated/prisma/client.js";
import { SYNTHETIC_ID_PREFIX } from "./rows.js";

export type ResetSummary = { microbooks: number; users: number; states: number; authors: number; categories: number };

const synthetic = { startsWith: SYNTHETIC_ID_PREFIX };

/** Deletes every synthetic row, and only those (matched by id prefix), in one transaction. */
export async function deleteSynthetic(prisma: PrismaClient): Promise<ResetSummary> {
  return prisma.$transaction(
    async (tx) => {
      // Real readers' rows on synthetic books go too: they point at rows being deleted.
      const states = await tx.userBookState.deleteMany({ where: { OR: [{ userId: synthetic }, { microbookId: synthetic }] } });
      const users = await tx.user.deleteMany({ where: { id: synthetic } });
      // Cascades to UserBookState through its microbookId index (without it: minutes for 10k books).
      const microbooks = await tx.microbook.deleteMany({ where: { id: synthetic } });
      // Authors and categories are kept while anything else still uses them (their foreign keys restrict).
      const authors = await tx.author.deleteMany({ where: { id: synthetic, microbooks: { none: {} } } });
      const categories = await tx.category.deleteMany({ where: { id: synthetic, microbooks: { none: {} } } });
      return {
        microbooks: microbooks.count,
        users: users.count,
        states: states.count,
        authors: authors.count,
        categories: categories.count,
      };
    },
    { timeout: 30 * 60_000, maxWait: 30_000 },
  );
}
