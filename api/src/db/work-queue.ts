import { Prisma, type PrismaClient } from "../generated/prisma/client.js";

// One mechanism for the work several instances share (the mail outbox, the job table): a row is
// claimed by one UPDATE on the row a `FOR UPDATE SKIP LOCKED` subquery picks, so two instances never
// take the same one; the claim is a lease, so a crashed instance's row is taken again when it runs out;
// a failure is retried later with the queue's backoff, and given up after its maximum of attempts.
// The worker loop (startWorkerLoop) runs one drain at a time per process, when woken and on a timer.

/**
 * A table of work. Its rows have "id", "attempts", "lockedUntil", "lastError", "failedAt", a due
 * column and a done column. Names here are constants of the code, never input.
 */
export type WorkQueue = {
  table: "MailOutbox" | "Job";
  /** Set when the work is done (the row is never claimed again). */
  doneColumn: "sentAt" | "doneAt";
  /** When the row is due (moved on each retry). */
  dueColumn: "nextAttemptAt" | "runAt";
  /** More of the row the claim returns (SQL select list), for the work itself. */
  returning: string;
  /** How long a claimed row is its worker's. */
  leaseMs: number;
  /** Attempts before the row is given up (failedAt set). */
  maxAttempts: number;
  /** Wait after the nth failed attempt. */
  retryDelayMs(attempts: number): number;
};

export type Claimed = { id: string; attempts: number };

const name = (identifier: string) => Prisma.raw(`"${identifier}"`);

/** Claims the next due row of the queue, with a lease, or null when none is due. */
export async function claimNext<T extends Claimed>(prisma: PrismaClient, queue: WorkQueue, now: Date): Promise<T | null> {
  const [table, done, due] = [name(queue.table), name(queue.doneColumn), name(queue.dueColumn)];
  const rows = await prisma.$queryRaw<T[]>`
    UPDATE ${table} SET "lockedUntil" = ${new Date(now.getTime() + queue.leaseMs)}, "attempts" = "attempts" + 1
    WHERE "id" = (
      SELECT "id" FROM ${table}
      WHERE ${done} IS NULL AND "failedAt" IS NULL AND ${due} <= ${now}
        AND ("lockedUntil" IS NULL OR "lockedUntil" <= ${now})
      ORDER BY ${due} FOR UPDATE SKIP LOCKED LIMIT 1
    )
    RETURNING "id", "attempts", ${Prisma.raw(queue.returning)}`;
  return rows[0] ?? null;
}

/** A failed attempt: the lease is given back and the row retried after the backoff, or given up. */
async function recordFailure(prisma: PrismaClient, queue: WorkQueue, row: Claimed, error: unknown, now: Date) {
  const message = String(error instanceof Error ? error.message : error).slice(0, 1000);
  const givingUp = row.attempts >= queue.maxAttempts;
  const [table, due] = [name(queue.table), name(queue.dueColumn)];
  const retryAt = givingUp ? null : new Date(now.getTime() + queue.retryDelayMs(row.attempts));
  await prisma.$executeRaw`
    UPDATE ${table} SET "lockedUntil" = NULL, "lastError" = ${message},
      "failedAt" = ${givingUp ? now : null}::timestamp(3), ${due} = COALESCE(${retryAt}::timestamp(3), ${due})
    WHERE "id" = ${row.id}`;
}

/**
 * Runs every row due now: `work` does it and marks it done (in its own transaction, with what it
 * writes); a throw is recorded and retried later. Returns how many were done and how many failed.
 */
export async function drainQueue<T extends Claimed>(
  prisma: PrismaClient,
  queue: WorkQueue,
  work: (row: T, now: Date) => Promise<void>,
  options: { now?: () => Date; onError?: (error: unknown, id: string) => void } = {},
): Promise<{ done: number; failed: number }> {
  const clock = options.now ?? (() => new Date());
  let done = 0;
  let failed = 0;
  for (let row = await claimNext<T>(prisma, queue, clock()); row; row = await claimNext<T>(prisma, queue, clock())) {
    try {
      await work(row, clock());
      done++;
    } catch (error) {
      failed++;
      options.onError?.(error, row.id);
      await recordFailure(prisma, queue, row, error, clock());
    }
  }
  return { done, failed };
}

/**
 * A worker: runs `drain` when woken (right after a commit that queued work) and every `intervalMs`
 * (retries, and work queued by other instances); one run at a time per process, a wake during a run
 * makes it go round again. `timer: false`: only when woken or run (tests).
 */
export function startWorkerLoop(
  drain: () => Promise<unknown>,
  options: { intervalMs?: number; onError?: (error: unknown) => void; timer?: boolean } = {},
) {
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  const run = (): Promise<void> => {
    if (stopped) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        try {
          await drain();
        } catch (error) {
          options.onError?.(error);
        }
      } while (again && !stopped);
    })().finally(() => {
      running = null;
    });
    return running;
  };
  const timer = options.timer === false ? undefined : setInterval(() => void run(), options.intervalMs ?? 15_000).unref();
  return {
    wake: () => void run(),
    /** Runs what is due now (tests wait on it). */
    run,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
