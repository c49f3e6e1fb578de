import type { PrismaClient } from "../../../generated/prisma/client.js";
import { startWorkerLoop } from "../../../db/work-queue.js";
import { deliverDueMail, type MailTransport } from "./outbox.js";

/** Wakes the mail worker after a transaction that queued mail commits (tests: a no-op). */
export type MailWaker = { wake(): void };
export const NO_MAIL_WORKER: MailWaker = { wake: () => {} };

/**
 * The server's mail worker: delivers queued mail when woken (right after a commit) and every
 * `intervalMs` (retries, and mail queued by other instances). One run at a time per process.
 */
export function startMailWorker(
  prisma: PrismaClient,
  transport: MailTransport,
  options: { intervalMs?: number; onError?: (error: unknown, messageId?: string) => void } = {},
) {
  return startWorkerLoop(() => deliverDueMail(prisma, transport, { onError: options.onError }), options);
}
export type MailWorker = ReturnType<typeof startMailWorker>;
