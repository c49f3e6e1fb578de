import type { Prisma, PrismaClient } from "../../generated/prisma/client.js";
import { queuePaymentFailedMail, queueReceiptMail, queueTrialReminder, type MailSettings } from "./commerce-mail.js";
import { syncSubscriptionEntitlement } from "./entitlements.js";
import { cancelJob, scheduleJob, type JobHandlers } from "./jobs.js";
import type { PaymentProvider, ProviderCharge, ProviderEvent, ProviderSubscription } from "./providers/provider.js";

type Tx = Prisma.TransactionClient;

/** What commerce needs to apply provider state: the database, the provider, mail settings, and what to wake after commit. */
export type Commerce = {
  prisma: PrismaClient;
  provider: PaymentProvider;
  mail: MailSettings;
  /** Wakes the mail and job workers once a transaction that queued work has committed. */
  wake: () => void;
  now?: () => Date;
};

export const TRIAL_REMINDER_DAYS = 2;
const reminderKey = (subscriptionId: string) => `trial-reminder:${subscriptionId}`;

async function applySubscription(commerce: Commerce, tx: Tx, s: ProviderSubscription, now: Date) {
  const before = await tx.subscription.findUnique({ where: { providerSubscriptionId: s.id }, select: { status: true } });
  const fields = {
    planId: s.planId,
    offerSlug: s.offerSlug,
    currency: s.currency,
    amount: s.amount,
    status: s.status,
    trialEndsAt: s.trialEnd,
    currentPeriodStart: s.currentPeriodStart,
    currentPeriodEnd: s.currentPeriodEnd,
    cancelAtPeriodEnd: s.cancelAtPeriodEnd,
    canceledAt: s.canceledAt,
    endedAt: s.endedAt,
    cancelReason: s.cancelReason,
    graceEndsAt: s.graceEndsAt,
    createdAt: s.createdAt,
  };
  const sub = await tx.subscription.upsert({
    where: { providerSubscriptionId: s.id },
    create: { userId: s.userId, provider: commerce.provider.name, providerSubscriptionId: s.id, ...fields },
    update: fields,
    select: { id: true },
  });
  if (s.card)
    await tx.billingCustomer.updateMany({ where: { userId: s.userId }, data: { cardBrand: s.card.brand, cardLast4: s.card.last4 } });
  await syncSubscriptionEntitlement(tx, sub.id);

  // The reminder 2 days before the trial ends exists only while the trial goes on to a charge.
  if (s.status === "TRIALING" && !s.cancelAtPeriodEnd && s.trialEnd) {
    const runAt = new Date(s.trialEnd.getTime() - TRIAL_REMINDER_DAYS * 86_400_000);
    await scheduleJob(tx, { kind: "trial-reminder", key: reminderKey(sub.id), runAt, payload: { subscriptionId: sub.id } });
  } else {
    await cancelJob(tx, reminderKey(sub.id));
  }
  if (s.status === "PAST_DUE" && before?.status !== "PAST_DUE" && s.graceEndsAt) {
    await queuePaymentFailedMail(tx, commerce.mail, {
      userId: s.userId,
      currency: s.currency,
      amount: s.amount,
      graceEnd: s.graceEndsAt,
      now,
    });
  }
  return sub.id;
}

async function applyCharge(commerce: Commerce, tx: Tx, c: ProviderCharge, now: Date) {
  let subscriptionId: string | null = null;
  if (c.subscriptionId) {
    subscriptionId =
      (await tx.subscription.findUnique({ where: { providerSubscriptionId: c.subscriptionId }, select: { id: true } }))?.id ?? null;
  } else {
    // A one-time purchase (lifetime) is kept as a subscription without periods: its window has no end,
    // and a refund ends it.
    subscriptionId = await applySubscription(
      commerce,
      tx,
      {
        id: `payment:${c.id}`,
        customerId: c.customerId,
        userId: c.userId,
        planId: c.planId,
        offerSlug: c.offerSlug,
        currency: c.currency,
        amount: c.amount,
        status: c.refundedAt ? "CANCELED" : "ACTIVE",
        trialEnd: null,
        currentPeriodStart: c.paidAt,
        currentPeriodEnd: null,
        cancelAtPeriodEnd: false,
        canceledAt: c.refundedAt,
        endedAt: c.refundedAt,
        cancelReason: null,
        graceEndsAt: null,
        createdAt: c.paidAt,
        card: c.card,
      },
      now,
    );
  }
  const fields = {
    subscriptionId,
    planId: c.planId,
    currency: c.currency,
    amount: c.amount,
    instalments: c.instalments,
    paidAt: c.paidAt,
    refundedAmount: c.refundedAmount,
    refundedAt: c.refundedAt,
    cardBrand: c.card?.brand ?? null,
    cardLast4: c.card?.last4 ?? null,
  };
  // INSERT … ON CONFLICT DO NOTHING says which transaction made the receipt, even when two events of
  // one charge (charge.succeeded and invoice.paid) are applied at once on two connections: the second
  // waits for the first to commit, then inserts nothing and only updates. So its mail is queued once.
  const created = await tx.receipt.createMany({
    data: [{ userId: c.userId, provider: commerce.provider.name, providerChargeId: c.id, ...fields }],
    skipDuplicates: true,
  });
  if (created.count === 0) await tx.receipt.update({ where: { providerChargeId: c.id }, data: fields });
  else
    await queueReceiptMail(tx, commerce.mail, {
      userId: c.userId,
      planId: c.planId,
      currency: c.currency,
      amount: c.amount,
      paidAt: c.paidAt,
      card: c.card,
      now,
    });
}

