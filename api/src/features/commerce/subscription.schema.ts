import { randomUUID } from "node:crypto";
import { z } from "zod";
import { builder, type SignedInContext } from "../../builder.js";
import { InputValidationError } from "../../schema/errors.js";
import { routePath } from "@brevia/routes";
import { appLink } from "../accounts/mail/account-mail.js";
import { RateLimitedError } from "../accounts/rate-limits.js";
import { cancelPlan, liveSubscription, resumePlan, startHostedCheckout, startPlan } from "./checkout.js";
import {
  AlreadySubscribedError,
  CardDeclinedError,
  CheckoutUnavailableError,
  InstalmentsUnavailableError,
  InsufficientFundsError,
  NoSubscriptionError,
  OfferUnavailableError,
  PaymentFailedError,
  TestClockUnavailableError,
} from "./commerce.errors.js";
import { CurrencyEnum } from "./commerce.schema.js";
import { instalments } from "./money.js";

const SubscriptionStatusEnum = builder.enumType("SubscriptionStatus", {
  description: "TRIALING, ACTIVE and PAST_DUE (a grace period while the card is retried) keep access; CANCELED and UNPAID end it.",
  values: ["TRIALING", "ACTIVE", "PAST_DUE", "CANCELED", "UNPAID", "INCOMPLETE"] as const,
});
const PaymentProviderEnum = builder.enumType("PaymentProvider", { values: ["LOCAL", "STRIPE"] as const });

const CommerceSettingsRef = builder
  .objectRef<{ provider: "LOCAL" | "STRIPE"; stripePublishableKey: string | null; testClock: boolean }>("CommerceSettings")
  .implement({
    description: "How checkout pages take cards: the local provider (TEST MODE: no real payment) or Stripe.",
    fields: (t) => ({
      provider: t.expose("provider", { type: PaymentProviderEnum }),
      testMode: t.boolean({
        description: "No real money moves: every checkout screen says TEST MODE.",
        resolve: (s) => s.provider === "LOCAL",
      }),
      stripePublishableKey: t.exposeString("stripePublishableKey", { nullable: true }),
      testClock: t.exposeBoolean("testClock", { description: "advanceTestClock works (development and tests only)." }),
    }),
  });

builder.prismaObject("Subscription", {
  // "Subscription" is GraphQL's root type name for subscriptions.
  name: "PremiumSubscription",
  description: "The reader's subscription (or lifetime plan) as the payment provider last said.",
  select: { id: true },
  fields: (t) => ({
    planId: t.exposeString("planId", { description: "annual, monthly or lifetime." }),
    status: t.expose("status", { type: SubscriptionStatusEnum }),
    currency: t.expose("currency", { type: CurrencyEnum }),
    amount: t.exposeInt("amount", { description: "What each renewal costs, in minor units." }),
    trialEndsAt: t.expose("trialEndsAt", { type: "DateTime", nullable: true }),
    currentPeriodEnd: t.expose("currentPeriodEnd", { type: "DateTime", nullable: true, description: "Null: lifetime." }),
    cancelAtPeriodEnd: t.exposeBoolean("cancelAtPeriodEnd", {
      description: "Cancelled: access lasts to currentPeriodEnd (the trial's end in a trial), nothing more is charged.",
    }),
    graceEndsAt: t.expose("graceEndsAt", { type: "DateTime", nullable: true, description: "PAST_DUE: access lasts until then." }),
    endedAt: t.expose("endedAt", { type: "DateTime", nullable: true }),
    nextChargeAt: t.field({
      type: "DateTime",
      nullable: true,
      description: "When the next charge is taken (the trial's end in a trial); null when none is coming.",
      select: { status: true, cancelAtPeriodEnd: true, currentPeriodEnd: true },
      resolve: (s) => (!s.cancelAtPeriodEnd && (s.status === "TRIALING" || s.status === "ACTIVE") ? s.currentPeriodEnd : null),
    }),
    lifetime: t.boolean({
      select: { currentPeriodEnd: true, trialEndsAt: true },
      resolve: (s) => s.currentPeriodEnd === null && s.trialEndsAt === null,
    }),
  }),
});

