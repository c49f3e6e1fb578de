import { randomBytes } from "node:crypto";
import type { FastifyInstance } from "fastify";
import type { PrismaClient } from "../../generated/prisma/client.js";
import { commerceJobs, handleWebhook, type Commerce } from "./events.js";
import { startWorkerLoop } from "../../db/work-queue.js";
import { runDueJobs } from "./jobs.js";
import { createLocalProvider, type LocalProvider } from "./providers/local-provider.js";
import { createStripeProvider } from "./providers/stripe-provider.js";

export type CommerceSettings = {
  origin: string;
  timeZone: string;
  stripe: { secretKey: string; publishableKey: string; webhookSecret: string } | null;
  testClock: boolean;
  /** Tests: the Stripe SDK's host, port and protocol (a local HTTP server). */
  stripeApi?: { host: string; port: number; protocol: "http" | "https" };
};

/** Commerce as the server runs it: the provider, and the worker that runs jobs and the local provider's life cycle. */
export type CommerceRuntime = Commerce & {
  local: LocalProvider | null;
  stripePublishableKey: string | null;
  testClock: boolean;
  /** Runs what is due now: the local provider's renewals and trial ends, then the job table. */
  runDue(): Promise<void>;
  stop(): Promise<void>;
};

export function createCommerce(
  prisma: PrismaClient,
  settings: CommerceSettings,
  options: { wakeMail?: () => void; intervalMs?: number; onError?: (error: unknown) => void; now?: () => Date; startWorker?: boolean } = {},
): CommerceRuntime {
  const local = settings.stripe
    ? null
    : createLocalProvider(prisma, { webhookSecret: `whsec_${randomBytes(24).toString("hex")}`, now: options.now });
  const provider = settings.stripe ? createStripeProvider({ ...settings.stripe, api: settings.stripeApi }) : local!;
  // The local provider's life cycle and the commerce jobs, on the shared worker loop (db/work-queue.ts).
  const worker = startWorkerLoop(
    async () => {
      try {
        await local?.processDue();
        await runDueJobs(prisma, commerceJobs(runtime), { now: options.now, onError: (error) => options.onError?.(error) });
      } finally {
        options.wakeMail?.();
      }
    },
    { intervalMs: options.intervalMs, onError: options.onError, timer: options.startWorker !== false },
  );
  let stopped = false;
  const runDue = () => worker.run();
  const runtime: CommerceRuntime = {
    prisma,
    provider,
    mail: { origin: settings.origin, timeZone: settings.timeZone },
    now: options.now,
    wake: () => {
      options.wakeMail?.();
      if (!stopped) void runDue();
    },
    local,
    stripePublishableKey: settings.stripe?.publishableKey ?? null,
    testClock: settings.testClock && local !== null,
    runDue,
    async stop() {
      stopped = true;
      await worker.stop();
    },
  };
  local?.onEvent((rawBody, signature) => handleWebhook(runtime, rawBody, signature).then(() => undefined));
  return runtime;
}

/**
 * POST /webhooks/stripe (verified on the raw body: a parser of its own in this plugin only), and the
 * local provider's card form endpoint (TEST MODE: the number is checked and dropped at once).
 */
export async function registerCommerceRoutes(app: FastifyInstance, commerce: CommerceRuntime) {
  await app.register(async (scope) => {
    scope.addContentTypeParser("application/json", { parseAs: "buffer" }, (_req, body, done) => done(null, body));
    scope.post("/webhooks/stripe", async (request, reply) => {
      if (commerce.provider.name !== "STRIPE") return reply.code(404).send({ error: "Stripe is not configured" });
      const signature = request.headers["stripe-signature"];
      if (typeof signature !== "string" || !Buffer.isBuffer(request.body)) return reply.code(400).send({ error: "Missing signature" });
      let verified = true;
      try {
        commerce.provider.verifyEvent(request.body, signature);
      } catch {
        verified = false;
      }
      if (!verified) return reply.code(400).send({ error: "Invalid signature" });
      const result = await handleWebhook(commerce, request.body, signature);
      return reply.send({ received: true, result });
    });
  });
  const local = commerce.local;
  if (!local) return;
  app.post("/test-provider/v1/payment_methods", async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const result = await local.createPaymentMethod({
      number: String(body.number ?? ""),
      expMonth: Number(body.expMonth),
      expYear: Number(body.expYear),
      cvc: String(body.cvc ?? ""),
    });
    reply.header("cache-control", "no-store");
    if (!result.ok)
      return reply
        .code(402)
        .send({ error: { code: result.error.code, decline_code: result.error.declineCode, message: result.error.message } });
    return reply.send({ id: result.id, object: "payment_method", card: { brand: result.brand, last4: result.last4 } });
  });
}
