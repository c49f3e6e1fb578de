import type { Prisma, PrismaClient } from "../../generated/prisma/client.js";
import { drainQueue, type WorkQueue } from "../../db/work-queue.js";

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

/** The job table on the shared work queue (db/work-queue.ts), as the mail outbox is: a failure is retried a minute later. */
const JOBS: WorkQueue = {
  table: "Job",
  doneColumn: "doneAt",
  dueColumn: "runAt",
  returning: `"kind", "payload"`,
  leaseMs: LEASE_MS,
  maxAttempts: MAX_ATTEMPTS,
  retryDelayMs: () => 60_000,
};

type Claimed = { id: string; kind: string; payload: Prisma.JsonValue; attempts: number };

/** Runs every job due now, each once across instances, its work and "done" in one transaction. */
export async function runDueJobs(
  prisma: PrismaClient,
  handlers: JobHandlers,
  options: { now?: () => Date; onError?: (error: unknown, jobId: string) => void } = {},
): Promise<number> {
  const { done } = await drainQueue<Claimed>(
    prisma,
    JOBS,
    async (job, now) => {
      const handler = handlers[job.kind];
      if (!handler) throw new Error(`No handler for job kind ${job.kind}`);
      await prisma.$transaction(async (tx) => {
        await handler(tx, job.payload, now);
        await tx.job.update({ where: { id: job.id }, data: { doneAt: now, lockedUntil: null, lastError: null } });
      });
    },
    options,
  );
  return done;
}
