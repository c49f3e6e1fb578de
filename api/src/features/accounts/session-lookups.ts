import DataLoader from "dataloader";
import { jsonTimestamp } from "../../db/json-timestamps.js";
import { oneLine } from "../../db/one-line.js";
import { Prisma, type PrismaClient, type User } from "../../generated/prisma/client.js";

const { sql, join } = Prisma;

/**
 * Session lookups of requests that arrive together go to the database as one statement. A loaded
 * server reads several requests in one turn of the event loop; each would otherwise pay a statement
 * and a round trip of its own before its operation can start, and the operations that follow stay
 * in step, so Prisma batches their reads as well. Nothing is cached: every lookup reads the session
 * as the database holds it when the statement runs.
 */
const MAX_BATCH = 64;

type Lookup = { tokenHash: string; now: Date };

/** A session, its reader's whole row, and the reader's entitlements that may cover the lookup's time. */
export type SessionRecord = {
  id: string;
  tokenHash: string;
  expiresAt: Date;
  lastSeenAt: Date;
  user: User & { entitlements: { startsAt: Date; endsAt: Date | null }[] };
};

type SessionRow = Omit<SessionRecord, "user"> &
  Omit<User, "id"> & { userId: string; entitlements: { startsAt: string; endsAt: string | null }[] };

/**
 * Every column of the reader's row, as the statement reads it (enums and citext as text, which is
 * what Prisma answers for them). The `satisfies` makes a column added to User a compile error here
 * until it is read, so `SessionRecord.user` never claims a field the statement leaves out.
 */
const USER_COLUMNS = {
  id: sql`u."id" AS "userId"`,
  role: sql`u."role"::text AS "role"`,
  email: sql`u."email"::text AS "email"`,
  name: sql`u."name"`,
  surname: sql`u."surname"`,
  passwordHash: sql`u."passwordHash"`,
  kindleEmail: sql`u."kindleEmail"::text AS "kindleEmail"`,
  interfaceLanguage: sql`u."interfaceLanguage"::text AS "interfaceLanguage"`,
  contentLanguage: sql`u."contentLanguage"::text AS "contentLanguage"`,
  createdAt: sql`u."createdAt"`,
  updatedAt: sql`u."updatedAt"`,
} satisfies Record<keyof User, Prisma.Sql>;
const USER_SELECT = join(Object.values(USER_COLUMNS), ", ");

// Written as SQL, not a Prisma query: every signed-in request runs it, and Prisma's building and
// mapping of the nested query cost about twice the statement's own round trip (bench: library page).
async function readSessions(prisma: PrismaClient, lookups: readonly Lookup[]): Promise<SessionRecord[]> {
  // Each lookup has its own clock (tests move it): the entitlements covering any of them are read,
  // and isPremiumAt decides for each reader at their own time.
  const times = lookups.map((lookup) => lookup.now.getTime());
  const earliest = new Date(Math.min(...times));
  const latest = new Date(Math.max(...times));
  const hashes = [...new Set(lookups.map((lookup) => lookup.tokenHash))];
  // Every column of the reader's row: the `viewer` field answers from it without a statement of its
  // own (accounts.schema.ts), and the few columns more cost this statement nothing measurable.
  const rows = await prisma.$queryRaw<SessionRow[]>(
    oneLine(sql`
      SELECT s."id", s."tokenHash", s."expiresAt", s."lastSeenAt", ${USER_SELECT},
        COALESCE((SELECT json_agg(json_build_object('startsAt', e."startsAt", 'endsAt', e."endsAt"))
          FROM "PremiumEntitlement" AS e
          WHERE e."userId" = u."id" AND e."startsAt" <= (${latest}::timestamptz AT TIME ZONE 'UTC')
            AND (e."endsAt" IS NULL OR e."endsAt" > (${earliest}::timestamptz AT TIME ZONE 'UTC'))), '[]') AS "entitlements"
      FROM "Session" AS s JOIN "User" AS u ON u."id" = s."userId"
      WHERE s."tokenHash" = ANY(${hashes}::text[])`),
  );
  return rows.map(({ id, tokenHash, expiresAt, lastSeenAt, userId, entitlements, ...user }) => ({
    id,
    tokenHash,
    expiresAt,
    lastSeenAt,
    user: {
      ...user,
      id: userId,
      entitlements: entitlements.map((window) => ({
        startsAt: jsonTimestamp(window.startsAt),
        endsAt: window.endsAt === null ? null : jsonTimestamp(window.endsAt),
      })),
    },
  }));
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
