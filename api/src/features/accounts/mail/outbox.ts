import type { Prisma, PrismaClient } from "../../../generated/prisma/client.js";
import type { RenderedMail } from "./templates.js";

type Db = PrismaClient | Prisma.TransactionClient;

/**
 * Queues an email in the outbox. Call it inside the transaction that makes what the email tells true:
 * the worker sees the row only after that transaction commits, and never when it rolls back.
 */
export async function queueMail(db: Db, mail: RenderedMail, now = new Date(), attachments: MailAttachment[] = []): Promise<void> {
  await db.mailOutbox.create({
    data: {
      ...mail,
      nextAttemptAt: now,
      createdAt: now,
      ...(attachments.length ? { attachments: { create: attachments.map((a) => ({ ...a, content: new Uint8Array(a.content) })) } } : {}),
    },
  });
}

/** A file sent with a message (Send to Kindle's EPUB). */
export type MailAttachment = { fileName: string; contentType: string; content: Uint8Array };

/** Delivers one message; throws when the transport refuses it (the worker retries later). */
export type MailTransport = {
  /** "smtp" or "dev-outbox": recorded on each message delivered. */
  name: string;
  send(mail: Pick<RenderedMail, "to" | "subject" | "html" | "text"> & { attachments?: MailAttachment[] }): Promise<void>;
};

/** Attempts before a message is given up (about a day and a half of backoff in all). */
export const MAX_ATTEMPTS = 10;
/** How long a claimed message is another worker's: after it, a crashed worker's message is taken again. */
const LEASE_MS = 2 * 60 * 1000;

/** Wait after the nth failed attempt: 30 s, 1 min, 2 min… up to 6 hours. */
export function retryDelayMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 6 * 60 * 60 * 1000);
}

type Claimed = { id: string; to: string; subject: string; html: string; text: string; attempts: number; hasAttachments: boolean };

/**
 * Claims the next due message: one UPDATE on the row a `FOR UPDATE SKIP LOCKED` subquery picks, so
 * two workers (two instances) never take the same message, and a lease so a crashed one's is retried.
 */
async function claimNext(prisma: PrismaClient, now: Date): Promise<Claimed | null> {
  const rows = await prisma.$queryRaw<Claimed[]>`
    UPDATE "MailOutbox" SET "lockedUntil" = ${new Date(now.getTime() + LEASE_MS)}, "attempts" = "attempts" + 1
    WHERE "id" = (
      SELECT "id" FROM "MailOutbox"
      WHERE "sentAt" IS NULL AND "failedAt" IS NULL AND "nextAttemptAt" <= ${now}
        AND ("lockedUntil" IS NULL OR "lockedUntil" <= ${now})
      ORDER BY "nextAttemptAt" FOR UPDATE SKIP LOCKED LIMIT 1
    )
    RETURNING "id", "to", "subject", "html", "text", "attempts",
      EXISTS (SELECT 1 FROM "MailAttachment" AS a WHERE a."mailId" = "MailOutbox"."id") AS "hasAttachments"`;
  return rows[0] ?? null;
}

/**
 * Sends every message due now through `transport`; a failure is recorded and retried later with
 * backoff (given up after MAX_ATTEMPTS). Returns how many were delivered and how many failed.
 */
export async function deliverDueMail(
  prisma: PrismaClient,
  transport: MailTransport,
  options: { now?: () => Date; onError?: (error: unknown, messageId: string) => void } = {},
): Promise<{ delivered: number; failed: number }> {
  const clock = options.now ?? (() => new Date());
  let delivered = 0;
  let failed = 0;
  for (let message = await claimNext(prisma, clock()); message; message = await claimNext(prisma, clock())) {
    try {
      // Only messages with files (Send to Kindle) read a second table.
      const attachments = message.hasAttachments
        ? await prisma.mailAttachment.findMany({
            where: { mailId: message.id },
            select: { fileName: true, contentType: true, content: true },
          })
        : [];
      await transport.send({ ...message, attachments });
      await prisma.mailOutbox.update({
        where: { id: message.id },
        data: { sentAt: clock(), deliveredBy: transport.name, lockedUntil: null, lastError: null },
      });
      delivered++;
    } catch (error) {
      failed++;
      options.onError?.(error, message.id);
      const now = clock();
      const givingUp = message.attempts >= MAX_ATTEMPTS;
      await prisma.mailOutbox.update({
        where: { id: message.id },
        data: {
          lockedUntil: null,
          lastError: String(error instanceof Error ? error.message : error).slice(0, 1000),
          ...(givingUp ? { failedAt: now } : { nextAttemptAt: new Date(now.getTime() + retryDelayMs(message.attempts)) }),
        },
      });
    }
  }
  return { delivered, failed };
}
