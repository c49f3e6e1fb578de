import type { Language } from "../../generated/prisma/enums.js";
import {
  AlreadySubscribedError,
  CheckoutUnavailableError,
  InstalmentsUnavailableError,
  NoSubscriptionError,
  OfferUnavailableError,
} from "./commerce.errors.js";
import { syncCharge, syncSubscription, type Commerce } from "./events.js";
import { CURRENCY_BY_LANGUAGE } from "./money.js";
import { loadOffer, loadPlanPrices, maxInstalments } from "./pricing.js";
import { withinRefundWindow } from "./subscription-state.js";

const LIVE = ["TRIALING", "ACTIVE", "PAST_DUE"] as const;

type Buyer = { userId: string; email: string; locale: Language };

/** The reader's live subscription or lifetime plan, if any. */
export const liveSubscription = (commerce: Commerce, userId: string) =>
  commerce.prisma.subscription.findFirst({ where: { userId, status: { in: [...LIVE] } }, orderBy: { createdAt: "desc" } });

type ExistingCustomer = Awaited<ReturnType<Commerce["prisma"]["billingCustomer"]["findUnique"]>>;

async function ensureCustomer(commerce: Commerce, buyer: Buyer, existing: ExistingCustomer) {
  if (existing && existing.provider === commerce.provider.name) return existing;
  const currency = existing?.currency ?? CURRENCY_BY_LANGUAGE[buyer.locale];
  const providerCustomerId = await commerce.provider.createCustomer({
    userId: buyer.userId,
    email: buyer.email,
    currency,
    idempotencyKey: `customer:${commerce.provider.name}:${buyer.userId}`,
  });
  return commerce.prisma.billingCustomer.upsert({
    where: { userId: buyer.userId },
    create: { userId: buyer.userId, provider: commerce.provider.name, providerCustomerId, currency },
    update: { provider: commerce.provider.name, providerCustomerId },
  });
}

/**
 * What a purchase would be — the plan's price in the buyer's currency (the customer's, or the
 * language's for a new one), the offer, the trial's days — or the coded refusal. Everything that can
 * refuse is decided here, before the provider hears of the buyer: a refusal writes nothing.
 */
async function decidePurchase(
  commerce: Commerce,
  buyer: Buyer,
  input: { planId: string; offerSlug: string | null; trial: boolean; now: Date; instalments?: number },
) {
  if (await liveSubscription(commerce, buyer.userId)) throw new AlreadySubscribedError();
  const existing = await commerce.prisma.billingCustomer.findUnique({ where: { userId: buyer.userId } });
  const currency = existing?.currency ?? CURRENCY_BY_LANGUAGE[buyer.locale];
  const [plan] = await loadPlanPrices(commerce, currency, input.planId);
  if (!plan) throw new OfferUnavailableError();
  let offer: { slug: string; firstAmount: number } | null = null;
  if (input.offerSlug) {
    const found = await loadOffer({ prisma: commerce.prisma, now: input.now }, { slug: input.offerSlug, currency, viewerId: buyer.userId });
    if (!found || found.availability !== "LIVE" || found.plan.planId !== plan.planId) throw new OfferUnavailableError();
    offer = { slug: found.slug, firstAmount: found.toAmount };
  }
  let trialDays = 0;
  if (input.trial) {
    const trialedBefore = await commerce.prisma.subscription.count({ where: { userId: buyer.userId, trialEndsAt: { not: null } } });
    if (plan.trialDays === 0 || trialedBefore > 0 || offer) throw new OfferUnavailableError();
    trialDays = plan.trialDays;
  }
  const instalments = input.instalments ?? 1;
  if (!Number.isInteger(instalments) || instalments < 1 || instalments > maxInstalments(commerce.provider.name, plan))
    throw new InstalmentsUnavailableError();
  const stripePrice = await commerce.prisma.planPrice.findUnique({
    where: { planId_currency: { planId: plan.planId, currency: plan.currency } },
    select: { stripePriceId: true },
  });
  return { existing, plan, offer, trialDays, instalments, stripePriceId: stripePrice?.stripePriceId ?? null };
}

/**
 * Starts a plan (a trial when asked and the plan has one), or buys the lifetime plan, with a payment
 * method the provider's card form made. Prices come from the database in the customer's currency,
 * never from the client. Refused cards throw the provider's coded errors and change nothing here.
 */
