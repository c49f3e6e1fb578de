import type { Context } from "../../context.js";
import type { Currency, PaymentProvider, PlanInterval } from "../../generated/prisma/enums.js";
import { CURRENCY_BY_LANGUAGE } from "./money.js";

export type PlanPriceView = {
  planId: string;
  interval: PlanInterval;
  trialDays: number;
  currency: Currency;
  amount: number;
  listAmount: number | null;
  maxInstallments: number;
};

export type OfferView = {
  slug: string;
  percentOff: number;
  plan: PlanPriceView;
  fromAmount: number;
  toAmount: number;
  availability: "LIVE" | "ENDED" | "NOT_ELIGIBLE";
};

/**
 * The most interest-free instalments a plan can be paid in with this provider (1: at once). Only the
 * annual and lifetime plans, only in BRL and MXN, up to the catalogue's maximum (at most 12). Stripe
 * splits only one-time card payments into instalments (PaymentIntent
 * payment_method_options.card.installments, Brazil and Mexico): a subscription's invoices are charged
 * whole, so with Stripe the annual plan is paid at once and only lifetime is offered in instalments.
 */
export function maxInstalments(provider: PaymentProvider, plan: Pick<PlanPriceView, "interval" | "currency" | "maxInstallments">): number {
  if (plan.interval === "MONTH" || (plan.currency !== "BRL" && plan.currency !== "MXN")) return 1;
  if (provider === "STRIPE" && plan.interval !== "LIFETIME") return 1;
  return Math.min(12, Math.max(1, plan.maxInstallments));
}

/** The currency this viewer pays in: a customer's own (kept whatever the interface language), else the page's. */
export async function viewerCurrency(ctx: Pick<Context, "prisma" | "viewer" | "locale">): Promise<Currency> {
  if (ctx.viewer) {
    const customer = await ctx.prisma.billingCustomer.findUnique({ where: { userId: ctx.viewer.id }, select: { currency: true } });
    if (customer) return customer.currency;
  }
  return CURRENCY_BY_LANGUAGE[ctx.locale];
}

export async function loadPlanPrices(ctx: Pick<Context, "prisma">, currency: Currency, planId?: string): Promise<PlanPriceView[]> {
  const plans = await ctx.prisma.plan.findMany({
    where: { active: true, ...(planId ? { id: planId } : {}) },
    orderBy: [{ position: "asc" }, { id: "asc" }],
    select: { id: true, interval: true, trialDays: true, prices: { where: { currency } } },
  });
  return plans.flatMap((p) =>
    p.prices.map((price) => ({
      planId: p.id,
      interval: p.interval,
      trialDays: p.trialDays,
      currency,
      amount: price.amount,
      listAmount: price.listAmount,
      maxInstallments: price.maxInstallments,
    })),
  );
}

/** Whether the reader may take new-customer offers: never paid, no live subscription. */
async function isNewCustomer(ctx: Pick<Context, "prisma">, userId: string): Promise<boolean> {
  const [receipts, live] = await Promise.all([
    ctx.prisma.receipt.count({ where: { userId } }),
    ctx.prisma.subscription.count({ where: { userId, status: { in: ["TRIALING", "ACTIVE", "PAST_DUE"] } } }),
  ]);
  return receipts === 0 && live === 0;
}

/**
 * exclusiveOfferGuard: the offer, in the viewer's currency, with whether they may take it now (live and
 * eligible); null when no offer has this slug.
 */
export async function loadOffer(
  ctx: Pick<Context, "prisma" | "now">,
  input: { slug: string; currency: Currency; viewerId: string | null },
): Promise<OfferView | null> {
  const { slug, currency, viewerId } = input;
  const offer = await ctx.prisma.offer.findUnique({
    where: { slug },
    select: {
      slug: true,
      percentOff: true,
      active: true,
      startsAt: true,
      endsAt: true,
      newCustomersOnly: true,
      planId: true,
      prices: { where: { currency } },
    },
  });
  const price = offer?.prices[0];
  if (!offer || !price) return null;
  const [plan] = await loadPlanPrices(ctx, currency, offer.planId);
  if (!plan) return null;
  const live = offer.active && (!offer.startsAt || offer.startsAt <= ctx.now) && (!offer.endsAt || offer.endsAt > ctx.now);
  const eligible = !offer.newCustomersOnly || !viewerId || (await isNewCustomer(ctx, viewerId));
  return {
    slug: offer.slug,
    percentOff: offer.percentOff,
    plan,
    fromAmount: price.fromAmount,
    toAmount: price.toAmount,
    availability: !live ? "ENDED" : eligible ? "LIVE" : "NOT_ELIGIBLE",
  };
}
