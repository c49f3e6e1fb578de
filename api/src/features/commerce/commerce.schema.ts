import { z } from "zod";
import { builder } from "../../builder.js";
import { InputValidationError } from "../../schema/errors.js";
import { InvalidCodeError } from "./commerce.errors.js";
import { instalments, perDayUnder, perMonth } from "./money.js";
import { loadOffer, loadPlanPrices, maxInstalments, viewerCurrency, type OfferView, type PlanPriceView } from "./pricing.js";
import type { Context } from "../../context.js";

const providerOf = (ctx: Pick<Context, "commerce">) => ctx.commerce?.provider.name ?? "LOCAL";

const InstalmentPlanRef = builder.objectRef<{ count: number; amounts: number[] }>("InstalmentPlan").implement({
  description: "One way to pay a price: `count` interest-free instalments, each as it will be charged (they sum to the price).",
  fields: (t) => ({ count: t.exposeInt("count"), amounts: t.exposeIntList("amounts") }),
});
/** Every count from 1 (at once) to the most this provider offers for the plan. */
const instalmentPlans = (amount: number, max: number) =>
  Array.from({ length: max }, (_, i) => ({ count: i + 1, amounts: instalments(amount, i + 1) }));
import { redeemVoucher } from "./vouchers.js";

export const CurrencyEnum = builder.enumType("Currency", { values: ["BRL", "USD", "MXN"] as const });
export const PlanIntervalEnum = builder.enumType("PlanInterval", { values: ["YEAR", "MONTH", "LIFETIME"] as const });

export const PlanPriceRef = builder.objectRef<PlanPriceView>("PlanPrice").implement({
  description: "A plan at its price in one currency. Amounts are minor units (cents); the server charges exactly these.",
  fields: (t) => ({
    planId: t.exposeString("planId", { description: "annual, monthly or lifetime." }),
    interval: t.expose("interval", { type: PlanIntervalEnum }),
    trialDays: t.exposeInt("trialDays", { description: "Free days before the first charge when started as a trial (0: none)." }),
    currency: t.expose("currency", { type: CurrencyEnum }),
    amount: t.exposeInt("amount"),
    listAmount: t.exposeInt("listAmount", { nullable: true, description: "The crossed-out price it is shown against, if any." }),
    perMonthAmount: t.int({
      nullable: true,
      description: "A yearly price per month, truncated to the cent (R$299.00 → 2491); null for other plans.",
      resolve: (p) => (p.interval === "YEAR" ? perMonth(p.amount) : null),
    }),
    perDayUnderAmount: t.int({
      nullable: true,
      description:
        "A yearly price per day (365) is under this, in minor units, so copy saying so is true (US$79.90 → 22: under US$0.22 a day); null for other plans.",
      resolve: (p) => (p.interval === "YEAR" ? perDayUnder(p.amount) : null),
    }),
    instalmentAmounts: t.intList({
      description: "The most interest-free instalments offered, each as it will be charged (they sum to amount); one element when none.",
      resolve: (p, _args, ctx) => instalments(p.amount, maxInstalments(providerOf(ctx), p)),
    }),
    instalmentPlans: t.field({
      type: [InstalmentPlanRef],
      description: "The instalment counts a reader may choose at checkout (1 to the most offered), each as it will be charged.",
      resolve: (p, _args, ctx) => instalmentPlans(p.amount, maxInstalments(providerOf(ctx), p)),
    }),
    instalmentsOnlyWithoutSubscription: t.boolean({
      description:
        "True when the catalogue offers this plan in instalments but the provider cannot split a subscription's charge (Stripe: instalments are for one-time payments only), so it is paid at once.",
      resolve: (p, _args, ctx) => maxInstalments("LOCAL", p) > 1 && maxInstalments(providerOf(ctx), p) === 1,
    }),
    trialEndsIfStartedNow: t.field({
      type: "DateTime",
      nullable: true,
      description: "When a trial started now would end (the first charge's date); null without a trial.",
      resolve: (p, _args, ctx) => (p.trialDays > 0 ? new Date(ctx.now.getTime() + p.trialDays * 86_400_000) : null),
    }),
  }),
});

const OfferAvailabilityEnum = builder.enumType("OfferAvailability", {
  values: {
    LIVE: { description: "The viewer may take it now." },
    ENDED: { description: "Not live (switched off, not started or ended)." },
    NOT_ELIGIBLE: { description: "For new customers, and the viewer has paid or subscribes." },
  } as const,
});

const ExclusiveOfferRef = builder.objectRef<OfferView>("ExclusiveOffer").implement({
  description: "A discount offer (/exclusive-offer/{slug}) in the viewer's currency, with its own from and to prices.",
  fields: (t) => ({
    slug: t.exposeString("slug"),
    percentOff: t.exposeInt("percentOff"),
    plan: t.field({ type: PlanPriceRef, resolve: (o) => o.plan }),
    fromAmount: t.exposeInt("fromAmount"),
    toAmount: t.exposeInt("toAmount"),
    perMonthAmount: t.int({ nullable: true, resolve: (o) => (o.plan.interval === "YEAR" ? perMonth(o.toAmount) : null) }),
    instalmentAmounts: t.intList({ resolve: (o, _args, ctx) => instalments(o.toAmount, maxInstalments(providerOf(ctx), o.plan)) }),
    instalmentPlans: t.field({
      type: [InstalmentPlanRef],
      description: "The instalment counts a reader may choose for the offer's price, each as it will be charged.",
      resolve: (o, _args, ctx) => instalmentPlans(o.toAmount, maxInstalments(providerOf(ctx), o.plan)),
    }),
    availability: t.expose("availability", { type: OfferAvailabilityEnum }),
  }),
});

builder.queryFields((t) => ({
  pricing: t.field({
    type: [PlanPriceRef],
    description: "The plans on sale in the viewer's currency: a customer's own, else the interface language's (pt BRL, en USD, es MXN).",
    authScopes: { public: true },
    resolve: async (_root, _args, ctx) => loadPlanPrices(ctx, await viewerCurrency(ctx)),
  }),
  exclusiveOffer: t.field({
    type: ExclusiveOfferRef,
    nullable: true,
    description: "A discount offer by its slug (exclusiveOfferGuard: null when unknown; availability says whether the viewer may take it).",
    authScopes: { public: true },
    args: { slug: t.arg.string({ required: true }) },
    validate: z.object({ slug: z.string().max(64) }),
    resolve: async (_root, args, ctx) =>
      loadOffer(ctx, { slug: args.slug, currency: await viewerCurrency(ctx), viewerId: ctx.viewer?.id ?? null }),
  }),
}));

const VoucherRedeemed = builder.objectRef<{ premiumUntil: Date | null }>("VoucherRedeemed").implement({
  description: "The code was accepted: the reader is premium until premiumUntil (null: for good).",
  fields: (t) => ({ premiumUntil: t.expose("premiumUntil", { type: "DateTime", nullable: true }) }),
});

builder.mutationField("redeemVoucher", (t) =>
  t.withAuth({ signedIn: true }).field({
    type: VoucherRedeemed,
    description: "Redeems a voucher code for the signed-in reader: days of premium or a plan's window. Once per reader and code.",
    errors: { types: [InputValidationError, InvalidCodeError] },
    args: { code: t.arg.string({ required: true }) },
    validate: z.object({ code: z.string().max(64, { message: "TOO_LONG" }) }),
    resolve: (_root, args, ctx) => redeemVoucher(ctx.prisma, { userId: ctx.viewer.id, code: args.code, now: ctx.now }),
  }),
);