export async function startPlan(
  commerce: Commerce,
  buyer: Buyer,
  input: { planId: string; offerSlug: string | null; paymentMethodId: string; trial: boolean; now: Date; instalments?: number },
) {
  const { existing, plan, offer, trialDays, instalments, stripePriceId } = await decidePurchase(commerce, buyer, input);
  const customer = await ensureCustomer(commerce, buyer, existing);
  const charge = {
    planId: plan.planId,
    interval: plan.interval,
    currency: plan.currency,
    amount: plan.amount,
    stripePriceId,
  };
  // The same payment method sent twice (a double click, a retried request) is one purchase.
  const idempotencyKey = `start:${buyer.userId}:${input.paymentMethodId}`;
  if (plan.interval === "LIFETIME") {
    const payment = await commerce.provider.createPayment({
      customerId: customer.providerCustomerId,
      userId: buyer.userId,
      paymentMethodId: input.paymentMethodId,
      plan: charge,
      amount: offer?.firstAmount ?? plan.amount,
      offerSlug: offer?.slug ?? null,
      instalments,
      idempotencyKey,
    });
    await syncCharge(commerce, payment.id);
  } else {
    const sub = await commerce.provider.createSubscription({
      customerId: customer.providerCustomerId,
      userId: buyer.userId,
      paymentMethodId: input.paymentMethodId,
      plan: charge,
      trialDays,
      offer,
      instalments,
      idempotencyKey,
    });
    await syncSubscription(commerce, sub.id);
  }
  return (await liveSubscription(commerce, buyer.userId))!;
}

/**
 * One-click cancel. During the trial: nothing is charged and access lasts to the trial's end. Within 7
 * days of the first charge: it is refunded and access ends now. Otherwise access lasts to the period's end.
 */
export async function cancelPlan(commerce: Commerce, userId: string, input: { reason: string | null; now: Date }) {
  const sub = await liveSubscription(commerce, userId);
  if (!sub) throw new NoSubscriptionError();
  const receipts = await commerce.prisma.receipt.findMany({ where: { subscriptionId: sub.id }, orderBy: { paidAt: "asc" } });
  const first = receipts[0];
  const refundable = receipts.length === 1 && first && first.refundedAt === null && withinRefundWindow(first.paidAt, input.now);
  const lifetime = sub.currentPeriodEnd === null && sub.trialEndsAt === null;
  if (lifetime) {
    if (!refundable) throw new NoSubscriptionError();
    await commerce.provider.refundCharge(first.providerChargeId, `refund:${first.providerChargeId}`);
    await syncCharge(commerce, first.providerChargeId);
    return sub.id;
  }
  if (sub.cancelAtPeriodEnd && !refundable) return sub.id;
  const key = `cancel:${sub.id}:${sub.updatedAt.getTime()}`;
  await commerce.provider.cancelSubscription(sub.providerSubscriptionId, {
    atPeriodEnd: !refundable,
    reason: input.reason,
    idempotencyKey: key,
  });
  if (refundable) {
    await commerce.provider.refundCharge(first.providerChargeId, `refund:${first.providerChargeId}`);
    await syncCharge(commerce, first.providerChargeId);
  }
  await syncSubscription(commerce, sub.providerSubscriptionId);
  return sub.id;
}

/** Takes back a cancellation before the period (or trial) ends. */
export async function resumePlan(commerce: Commerce, userId: string, now: Date) {
  const sub = await liveSubscription(commerce, userId);
  if (!sub || !sub.cancelAtPeriodEnd || !sub.currentPeriodEnd || sub.currentPeriodEnd <= now) throw new NoSubscriptionError();
  await commerce.provider.resumeSubscription(sub.providerSubscriptionId, `resume:${sub.id}:${sub.updatedAt.getTime()}`);
  await syncSubscription(commerce, sub.providerSubscriptionId);
  return sub.id;
}

/**
 * The hosted checkout (Stripe Checkout): the same checks and server prices as startPlan, then the
 * provider's page to pay on; the subscription or payment arrives afterwards as events, like any other.
 */
export async function startHostedCheckout(
  commerce: Commerce,
  buyer: Buyer,
  input: { planId: string; offerSlug: string | null; trial: boolean; now: Date; successUrl: string; cancelUrl: string },
): Promise<{ url: string }> {
  const createCheckout = commerce.provider.createCheckout?.bind(commerce.provider);
  if (!createCheckout) throw new CheckoutUnavailableError();
  const { existing, plan, offer, trialDays, stripePriceId } = await decidePurchase(commerce, buyer, input);
  const customer = await ensureCustomer(commerce, buyer, existing);
  return createCheckout({
    customerId: customer.providerCustomerId,
    userId: buyer.userId,
    plan: {
      planId: plan.planId,
      interval: plan.interval,
      currency: plan.currency,
      amount: plan.amount,
      stripePriceId,
      maxInstallments: plan.maxInstallments,
    },
    trialDays,
    offer,
    successUrl: input.successUrl,
    cancelUrl: input.cancelUrl,
    // One session per reader, plan, offer and minute: a double click opens the same page.
    idempotencyKey: `checkout:${buyer.userId}:${plan.planId}:${offer?.slug ?? ""}:${trialDays}:${Math.floor(input.now.getTime() / 60_000)}`,
  });
}