builder.prismaObject("Receipt", {
  description: "A payment taken (and a refund of it, if any).",
  select: { id: true },
  fields: (t) => ({
    id: t.exposeID("id"),
    planId: t.exposeString("planId"),
    currency: t.expose("currency", { type: CurrencyEnum }),
    amount: t.exposeInt("amount"),
    paidAt: t.expose("paidAt", { type: "DateTime" }),
    refundedAmount: t.exposeInt("refundedAmount"),
    refundedAt: t.expose("refundedAt", { type: "DateTime", nullable: true }),
    cardBrand: t.exposeString("cardBrand", { nullable: true }),
    cardLast4: t.exposeString("cardLast4", { nullable: true }),
    instalmentAmounts: t.intList({
      description:
        "The interest-free instalments the card is charged in, each as charged (they sum to amount); one element when paid at once.",
      select: { amount: true, instalments: true },
      resolve: (r) => instalments(r.amount, r.instalments),
    }),
  }),
});

builder.prismaObject("BillingCustomer", {
  name: "PaymentCard",
  description: "The card on file: brand and last 4 digits only (nothing more is held).",
  select: {},
  fields: (t) => ({
    brand: t.string({ select: { cardBrand: true }, resolve: (c) => c.cardBrand ?? "" }),
    last4: t.string({ select: { cardLast4: true }, resolve: (c) => c.cardLast4 ?? "" }),
  }),
});

builder.prismaObjectFields("User", (t) => ({
  subscription: t.prismaField({
    type: "Subscription",
    nullable: true,
    description: "The reader's latest subscription or lifetime plan, whatever its state; null when they never had one.",
    resolve: (query, user, _args, ctx) =>
      ctx.prisma.subscription.findFirst({ ...query, where: { userId: user.id }, orderBy: [{ createdAt: "desc" }, { id: "desc" }] }),
  }),
  receipts: t.relation("receipts", {
    query: { orderBy: [{ paidAt: "desc" }, { id: "desc" }], take: 50 },
    description: "Payments taken, newest first.",
  }),
  paymentCard: t.relation("billingCustomer", { nullable: true }),
}));

builder.queryField("commerceSettings", (t) =>
  t.field({
    type: CommerceSettingsRef,
    authScopes: { public: true },
    resolve: (_root, _args, ctx) => ({
      provider: ctx.commerce?.provider.name ?? "LOCAL",
      stripePublishableKey: ctx.commerce?.stripePublishableKey ?? null,
      testClock: ctx.commerce?.testClock ?? false,
    }),
  }),
);

function commerceOf(ctx: SignedInContext) {
  if (!ctx.commerce) throw new Error("Commerce is not running in this context");
  return ctx.commerce;
}
const buyer = (ctx: SignedInContext) => ({ userId: ctx.viewer.id, email: ctx.viewer.email, locale: ctx.locale });
const PAYMENT_ERRORS = [
  InputValidationError,
  CardDeclinedError,
  InsufficientFundsError,
  PaymentFailedError,
  AlreadySubscribedError,
  OfferUnavailableError,
  InstalmentsUnavailableError,
];
const paymentMethodId = z.string().min(1).max(255);
/** The reader's chosen count of interest-free instalments (checked against the plan and provider by startPlan). */
export const instalmentsArg = z.number().int().min(1, { message: "NOT_AN_OPTION" }).max(12, { message: "NOT_AN_OPTION" }).nullish();

const HostedCheckoutRef = builder.objectRef<{ url: string }>("HostedCheckout").implement({
  description: "The provider's hosted checkout page (Stripe Checkout): send the browser there.",
  fields: (t) => ({ url: t.exposeString("url") }),
});

