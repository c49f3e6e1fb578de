import type { Prisma, PrismaClient } from "../../../generated/prisma/client.js";
import { drainQueue, type WorkQueue } from "../../../db/work-queue.js";
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

/** Wait after the nth failed attempt: 30 s, 1 min, 2 min… up to 6 hours. */
export function retryDelayMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 6 * 60 * 60 * 1000);
}

/** The outbox on the shared work queue (db/work-queue.ts): claimed with a 2-minute lease, retried with backoff. */
const OUTBOX: WorkQueue = {
  table: "MailOutbox",
  doneColumn: "sentAt",
  dueColumn: "nextAttemptAt",
  returning: `"to", "subject", "html", "text",
      EXISTS (SELECT 1 FROM "MailAttachment" AS a WHERE a."mailId" = "MailOutbox"."id") AS "hasAttachments"`,
  leaseMs: 2 * 60 * 1000,
  maxAttempts: MAX_ATTEMPTS,
  retryDelayMs,
};

type Claimed = { id: string; to: string; subject: string; html: string; text: string; attempts: number; hasAttachments: boolean };

/**
 * Sends every message due now through `transport`, each once across instances; a failure is recorded
 * and retried later with backoff (given up after MAX_ATTEMPTS). Returns how many were delivered and how many failed.
 */
export async function deliverDueMail(
  prisma: PrismaClient,
  transport: MailTransport,
  options: { now?: () => Date; onError?: (error: unknown, messageId: string) => void } = {},
): Promise<{ delivered: number; failed: number }> {
  const { done, failed } = await drainQueue<Claimed>(
    prisma,
    OUTBOX,
    async (message) => {
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
        data: { sentAt: (options.now ?? (() => new Date()))(), deliveredBy: transport.name, lockedUntil: null, lastError: null },
      });
    },
    options,
  );
  return { delivered: done, failed };
}
