import type { Prisma, PrismaClient } from "../../generated/prisma/client.js";

type Db = PrismaClient | Prisma.TransactionClient;
/** How long a claimed job is its worker's: after it, a crashed worker's job is taken again. */
const LEASE_MS = 2 * 60 * 1000;
const MAX_ATTEMPTS = 10;

/** A job's work, in the transaction that marks it done: what it writes (mail in the outbox) and "done" commit together. */
export type JobHandlers = Record<string, (tx: Prisma.TransactionClient, payload: Prisma.JsonValue, now: Date) => Promise<void>>;

/**
 * Schedules (or moves) the job with this key; a job already done is left alone, so a replayed
 * schedule never runs it twice. Call it inside the transaction that makes the job due.
 */
export async function scheduleJob(db: Db, input: { kind: string; key: string; runAt: Date; payload: Prisma.InputJsonValue }) {
  await db.job.upsert({
    where: { key: input.key },
    create: { ...input },
    update: {},
  });
  await db.job.updateMany({
    where: { key: input.key, doneAt: null },
    data: { runAt: input.runAt, payload: input.payload, failedAt: null },
  });
}

/** Cancels a job that has not run (the trial reminder goes with the trial). */
export const cancelJob = (db: Db, key: string) => db.job.deleteMany({ where: { key, doneAt: null } });

type Claimed = { id: string; kind: string; payload: Prisma.JsonValue; attempts: number };

/** The mail outbox's claim (outbox.ts): one UPDATE on a `FOR UPDATE SKIP LOCKED` pick, with a lease. */
async function claimNext(prisma: PrismaClient, now: Date): Promise<Claimed | null> {
  const rows = await prisma.$queryRaw<Claimed[]>`
    UPDATE "Job" SET "lockedUntil" = ${new Date(now.getTime() + LEASE_MS)}, "attempts" = "attempts" + 1
    WHERE "id" = (
      SELECT "id" FROM "Job"
      WHERE "doneAt" IS NULL AND "failedAt" IS NULL AND "runAt" <= ${now}
        AND ("lockedUntil" IS NULL OR "lockedUntil" <= ${now})
      ORDER BY "runAt" FOR UPDATE SKIP LOCKED LIMIT 1
    )
    RETURNING "id", "kind", "payload", "attempts"`;
  return rows[0] ?? null;
}

/** Runs every job due now, each once across instances; a failure is retried a minute later. */
export async function runDueJobs(
  prisma: PrismaClient,
  handlers: JobHandlers,
  options: { now?: () => Date; onError?: (error: unknown, jobId: string) => void } = {},
): Promise<number> {
  const clock = options.now ?? (() => new Date());
  let ran = 0;
  for (let job = await claimNext(prisma, clock()); job; job = await claimNext(prisma, clock())) {
    try {
      const handler = handlers[job.kind];
      if (!handler) throw new Error(`No handler for job kind ${job.kind}`);
      const id = job.id;
      await prisma.$transaction(async (tx) => {
        await handler(tx, job.payload, clock());
        await tx.job.update({ where: { id }, data: { doneAt: clock(), lockedUntil: null, lastError: null } });
      });
      ran++;
    } catch (error) {
      options.onError?.(error, job.id);
      const now = clock();
      await prisma.job.update({
        where: { id: job.id },
        data: {
          lockedUntil: null,
          lastError: String(error instanceof Error ? error.message : error).slice(0, 1000),
          ...(job.attempts >= MAX_ATTEMPTS ? { failedAt: now } : { runAt: new Date(now.getTime() + 60_000) }),
        },
      });
    }
  }
  return ran;
}