const CardSetupRef = builder.objectRef<{ clientSecret: string }>("CardSetup").implement({
  description:
    "A SetupIntent for Stripe's card element: the browser confirms it with Stripe.js, then passes its payment method to startTrial, subscribe or purchaseAsVisitor.",
  fields: (t) => ({ clientSecret: t.exposeString("clientSecret") }),
});

builder.mutationFields((t) => ({
  prepareCardSetup: t.field({
    type: CardSetupRef,
    description:
      "Stripe's card element (visitors on /public/purchase and signed-in readers): a SetupIntent to confirm in the browser, so no card number reaches Brevia and 3-D Secure happens there. What is bought and its price are decided afterwards by the server. CHECKOUT_UNAVAILABLE with the local provider (its own card form makes payment methods).",
    authScopes: { public: true },
    errors: { types: [RateLimitedError, CheckoutUnavailableError] },
    resolve: async (_root, _args, ctx) => {
      const commerce = ctx.commerce;
      const createCardSetup = commerce?.provider.createCardSetup?.bind(commerce.provider);
      if (!createCardSetup) throw new CheckoutUnavailableError();
      await ctx.rateLimits.consume(["cardSetupPerIp", ctx.ip]);
      // A fresh SetupIntent each time the form is submitted; the key makes the SDK's own retries one.
      return createCardSetup({ userId: ctx.viewer?.id ?? null, idempotencyKey: `card-setup:${randomUUID()}` });
    },
  }),
  startHostedCheckout: t.withAuth({ signedIn: true }).field({
    type: HostedCheckoutRef,
    description:
      "Opens the provider's hosted checkout (Stripe Checkout) for a plan: the annual plan's trial when `trial`, an exclusive offer's price when `offerSlug` names a live one. Back to /welcome-to-knowledge when paid, to the page given when not. CHECKOUT_UNAVAILABLE with the local provider (its card form takes cards).",
    errors: { types: [...PAYMENT_ERRORS, CheckoutUnavailableError] },
    args: {
      planId: t.arg.string({ required: true }),
      offerSlug: t.arg.string({ required: false }),
      trial: t.arg.boolean({ required: false }),
      cancelPath: t.arg.string({
        required: false,
        description: "The page (unprefixed path) to come back to without paying; /settings/subscribe by default.",
      }),
    },
    validate: z.object({
      planId: z.string().max(64),
      offerSlug: z.string().max(64).nullish(),
      trial: z.boolean().nullish(),
      cancelPath: z
        .string()
        .max(200)
        .regex(/^\/(?!\/)[\w\-/]*$/, { message: "NOT_AN_OPTION" })
        .nullish(),
    }),
    resolve: (_root, args, ctx) =>
      startHostedCheckout(commerceOf(ctx), buyer(ctx), {
        planId: args.planId,
        offerSlug: args.offerSlug ?? null,
        trial: args.trial ?? false,
        now: ctx.now,
        successUrl: appLink(ctx.origin, ctx.locale, routePath("welcomeToKnowledge")),
        cancelUrl: appLink(ctx.origin, ctx.locale, args.cancelPath ?? routePath("settingsSubscribe")),
      }),
  }),
  startTrial: t.withAuth({ signedIn: true }).prismaField({
    type: "Subscription",
    description:
      "Starts the annual plan's free trial with a payment method from the provider's card form; nothing is charged until the trial ends.",
    errors: { types: PAYMENT_ERRORS },
    args: {
      paymentMethodId: t.arg.string({ required: true }),
      instalments: t.arg.int({ required: false, description: "Interest-free instalments for the charge after the trial (1 by default)." }),
    },
    validate: z.object({ paymentMethodId, instalments: instalmentsArg }),
    resolve: async (query, _root, args, ctx) => {
      const sub = await startPlan(commerceOf(ctx), buyer(ctx), {
        planId: "annual",
        offerSlug: null,
        paymentMethodId: args.paymentMethodId,
        trial: true,
        now: ctx.now,
        instalments: args.instalments ?? 1,
      });
      return ctx.prisma.subscription.findUniqueOrThrow({ ...query, where: { id: sub.id } });
    },
  }),
  subscribe: t.withAuth({ signedIn: true }).prismaField({
    type: "Subscription",
    description: "Buys a plan now (annual, monthly or lifetime), at an exclusive offer's price when `offerSlug` names a live one.",
    errors: { types: PAYMENT_ERRORS },
    args: {
      planId: t.arg.string({ required: true }),
      offerSlug: t.arg.string({ required: false }),
      paymentMethodId: t.arg.string({ required: true }),
      instalments: t.arg.int({
        required: false,
        description: "Interest-free instalments (annual and lifetime in BRL and MXN; 1 by default).",
      }),
    },
    validate: z.object({
      planId: z.string().max(64),
      offerSlug: z.string().max(64).nullish(),
      paymentMethodId,
      instalments: instalmentsArg,
    }),
    resolve: async (query, _root, args, ctx) => {
      const sub = await startPlan(commerceOf(ctx), buyer(ctx), {
        planId: args.planId,
        offerSlug: args.offerSlug ?? null,
        paymentMethodId: args.paymentMethodId,
        trial: false,
        now: ctx.now,
        instalments: args.instalments ?? 1,
      });
      return ctx.prisma.subscription.findUniqueOrThrow({ ...query, where: { id: sub.id } });
    },
  }),
  cancelSubscription: t.withAuth({ signedIn: true }).prismaField({
    type: "Subscription",
    description:
      "One-click cancel, with an optional reason. In a trial: never charged, access to the trial's end. Within 7 days of the first charge: refunded, access ends now. Otherwise: access to the period's end.",
    errors: { types: [InputValidationError, NoSubscriptionError] },
    args: { reason: t.arg.string({ required: false }) },
    validate: z.object({ reason: z.string().max(500, { message: "TOO_LONG" }).nullish() }),
    resolve: async (query, _root, args, ctx) => {
      const id = await cancelPlan(commerceOf(ctx), ctx.viewer.id, { reason: args.reason?.trim() || null, now: ctx.now });
      return ctx.prisma.subscription.findUniqueOrThrow({ ...query, where: { id } });
    },
  }),
  resumeSubscription: t.withAuth({ signedIn: true }).prismaField({
    type: "Subscription",
    description: "Takes back a cancellation before the period (or trial) ends.",
    errors: { types: [NoSubscriptionError] },
    resolve: async (query, _root, _args, ctx) => {
      const id = await resumePlan(commerceOf(ctx), ctx.viewer.id, ctx.now);
      return ctx.prisma.subscription.findUniqueOrThrow({ ...query, where: { id } });
    },
  }),
  advanceTestClock: t.withAuth({ signedIn: true }).prismaField({
    type: "Subscription",
    description: "Development and tests only (local provider): moves the reader's billing time forward by `days`, running what falls due.",
    errors: { types: [InputValidationError, TestClockUnavailableError, NoSubscriptionError] },
    args: { days: t.arg.int({ required: true }) },
    validate: z.object({ days: z.number().int().min(1).max(800) }),
    resolve: async (query, _root, args, ctx) => {
      const commerce = commerceOf(ctx);
      if (!commerce.testClock || !commerce.local) throw new TestClockUnavailableError();
      const customer = await ctx.prisma.billingCustomer.findUnique({ where: { userId: ctx.viewer.id } });
      if (!customer) throw new NoSubscriptionError();
      await commerce.local.advanceClock(customer.providerCustomerId, args.days * 86_400_000);
      await commerce.runDue();
      const sub =
        (await liveSubscription(commerce, ctx.viewer.id)) ??
        (await ctx.prisma.subscription.findFirst({ where: { userId: ctx.viewer.id }, orderBy: { createdAt: "desc" } }));
      if (!sub) throw new NoSubscriptionError();
      return ctx.prisma.subscription.findUniqueOrThrow({ ...query, where: { id: sub.id } });
    },
  }),
}));
