import Stripe from "stripe";
import type { Currency, SubscriptionStatus } from "../../../generated/prisma/enums.js";
import { CardDeclinedError, InsufficientFundsError, PaymentFailedError } from "../commerce.errors.js";
import { GRACE_DAYS } from "../subscription-state.js";
import type { PaymentProvider, ProviderCharge, ProviderEvent, ProviderSubscription } from "./provider.js";

// Stripe behind the one provider interface. The browser makes the PaymentMethod with Stripe.js (no card
// number reaches Brevia); amounts are the server's plans and offers; every write carries an idempotency key.

const STATUS: Record<Stripe.Subscription.Status, SubscriptionStatus> = {
  trialing: "TRIALING",
  active: "ACTIVE",
  past_due: "PAST_DUE",
  canceled: "CANCELED",
  unpaid: "UNPAID",
  incomplete: "INCOMPLETE",
  incomplete_expired: "INCOMPLETE",
  paused: "INCOMPLETE",
};
const at = (seconds: number | null | undefined) => (seconds ? new Date(seconds * 1000) : null);
const card = (pm: string | Stripe.PaymentMethod | null | undefined) =>
  pm && typeof pm === "object" && pm.card ? { brand: pm.card.brand, last4: pm.card.last4 } : null;

/** Stripe's refusals as the app's coded errors (the reader sees the provider's meaning in their language). */
async function refusals<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof Stripe.errors.StripeCardError) {
      if (error.decline_code === "insufficient_funds") throw new InsufficientFundsError();
      if (error.code === "card_declined") throw new CardDeclinedError();
      throw new PaymentFailedError();
    }
    // A payment method id Stripe never issued (or of another account): the client's value, not our failure.
    if (
      error instanceof Stripe.errors.StripeInvalidRequestError &&
      error.code === "resource_missing" &&
      (/payment_method/.test(error.param ?? "") || /^No such PaymentMethod/.test(error.message))
    ) {
      throw new PaymentFailedError();
    }
    throw error;
  }
}

