import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../../test/database.js";
import { runDueJobs, scheduleJob } from "./jobs.js";

// The one claim-and-retry mechanism, through the job table (db/work-queue.ts; the mail outbox's own tests cover it there too).

const db = useTestDatabase();

describe("the shared work queue", () => {
  it("runs each due job once across two concurrent drains; a failure is kept with its error and retried a minute later, then given up", async () => {
    const now = new Date("2026-12-02T05:00:00Z");
    for (const key of ["a", "b", "c"]) await scheduleJob(db.prisma, { kind: "ok", key, runAt: now, payload: { key } });
    await scheduleJob(db.prisma, { kind: "boom", key: "d", runAt: now, payload: {} });
    await scheduleJob(db.prisma, { kind: "ok", key: "later", runAt: new Date(now.getTime() + 3_600_000), payload: {} });
    const ran: string[] = [];
    const handlers = {
      ok: async (_tx: unknown, payload: unknown) => void ran.push((payload as { key: string }).key),
      boom: async () => {
        throw new Error("the handler failed");
      },
    };
    const clock = { now: () => now };
    const [first, second] = await Promise.all([runDueJobs(db.prisma, handlers, clock), runDueJobs(db.prisma, handlers, clock)]);
    expect(first + second).toBe(3);
    expect(ran.sort()).toEqual(["a", "b", "c"]);
    const failed = await db.prisma.job.findUniqueOrThrow({ where: { key: "d" } });
    expect(failed).toMatchObject({ attempts: 1, lastError: "the handler failed", lockedUntil: null, failedAt: null, doneAt: null });
    expect(failed.runAt.getTime()).toBe(now.getTime() + 60_000);
    // Nothing more is due until then.
    expect(await runDueJobs(db.prisma, handlers, clock)).toBe(0);
    // Retried each minute until its 10th attempt, then given up where it was due.
    for (let attempt = 2; attempt <= 10; attempt++) {
      const at = new Date(now.getTime() + (attempt - 1) * 60_000);
      await runDueJobs(db.prisma, handlers, { now: () => at });
    }
    const givenUp = await db.prisma.job.findUniqueOrThrow({ where: { key: "d" } });
    expect(givenUp.attempts).toBe(10);
    expect(givenUp.failedAt).not.toBeNull();
    expect(givenUp.runAt.getTime()).toBe(now.getTime() + 9 * 60_000);
    expect(await db.prisma.job.count({ where: { doneAt: { not: null } } })).toBe(3);
  });
});
