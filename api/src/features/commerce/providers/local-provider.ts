import { randomBytes } from "node:crypto";
import Stripe from "stripe";
import type { Prisma, PrismaClient } from "../../../generated/prisma/client.js";
import type { Currency, PlanInterval, SubscriptionStatus } from "../../../generated/prisma/enums.js";
import { CardDeclinedError, InsufficientFundsError, PaymentFailedError } from "../commerce.errors.js";
import { GRACE_DAYS } from "../subscription-state.js";
import type { PaymentProvider, ProviderCharge, ProviderEvent, ProviderSubscription } from "./provider.js";
import { checkTestCard, type CardBehaviour, type CardError } from "./test-cards.js";

// The local TEST MODE provider: Brevia's own stand-in for Stripe, for the embedded default, development
// and every journey. It keeps its records as a provider would on its side (TestProviderObject), runs
// Stripe's subscription life cycle, and tells the app through the same signed events (Stripe's signature
// scheme, verified by the same code) as Stripe's webhooks do.

type Tx = Prisma.TransactionClient;
type Card = { brand: string; last4: string };
type PaymentMethod = Card & { behaviour: CardBehaviour; customer: string | null };
type Customer = { userId: string; email: string; currency: Currency; paymentMethod: string | null };
type Sub = {
  customer: string;
  userId: string;
  planId: string;
  interval: PlanInterval;
  offerSlug: string | null;
  currency: Currency;
  amount: number;
  /** Each charge's interest-free instalments (renewals too); absent on records made before instalments: 1. */
  instalments?: number;
  status: SubscriptionStatus;
  trialEnd: string | null;
  currentPeriodStart: string;
  currentPeriodEnd: string | null;
  cancelAtPeriodEnd: boolean;
  canceledAt: string | null;
  endedAt: string | null;
  cancelReason: string | null;
  graceEndsAt: string | null;
  createdAt: string;
};
type Charge = {
  customer: string;
  userId: string;
  subscription: string | null;
  planId: string;
  offerSlug: string | null;
  currency: Currency;
  amount: number;
  instalments?: number;
  paidAt: string;
  refundedAmount: number;
  refundedAt: string | null;
  card: Card;
};
type EventData = { type: string; kind: "subscription" | "charge"; objectId: string; created: string; delivered: boolean };

const DATE_FIELDS = [
  "trialEnd",
  "currentPeriodStart",
  "currentPeriodEnd",
  "canceledAt",
  "endedAt",
  "graceEndsAt",
  "createdAt",
  "paidAt",
  "refundedAt",
];
const newId = (prefix: string) => `${prefix}_local_${randomBytes(12).toString("base64url")}`;
const iso = (d: Date) => d.toISOString();
const date = (s: string | null) => (s ? new Date(s) : null);

export function addInterval(from: Date, interval: PlanInterval): Date {
  const d = new Date(from);
  if (interval === "YEAR") d.setUTCFullYear(d.getUTCFullYear() + 1);
  else d.setUTCMonth(d.getUTCMonth() + 1);
  return d;
}

export type LocalProvider = PaymentProvider & {
  /** The test card form's tokenisation: the number is checked and dropped; only brand and last 4 are kept. */
  createPaymentMethod(card: {
    number: string;
    expMonth: number;
    expYear: number;
    cvc: string;
  }): Promise<({ ok: true; id: string } & Card) | { ok: false; error: CardError }>;
  /** Runs what is due (trial ends, renewals, retries, period ends) and redelivers undelivered events. */
  processDue(customerId?: string): Promise<void>;
  /** Test clock: moves the customer's time forward (their dates move back), then runs what became due. */
  advanceClock(customerId: string, ms: number): Promise<void>;
  /** Where events are delivered (the app's webhook handler, in process). */
  onEvent(deliver: (rawBody: string, signature: string) => Promise<void>): void;
  signPayload(payload: string): string;
};

