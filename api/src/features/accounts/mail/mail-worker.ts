import type { PrismaClient } from "../../../generated/prisma/client.js";
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
          await deliverDueMail(prisma, transport, { onError: options.onError });
        } catch (error) {
          options.onError?.(error);
        }
      } while (again && !stopped);
    })().finally(() => {
      running = null;
    });
    return running;
  };
  const timer = setInterval(() => void run(), options.intervalMs ?? 15_000).unref();
  return {
    wake: () => void run(),
    /** Delivers what is due now (tests wait on it). */
    run,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
export type MailWorker = ReturnType<typeof startMailWorker>;
