import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../../test/database.js";
import { buildReader, buildSession, buildUser, grantPremium } from "../../test/factories.js";
import { loadViewer } from "./viewer.js";

const db = useTestDatabase();

const DAY = 86_400_000;
const sessionReads = (statements: string[]) => statements.filter((sql) => /FROM ("public"\.)?"Session"/.test(sql));

describe("session lookups of concurrent requests", () => {
  it("share one statement, and each request gets its own reader", async () => {
    const now = new Date();
    const { user: premium, token: premiumToken } = await buildReader(db.prisma, { plan: "premium" });
    const { user: free, token: freeToken } = await buildReader(db.prisma);
    const expiredToken = await buildSession(db.prisma, free.id, new Date(now.getTime() - 1000));

    const { result, statements } = await db.recorder.capture(() =>
      Promise.all([
        loadViewer(db.prisma, premiumToken, now),
        loadViewer(db.prisma, freeToken, now),
        loadViewer(db.prisma, expiredToken, now),
        loadViewer(db.prisma, "not-a-session-token", now),
        loadViewer(db.prisma, premiumToken, now),
      ]),
    );

    expect(result.map((viewer) => viewer && { id: viewer.id, isPremium: viewer.isPremium })).toEqual([
      { id: premium.id, isPremium: true },
      { id: free.id, isPremium: false },
      null,
      null,
      { id: premium.id, isPremium: true },
    ]);
    expect(sessionReads(statements)).toHaveLength(1);
  });

  it("share one statement across the callbacks of one turn of the event loop, as requests read together are", async () => {
    const readers = await Promise.all([buildUser(db.prisma), buildUser(db.prisma)]);
    const [first, second] = await Promise.all(readers.map((reader) => buildSession(db.prisma, reader.id)));

    const { result, statements } = await db.recorder.capture(async () => {
      // Another request's callback already queued in this turn, then this one asks: Prisma's own
      // batching (one tick) would send two statements.
      const later = new Promise<Awaited<ReturnType<typeof loadViewer>>>((resolve) =>
        setImmediate(() => resolve(loadViewer(db.prisma, second))),
      );
      const now = loadViewer(db.prisma, first);
      return Promise.all([now, later]);
    });

    expect(result.map((viewer) => viewer?.id)).toEqual(readers.map((reader) => reader.id));
    expect(sessionReads(statements)).toHaveLength(1);
  });

  it("decide premium at each request's own time within one statement", async () => {
    const start = new Date(Date.now() + 10 * DAY);
    const reader = await buildUser(db.prisma);
    await grantPremium(db.prisma, reader.id, { from: start, until: new Date(start.getTime() + DAY) });
    const token = await buildSession(db.prisma, reader.id, new Date(start.getTime() + 5 * DAY));

    const { result, statements } = await db.recorder.capture(() =>
      Promise.all(
        [start.getTime() - 1000, start.getTime() + 1000, start.getTime() + 2 * DAY].map((time) =>
          loadViewer(db.prisma, token, new Date(time)),
        ),
      ),
    );

    expect(result.map((viewer) => viewer?.isPremium)).toEqual([false, true, false]);
    expect(sessionReads(statements)).toHaveLength(1);
  });

  it("read the session as it is now: a deleted session signs out at once", async () => {
    const { user: reader, token } = await buildReader(db.prisma);
    expect(await loadViewer(db.prisma, token)).toMatchObject({ id: reader.id });
    await db.prisma.session.deleteMany({ where: { userId: reader.id } });
    expect(await loadViewer(db.prisma, token)).toBeNull();
  });
});
