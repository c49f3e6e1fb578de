import DataLoader from "dataloader";
import type { PrismaClient } from "../../generated/prisma/client.js";

/**
 * Session lookups of requests that arrive together go to the database as one statement. A loaded
 * server reads several requests in one turn of the event loop; each would otherwise pay a statement
 * and a round trip of its own before its operation can start, and the operations that follow stay
 * in step, so Prisma batches their reads as well. Nothing is cached: every lookup reads the session
 * as the database holds it when the statement runs.
 */
const MAX_BATCH = 64;

type Lookup = { tokenHash: string; now: Date };

export type SessionRecord = NonNullable<Awaited<ReturnType<typeof readSessions>>[number]>;

function readSessions(prisma: PrismaClient, lookups: readonly Lookup[]) {
  // Each lookup has its own clock (tests move it): the entitlements covering any of them are read,
  // and isPremiumAt decides for each reader at their own time.
  const times = lookups.map((lookup) => lookup.now.getTime());
  const earliest = new Date(Math.min(...times));
  const latest = new Date(Math.max(...times));
  return prisma.session.findMany({
    where: { tokenHash: { in: [...new Set(lookups.map((lookup) => lookup.tokenHash))] } },
    select: {
      id: true,
      tokenHash: true,
      expiresAt: true,
      lastSeenAt: true,
      user: {
        select: {
          // Every column of the reader's row: the \`viewer\` field answers from it without a statement of
          // its own (accounts.schema.ts), and the few columns more cost this statement nothing measurable.
          id: true,
          role: true,
          email: true,
          name: true,
          surname: true,
          passwordHash: true,
          kindleEmail: true,
          interfaceLanguage: true,
          contentLanguage: true,
          createdAt: true,
          updatedAt: true,
          entitlements: {
            where: { startsAt: { lte: latest }, OR: [{ endsAt: null }, { endsAt: { gt: earliest } }] },
            select: { startsAt: true, endsAt: true },
          },
        },
      },
    },
  });
}

function createSessionLookups(prisma: PrismaClient) {
  return new DataLoader<Lookup, SessionRecord | null>(
    async (lookups) => {
      const rows = await readSessions(prisma, lookups);
      const byHash = new Map(rows.map((row) => [row.tokenHash, row]));
      return lookups.map((lookup) => byHash.get(lookup.tokenHash) ?? null);
    },
    // After the requests read in this turn have asked (setImmediate), not only this one's microtasks.
    { cache: false, maxBatchSize: MAX_BATCH, batchScheduleFn: (dispatch) => setImmediate(dispatch) },
  );
}

const lookupsByClient = new WeakMap<PrismaClient, ReturnType<typeof createSessionLookups>>();

/** The session with this token hash, its reader and the entitlements that may cover `now`; null when unknown. */
export function findSession(prisma: PrismaClient, tokenHash: string, now: Date): Promise<SessionRecord | null> {
  let lookups = lookupsByClient.get(prisma);
  if (!lookups) lookupsByClient.set(prisma, (lookups = createSessionLookups(prisma)));
  return lookups.load({ tokenHash, now });
}