/**
 * Brings the app in step with the provider's current subscription (refetched, never taken from a
 * payload), in one transaction: the row, its entitlement, the reminder job, the dunning mail.
 */
export async function syncSubscription(commerce: Commerce, providerSubscriptionId: string): Promise<void> {
  const s = await commerce.provider.retrieveSubscription(providerSubscriptionId);
  const now = (commerce.now ?? (() => new Date()))();
  await commerce.prisma.$transaction((tx) => applySubscription(commerce, tx, s, now));
  commerce.wake();
}

export async function syncCharge(commerce: Commerce, chargeId: string): Promise<void> {
  const c = await commerce.provider.retrieveCharge(chargeId);
  const s = c.subscriptionId ? await commerce.provider.retrieveSubscription(c.subscriptionId) : null;
  const now = (commerce.now ?? (() => new Date()))();
  await commerce.prisma.$transaction(async (tx) => {
    if (s) await applySubscription(commerce, tx, s, now);
    await applyCharge(commerce, tx, c, now);
  });
  commerce.wake();
}

/** The objects an event names, as the provider holds them now (a charge with its subscription, if any). */
async function refetch(commerce: Commerce, object: ProviderEvent["object"]) {
  const { provider } = commerce;
  if (object.kind === "none") return [null, null] as const;
  if (object.kind === "subscription") return [await provider.retrieveSubscription(object.id), null] as const;
  let charge: ProviderCharge | null;
  let subscriptionId: string | null;
  if (object.kind === "invoice") {
    if (!provider.retrieveInvoice) return [null, null] as const;
    ({ charge, subscriptionId } = await provider.retrieveInvoice(object.id));
  } else {
    charge = await provider.retrieveCharge(object.id);
    subscriptionId = charge.subscriptionId;
  }
  return [subscriptionId ? await provider.retrieveSubscription(subscriptionId) : null, charge] as const;
}

/**
 * A webhook delivery: verified on the raw body (throws when forged, tampered or old), stored once by
 * event id, applied by refetching the object it names (so replays and any order end in the provider's
 * current state), all in one transaction; mail and jobs wake after commit.
 */
export async function handleWebhook(commerce: Commerce, rawBody: string | Buffer, signature: string): Promise<"applied" | "duplicate"> {
  const event = commerce.provider.verifyEvent(rawBody, signature);
  const [subscription, charge] = await refetch(commerce, event.object);
  const now = (commerce.now ?? (() => new Date()))();
  const applied = await commerce.prisma.$transaction(async (tx) => {
    const stored = await tx.providerEvent.createMany({
      data: [{ id: event.id, provider: commerce.provider.name, type: event.type }],
      skipDuplicates: true,
    });
    if (stored.count === 0) return false;
    if (subscription) await applySubscription(commerce, tx, subscription, now);
    if (charge) await applyCharge(commerce, tx, charge, now);
    return true;
  });
  if (applied) commerce.wake();
  return applied ? "applied" : "duplicate";
}

/** The jobs commerce runs on the shared job table. */
export function commerceJobs(commerce: Commerce): JobHandlers {
  return {
    "trial-reminder": async (tx, payload, now) => {
      const { subscriptionId } = payload as { subscriptionId: string };
      const sub = await tx.subscription.findUnique({ where: { id: subscriptionId } });
      // Re-checked when it runs: a trial cancelled (or already over) gets no reminder.
      if (!sub || sub.status !== "TRIALING" || sub.cancelAtPeriodEnd || !sub.trialEndsAt || sub.trialEndsAt <= now) return;
      await queueTrialReminder(tx, commerce.mail, {
        userId: sub.userId,
        trialEnd: sub.trialEndsAt,
        currency: sub.currency,
        amount: sub.amount,
        now,
      });
    },
  };
}