export function createLocalProvider(prisma: PrismaClient, options: { webhookSecret: string; now?: () => Date }): LocalProvider {
  const clock = options.now ?? (() => new Date());
  const stripe = new Stripe("sk_test_local_provider_never_sent", { maxNetworkRetries: 0 });
  let deliver: ((raw: string, signature: string) => Promise<void>) | null = null;

  const read = async <T>(tx: Tx | PrismaClient, id: string, type: string): Promise<T> => {
    const row = await tx.testProviderObject.findUnique({ where: { id } });
    if (!row || row.type !== type) throw new Error(`No such ${type}: ${id}`);
    return row.data as T;
  };
  const write = (tx: Tx, id: string, type: string, customer: string | null, data: object) =>
    tx.testProviderObject.upsert({ where: { id }, create: { id, type, customer, data }, update: { data } });
  const emit = (tx: Tx, customer: string, type: string, kind: EventData["kind"], objectId: string) =>
    write(tx, newId("evt"), "event", customer, { type, kind, objectId, created: iso(clock()), delivered: false } satisfies EventData);

  /** Runs `fn` once per idempotency key: a retried request gets the first answer. */
  async function idempotent(key: string, fn: (tx: Tx) => Promise<string>): Promise<string> {
    const id = await prisma.$transaction(async (tx) => {
      const seen = await tx.testProviderObject.findUnique({ where: { id: `idem:${key}` } });
      if (seen) return (seen.data as { result: string }).result;
      const result = await fn(tx);
      await write(tx, `idem:${key}`, "idempotency", null, { result });
      return result;
    });
    await deliverPending();
    return id;
  }

  let delivering: Promise<void> = Promise.resolve();
  /** Delivers undelivered events in creation order, one run at a time; a failed delivery is retried later. */
  function deliverPending(): Promise<void> {
    delivering = delivering.then(async () => {
      if (!deliver) return;
      const events = await prisma.testProviderObject.findMany({
        where: { type: "event", data: { path: ["delivered"], equals: false } },
        orderBy: { createdAt: "asc" },
      });
      for (const row of events) {
        const e = row.data as EventData;
        const payload = JSON.stringify({
          id: row.id,
          object: "event",
          type: e.type,
          created: Math.floor(Date.parse(e.created) / 1000),
          data: { object: { id: e.objectId, object: e.kind } },
        });
        try {
          await deliver(payload, signPayload(payload));
          await prisma.testProviderObject.update({ where: { id: row.id }, data: { data: { ...e, delivered: true } } });
        } catch {
          return; // kept undelivered: the next processDue retries it, as Stripe retries a failed webhook
        }
      }
    });
    return delivering;
  }

  const signPayload = (payload: string) => stripe.webhooks.generateTestHeaderString({ payload, secret: options.webhookSecret });

  /** Attaching a card: the issuer's answer, as Stripe gives it. */
  function refuseIfDeclined(pm: PaymentMethod, charging: boolean) {
    if (pm.behaviour === "declined") throw new CardDeclinedError();
    if (pm.behaviour === "insufficient_funds") throw new InsufficientFundsError();
    if (charging && pm.behaviour === "charges_fail") throw new CardDeclinedError();
  }

  async function charge(tx: Tx, input: Omit<Charge, "paidAt" | "refundedAmount" | "refundedAt">, now: Date) {
    const id = newId("ch");
    await write(tx, id, "charge", input.customer, { ...input, paidAt: iso(now), refundedAmount: 0, refundedAt: null } satisfies Charge);
    await emit(tx, input.customer, "charge.succeeded", "charge", id);
    return id;
  }

  async function attach(tx: Tx, customerId: string, paymentMethodId: string) {
    // An id the provider never issued (a forged or stale client value) is refused as Stripe refuses
    // one (resource_missing), a payment error the reader is told of, not a server failure.
    const row = await tx.testProviderObject.findUnique({ where: { id: paymentMethodId } });
    if (!row || row.type !== "payment_method") throw new PaymentFailedError();
    const pm = row.data as PaymentMethod;
    if (pm.customer && pm.customer !== customerId) throw new PaymentFailedError();
    await write(tx, paymentMethodId, "payment_method", customerId, { ...pm, customer: customerId });
    const customer = await read<Customer>(tx, customerId, "customer");
    await write(tx, customerId, "customer", customerId, { ...customer, paymentMethod: paymentMethodId });
    return pm;
  }

  /** One step of a subscription's life cycle, if one is due at `now`; returns whether it changed. */
  async function step(tx: Tx, id: string, sub: Sub, now: Date): Promise<boolean> {
    const periodEnd = date(sub.currentPeriodEnd);
    if (sub.status === "CANCELED" || sub.status === "UNPAID" || !periodEnd) return false;
    const save = async (next: Partial<Sub>, event = "customer.subscription.updated") => {
      await write(tx, id, "subscription", sub.customer, { ...sub, ...next });
      await emit(tx, sub.customer, event, "subscription", id);
      return true;
    };
    if (sub.cancelAtPeriodEnd && periodEnd <= now)
      return save({ status: "CANCELED", endedAt: iso(periodEnd) }, "customer.subscription.deleted");
    if (sub.status === "PAST_DUE") {
      const grace = date(sub.graceEndsAt);
      return grace && grace <= now ? save({ status: "UNPAID", endedAt: iso(grace) }) : false;
    }
    if (periodEnd > now) return false;
    const customer = await read<Customer>(tx, sub.customer, "customer");
    const pm = customer.paymentMethod ? await read<PaymentMethod>(tx, customer.paymentMethod, "payment_method") : null;
    if (!pm || pm.behaviour !== "succeeds") {
      await emit(tx, sub.customer, "invoice.payment_failed", "subscription", id);
      return save({ status: "PAST_DUE", graceEndsAt: iso(new Date(periodEnd.getTime() + GRACE_DAYS * 86_400_000)) });
    }
    await charge(
      tx,
      {
        customer: sub.customer,
        userId: sub.userId,
        subscription: id,
        planId: sub.planId,
        offerSlug: null,
        currency: sub.currency,
        amount: sub.amount,
        instalments: sub.instalments ?? 1,
        card: pm,
      },
      periodEnd,
    );
    return save({ status: "ACTIVE", currentPeriodStart: iso(periodEnd), currentPeriodEnd: iso(addInterval(periodEnd, sub.interval)) });
  }

  const provider: LocalProvider = {
    name: "LOCAL",
    onEvent(fn) {
      deliver = fn;
    },
    signPayload,

    async createPaymentMethod(card) {
      const checked = checkTestCard(card, clock());
      if (!checked.ok) return checked;
      const id = newId("pm");
      await prisma.testProviderObject.create({
        data: {
          id,
          type: "payment_method",
          data: { brand: checked.brand, last4: checked.last4, behaviour: checked.behaviour, customer: null } satisfies PaymentMethod,
        },
      });
      return { ok: true, id, brand: checked.brand, last4: checked.last4 };
    },

    createCustomer: (input) =>
      idempotent(input.idempotencyKey, async (tx) => {
        const id = newId("cus");
        await write(tx, id, "customer", id, {
          userId: input.userId,
          email: input.email,
          currency: input.currency,
          paymentMethod: null,
        } satisfies Customer);
        return id;
      }),

    async createSubscription(input) {
      return {
        id: await idempotent(input.idempotencyKey, async (tx) => {
          const pm = await attach(tx, input.customerId, input.paymentMethodId);
          refuseIfDeclined(pm, input.trialDays === 0);
          const now = clock();
          const id = newId("sub");
          const trialEnd = input.trialDays > 0 ? new Date(now.getTime() + input.trialDays * 86_400_000) : null;
          if (!trialEnd) {
            const amount = input.offer?.firstAmount ?? input.plan.amount;
            await charge(
              tx,
              {
                customer: input.customerId,
                userId: input.userId,
                subscription: id,
                planId: input.plan.planId,
                offerSlug: input.offer?.slug ?? null,
                currency: input.plan.currency,
                amount,
                instalments: input.instalments,
                card: pm,
              },
              now,
            );
          }
          const sub: Sub = {
            customer: input.customerId,
            userId: input.userId,
            planId: input.plan.planId,
            interval: input.plan.interval,
            offerSlug: input.offer?.slug ?? null,
            currency: input.plan.currency,
            amount: input.plan.amount,
            instalments: input.instalments,
            status: trialEnd ? "TRIALING" : "ACTIVE",
            trialEnd: trialEnd && iso(trialEnd),
            currentPeriodStart: iso(now),
            currentPeriodEnd: iso(trialEnd ?? addInterval(now, input.plan.interval)),
            cancelAtPeriodEnd: false,
            canceledAt: null,
            endedAt: null,
            cancelReason: null,
            graceEndsAt: null,
            createdAt: iso(now),
          };
          await write(tx, id, "subscription", input.customerId, sub);
          await emit(tx, input.customerId, "customer.subscription.created", "subscription", id);
          return id;
        }),
      };
    },

    async createPayment(input) {
      return {
        id: await idempotent(input.idempotencyKey, async (tx) => {
          const pm = await attach(tx, input.customerId, input.paymentMethodId);
          refuseIfDeclined(pm, true);
          return charge(
            tx,
            {
              customer: input.customerId,
              userId: input.userId,
              subscription: null,
              planId: input.plan.planId,
              offerSlug: input.offerSlug,
              currency: input.plan.currency,
              amount: input.amount,
              instalments: input.instalments,
              card: pm,
            },
            clock(),
          );
        }),
      };
    },

    async cancelSubscription(id, input) {
      await idempotent(input.idempotencyKey, async (tx) => {
        const sub = await read<Sub>(tx, id, "subscription");
        const now = iso(clock());
        const next: Sub = input.atPeriodEnd
          ? { ...sub, cancelAtPeriodEnd: true, canceledAt: now, cancelReason: input.reason }
          : { ...sub, status: "CANCELED", cancelAtPeriodEnd: false, canceledAt: now, endedAt: now, cancelReason: input.reason };
        await write(tx, id, "subscription", sub.customer, next);
        await emit(
          tx,
          sub.customer,
          input.atPeriodEnd ? "customer.subscription.updated" : "customer.subscription.deleted",
          "subscription",
          id,
        );
        return id;
      });
    },

    async resumeSubscription(id, idempotencyKey) {
      await idempotent(idempotencyKey, async (tx) => {
        const sub = await read<Sub>(tx, id, "subscription");
        await write(tx, id, "subscription", sub.customer, { ...sub, cancelAtPeriodEnd: false, canceledAt: null, cancelReason: null });
        await emit(tx, sub.customer, "customer.subscription.updated", "subscription", id);
        return id;
      });
    },

    async refundCharge(chargeId, idempotencyKey) {
      await idempotent(idempotencyKey, async (tx) => {
        const ch = await read<Charge>(tx, chargeId, "charge");
        await write(tx, chargeId, "charge", ch.customer, { ...ch, refundedAmount: ch.amount, refundedAt: iso(clock()) });
        await emit(tx, ch.customer, "charge.refunded", "charge", chargeId);
        return chargeId;
      });
    },

    async retrieveSubscription(id): Promise<ProviderSubscription> {
      const sub = await read<Sub>(prisma, id, "subscription");
      const customer = await read<Customer>(prisma, sub.customer, "customer");
      const pm = customer.paymentMethod ? await read<PaymentMethod>(prisma, customer.paymentMethod, "payment_method") : null;
      return {
        id,
        customerId: sub.customer,
        userId: sub.userId,
        planId: sub.planId,
        offerSlug: sub.offerSlug,
        currency: sub.currency,
        amount: sub.amount,
        status: sub.status,
        trialEnd: date(sub.trialEnd),
        currentPeriodStart: new Date(sub.currentPeriodStart),
        currentPeriodEnd: date(sub.currentPeriodEnd),
        cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
        canceledAt: date(sub.canceledAt),
        endedAt: date(sub.endedAt),
        cancelReason: sub.cancelReason,
        graceEndsAt: date(sub.graceEndsAt),
        createdAt: new Date(sub.createdAt),
        card: pm && { brand: pm.brand, last4: pm.last4 },
      };
    },

    async retrieveCharge(id): Promise<ProviderCharge> {
      const ch = await read<Charge>(prisma, id, "charge");
      return {
        id,
        customerId: ch.customer,
        userId: ch.userId,
        subscriptionId: ch.subscription,
        planId: ch.planId,
        offerSlug: ch.offerSlug,
        currency: ch.currency,
        amount: ch.amount,
        instalments: ch.instalments ?? 1,
        paidAt: new Date(ch.paidAt),
        refundedAmount: ch.refundedAmount,
        refundedAt: date(ch.refundedAt),
        card: ch.card,
      };
    },

    verifyEvent(rawBody, signature): ProviderEvent {
      const event = stripe.webhooks.constructEvent(rawBody, signature, options.webhookSecret);
      const object = event.data.object as { id: string; object: string };
      return { id: event.id, type: event.type, object: { kind: object.object === "charge" ? "charge" : "subscription", id: object.id } };
    },

    async processDue(customerId) {
      const rows = await prisma.testProviderObject.findMany({
        where: { type: "subscription", ...(customerId ? { customer: customerId } : {}) },
        select: { id: true },
      });
      for (const { id } of rows) {
        // A long jump of the clock may cross several periods: one step at a time, as the days pass.
        for (let steps = 0; steps < 60; steps++) {
          const changed = await prisma.$transaction(async (tx) => step(tx, id, await read<Sub>(tx, id, "subscription"), clock()));
          if (!changed) break;
        }
      }
      await deliverPending();
    },

    async advanceClock(customerId, ms) {
      await prisma.$transaction(async (tx) => {
        const rows = await tx.testProviderObject.findMany({ where: { customer: customerId, type: { in: ["subscription", "charge"] } } });
        for (const row of rows) {
          const data = { ...(row.data as Record<string, string | number | boolean | null>) };
          for (const field of DATE_FIELDS) if (typeof data[field] === "string") data[field] = iso(new Date(Date.parse(data[field]) - ms));
          await tx.testProviderObject.update({ where: { id: row.id }, data: { data } });
          await emit(
            tx,
            customerId,
            row.type === "charge" ? "charge.updated" : "customer.subscription.updated",
            row.type === "charge" ? "charge" : "subscription",
            row.id,
          );
        }
      });
      await provider.processDue(customerId);
    },
  };
  return provider;
}
