import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../../../test/database.js";
import { deliverDueMail, MAX_ATTEMPTS, queueMail, type MailTransport } from "./outbox.js";
import { renderMail } from "./templates.js";

const db = useTestDatabase();

const queue = (n: number) =>
  Promise.all(
    Array.from({ length: n }, (_, i) => queueMail(db.prisma, renderMail("welcome", "en", `r${i}@example.com`, { homeUrl: "http://x/" }))),
  );

describe("the mail outbox", () => {
  it("delivers each message once when two workers (two instances) run at the same time", async () => {
    await queue(12);
    const sent: string[] = [];
    const transport: MailTransport = { name: "test", send: async (mail) => void sent.push(mail.to) };
    const [a, b] = await Promise.all([deliverDueMail(db.prisma, transport), deliverDueMail(db.prisma, transport)]);
    expect(a.delivered + b.delivered).toBe(12);
    expect(sent.sort()).toEqual(Array.from({ length: 12 }, (_, i) => `r${i}@example.com`).sort());
    expect(await db.prisma.mailOutbox.count({ where: { sentAt: null } })).toBe(0);
  });

  it(`gives a message up after ${MAX_ATTEMPTS} refused attempts`, async () => {
    await queue(1);
    const refusing: MailTransport = { name: "test", send: async () => Promise.reject(new Error("550 mailbox unavailable")) };
    let now = Date.now();
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      expect(await deliverDueMail(db.prisma, refusing, { now: () => new Date(now) })).toEqual({ delivered: 0, failed: 1 });
      now += 7 * 60 * 60 * 1000;
    }
    const message = await db.prisma.mailOutbox.findFirstOrThrow();
    expect(message).toMatchObject({ attempts: MAX_ATTEMPTS, sentAt: null, lastError: "550 mailbox unavailable" });
    expect(message.failedAt).not.toBeNull();
    expect(await deliverDueMail(db.prisma, refusing, { now: () => new Date(now + 86_400_000) })).toEqual({ delivered: 0, failed: 0 });
  });
});