export function createStripeProvider(config: {
  secretKey: string;
  webhookSecret: string;
  api?: { host: string; port: number; protocol: "http" | "https" };
}): PaymentProvider {
  const stripe = new Stripe(config.secretKey, { ...(config.api ?? {}), maxNetworkRetries: config.api ? 0 : 2 });

  async function attach(customerId: string, paymentMethodId: string, key: string) {
    await refusals(() => stripe.paymentMethods.attach(paymentMethodId, { customer: customerId }, { idempotencyKey: `${key}:attach` }));
    await stripe.customers.update(
      customerId,
      { invoice_settings: { default_payment_method: paymentMethodId } },
      { idempotencyKey: `${key}:default` },
    );
  }

  /** Offers are coupons for the first period, their amount from the offer's own price. */
  async function offerCoupon(planAmount: number, offer: { slug: string; firstAmount: number }, currency: string) {
    const amountOff = planAmount - offer.firstAmount;
    const id = `brevia-${offer.slug}-${currency}-${amountOff}`;
    try {
      await stripe.coupons.create(
        { id, amount_off: amountOff, currency, duration: "once", name: offer.slug },
        { idempotencyKey: `coupon:${id}` },
      );
    } catch (error) {
      if (!(error instanceof Stripe.errors.StripeInvalidRequestError && error.code === "resource_already_exists")) throw error;
    }
    return id;
  }

  /**
   * A charge as a receipt's facts. A lifetime payment carries the reader and plan in its own metadata;
   * a subscription's charge (the first invoice, every renewal) does not: they come from the invoice it
   * paid (the subscription's metadata, snapshotted on the invoice), found through its PaymentIntent,
   * and the reader, failing that, from the customer's metadata (set when Brevia made the customer).
   */
  async function chargeFacts(id: string, paid: Stripe.Invoice | null): Promise<ProviderCharge> {
    const c = await stripe.charges.retrieve(id);
    let invoice = paid;
    if (!invoice && !c.metadata.userId && c.payment_intent) {
      const intent = typeof c.payment_intent === "string" ? c.payment_intent : c.payment_intent.id;
      const payments = await stripe.invoicePayments.list({ payment: { type: "payment_intent", payment_intent: intent }, limit: 1 });
      const invoiceId = payments.data[0]?.invoice;
      if (invoiceId) invoice = await stripe.invoices.retrieve(typeof invoiceId === "string" ? invoiceId : invoiceId.id);
    }
    const details = invoice?.parent?.subscription_details;
    const sub = details?.subscription;
    const metadata = { ...(details?.metadata ?? {}), ...c.metadata };
    const customerId = typeof c.customer === "string" ? c.customer : (c.customer?.id ?? "");
    let userId = metadata.userId ?? "";
    if (!userId && customerId) {
      const customer = await stripe.customers.retrieve(customerId);
      userId = ("deleted" in customer && customer.deleted ? "" : (customer as Stripe.Customer).metadata.userId) ?? "";
    }
    const card = c.payment_method_details?.card;
    return {
      id: c.id,
      customerId,
      userId,
      subscriptionId: sub ? (typeof sub === "string" ? sub : sub.id) : metadata.subscriptionId || null,
      planId: metadata.planId ?? "",
      offerSlug: metadata.offerSlug || null,
      currency: c.currency.toUpperCase() as Currency,
      amount: c.amount,
      instalments: card?.installments?.plan?.count ?? 1,
      paidAt: new Date(c.created * 1000),
      refundedAmount: c.amount_refunded,
      refundedAt: c.amount_refunded > 0 ? new Date() : null,
      card: card ? { brand: card.brand ?? "card", last4: card.last4 ?? "" } : null,
    };
  }

  return {
    name: "STRIPE",

    async createCheckout(input) {
      const currency = input.plan.currency.toLowerCase();
      const lifetime = input.plan.interval === "LIFETIME";
      const metadata = { userId: input.userId, planId: input.plan.planId, offerSlug: input.offer?.slug ?? "" };
      const lineItem: Stripe.Checkout.SessionCreateParams.LineItem = lifetime
        ? // Lifetime: a one-time payment at the offer's price, else the plan's.
          {
            quantity: 1,
            price_data: { currency, unit_amount: input.offer?.firstAmount ?? input.plan.amount, product: `brevia-${input.plan.planId}` },
          }
        : input.plan.stripePriceId
          ? { quantity: 1, price: input.plan.stripePriceId }
          : {
              quantity: 1,
              price_data: {
                currency,
                unit_amount: input.plan.amount,
                product: `brevia-${input.plan.planId}`,
                recurring: { interval: input.plan.interval === "YEAR" ? "year" : "month" },
              },
            };
      // Card instalments where Stripe offers them (one-time payments in Brazil and Mexico).
      const installments =
        lifetime && input.plan.maxInstallments > 1 && (currency === "brl" || currency === "mxn")
          ? { payment_method_options: { card: { installments: { enabled: true } } } }
          : {};
      const session = await stripe.checkout.sessions.create(
        {
          mode: lifetime ? "payment" : "subscription",
          customer: input.customerId,
          client_reference_id: input.userId,
          line_items: [lineItem],
          success_url: input.successUrl,
          cancel_url: input.cancelUrl,
          metadata,
          ...(lifetime
            ? { payment_intent_data: { metadata }, ...installments }
            : {
                subscription_data: { metadata, ...(input.trialDays > 0 ? { trial_period_days: input.trialDays } : {}) },
                ...(input.offer ? { discounts: [{ coupon: await offerCoupon(input.plan.amount, input.offer, currency) }] } : {}),
              }),
        },
        { idempotencyKey: input.idempotencyKey },
      );
      if (!session.url) throw new Error("Stripe Checkout answered no URL");
      return { url: session.url };
    },
    async createCardSetup(input) {
      // No customer yet (a visitor on /public/purchase has none): the payment method is attached to the
      // customer when the plan starts. off_session: renewals are charged without the reader present.
      const intent = await stripe.setupIntents.create(
        { allowed_payment_method_types: ["card"], usage: "off_session", metadata: { userId: input.userId ?? "" } },
        { idempotencyKey: input.idempotencyKey },
      );
      if (!intent.client_secret) throw new Error("Stripe answered a SetupIntent without a client secret");
      return { clientSecret: intent.client_secret };
    },

    async createCustomer(input) {
      const customer = await stripe.customers.create(
        { email: input.email, metadata: { userId: input.userId, currency: input.currency } },
        { idempotencyKey: input.idempotencyKey },
      );
      return customer.id;
    },

    async createSubscription(input) {
      await attach(input.customerId, input.paymentMethodId, input.idempotencyKey);
      const currency = input.plan.currency.toLowerCase();
      const discounts: Stripe.SubscriptionCreateParams.Discount[] = [];
      if (input.offer) discounts.push({ coupon: await offerCoupon(input.plan.amount, input.offer, currency) });
      const item: Stripe.SubscriptionCreateParams.Item = input.plan.stripePriceId
        ? { price: input.plan.stripePriceId }
        : {
            price_data: {
              currency,
              unit_amount: input.plan.amount,
              product: `brevia-${input.plan.planId}`,
              recurring: { interval: input.plan.interval === "YEAR" ? "year" : "month" },
            },
          };
      const sub = await refusals(() =>
        stripe.subscriptions.create(
          {
            customer: input.customerId,
            items: [item],
            default_payment_method: input.paymentMethodId,
            ...(input.trialDays > 0 ? { trial_period_days: input.trialDays } : {}),
            ...(discounts.length ? { discounts } : {}),
            payment_behavior: "error_if_incomplete",
            metadata: { userId: input.userId, planId: input.plan.planId, offerSlug: input.offer?.slug ?? "" },
          },
          { idempotencyKey: input.idempotencyKey },
        ),
      );
      return { id: sub.id };
    },

    async createPayment(input) {
      await attach(input.customerId, input.paymentMethodId, input.idempotencyKey);
      const intent = await refusals(() =>
        stripe.paymentIntents.create(
          {
            amount: input.amount,
            currency: input.plan.currency.toLowerCase(),
            customer: input.customerId,
            payment_method: input.paymentMethodId,
            confirm: true,
            automatic_payment_methods: { enabled: true, allow_redirects: "never" },
            // The reader's chosen count, set on this confirmation (Stripe takes the plan only when confirming).
            ...(input.instalments > 1
              ? {
                  payment_method_options: {
                    card: { installments: { plan: { type: "fixed_count", count: input.instalments, interval: "month" } } },
                  },
                }
              : {}),
            metadata: { userId: input.userId, planId: input.plan.planId, offerSlug: input.offerSlug ?? "" },
          },
          { idempotencyKey: input.idempotencyKey },
        ),
      );
      if (intent.status !== "succeeded" || !intent.latest_charge) throw new PaymentFailedError();
      return { id: typeof intent.latest_charge === "string" ? intent.latest_charge : intent.latest_charge.id };
    },

    async cancelSubscription(id, input) {
      const details = input.reason ? { cancellation_details: { comment: input.reason.slice(0, 500) } } : {};
      if (input.atPeriodEnd)
        await stripe.subscriptions.update(id, { cancel_at_period_end: true, ...details }, { idempotencyKey: input.idempotencyKey });
      else await stripe.subscriptions.cancel(id, details, { idempotencyKey: input.idempotencyKey });
    },

    async resumeSubscription(id, idempotencyKey) {
      await stripe.subscriptions.update(id, { cancel_at_period_end: false }, { idempotencyKey });
    },

    async refundCharge(chargeId, idempotencyKey) {
      await stripe.refunds.create({ charge: chargeId }, { idempotencyKey });
    },

    async retrieveSubscription(id): Promise<ProviderSubscription> {
      const s = await stripe.subscriptions.retrieve(id, { expand: ["default_payment_method"] });
      const item = s.items.data[0];
      const periodEnd = at(item?.current_period_end);
      const status = STATUS[s.status] ?? "INCOMPLETE";
      return {
        id: s.id,
        customerId: typeof s.customer === "string" ? s.customer : s.customer.id,
        userId: s.metadata.userId ?? "",
        planId: s.metadata.planId ?? "",
        offerSlug: s.metadata.offerSlug || null,
        currency: s.currency.toUpperCase() as Currency,
        amount: item?.price.unit_amount ?? 0,
        status,
        trialEnd: at(s.trial_end),
        currentPeriodStart: at(item?.current_period_start) ?? new Date(s.created * 1000),
        currentPeriodEnd: periodEnd,
        cancelAtPeriodEnd: s.cancel_at_period_end,
        canceledAt: at(s.canceled_at),
        endedAt: at(s.ended_at),
        cancelReason: s.cancellation_details?.comment ?? null,
        graceEndsAt: status === "PAST_DUE" && periodEnd ? new Date(periodEnd.getTime() + GRACE_DAYS * 86_400_000) : null,
        createdAt: new Date(s.created * 1000),
        card: card(s.default_payment_method),
      };
    },

    retrieveCharge: (id) => chargeFacts(id, null),

    async retrieveInvoice(id) {
      const invoice = await stripe.invoices.retrieve(id);
      const sub = invoice.parent?.subscription_details?.subscription;
      const subscriptionId = sub ? (typeof sub === "string" ? sub : sub.id) : null;
      if (invoice.amount_paid <= 0) return { subscriptionId, charge: null };
      const payments = await stripe.invoicePayments.list({ invoice: id, status: "paid", limit: 1 });
      const payment = payments.data[0]?.payment;
      let chargeId = payment?.charge ? (typeof payment.charge === "string" ? payment.charge : payment.charge.id) : null;
      if (!chargeId && payment?.payment_intent) {
        const intentId = typeof payment.payment_intent === "string" ? payment.payment_intent : payment.payment_intent.id;
        const latest = (await stripe.paymentIntents.retrieve(intentId)).latest_charge;
        chargeId = latest ? (typeof latest === "string" ? latest : latest.id) : null;
      }
      return { subscriptionId, charge: chargeId ? await chargeFacts(chargeId, invoice) : null };
    },

    verifyEvent(rawBody, signature): ProviderEvent {
      const event = stripe.webhooks.constructEvent(rawBody, signature, config.webhookSecret);
      const object = event.data.object as {
        id: string;
        object: string;
        subscription?: string;
        parent?: { subscription_details?: { subscription?: string } };
      };
      if (object.object === "charge") return { id: event.id, type: event.type, object: { kind: "charge", id: object.id } };
      if (object.object === "checkout.session" && object.subscription) {
        // A hosted checkout that made a subscription: applied by refetching it (a payment's charge has events of its own).
        return { id: event.id, type: event.type, object: { kind: "subscription", id: object.subscription } };
      }
      if (object.object === "checkout.session") return { id: event.id, type: event.type, object: { kind: "none", id: object.id } };
      if (object.object === "invoice" && (event.type === "invoice.paid" || event.type === "invoice.payment_succeeded")) {
        // A paid invoice (a subscription's first charge or a renewal): its charge is a receipt for the subscription's reader.
        return { id: event.id, type: event.type, object: { kind: "invoice", id: object.id } };
      }
      if (object.object === "invoice") {
        // An invoice event is applied by refetching the subscription it belongs to.
        const sub = object.parent?.subscription_details?.subscription ?? object.subscription;
        if (sub) return { id: event.id, type: event.type, object: { kind: "subscription", id: sub } };
      }
      return { id: event.id, type: event.type, object: { kind: "subscription", id: object.id } };
    },
  };
}
