import type { Currency, PaymentProvider as ProviderName, PlanInterval, SubscriptionStatus } from "../../../generated/prisma/enums.js";

/** A subscription as its provider holds it (refetched on every event: the provider is the truth). */
export type ProviderSubscription = {
  id: string;
  customerId: string;
  userId: string;
  planId: string;
  offerSlug: string | null;
  currency: Currency;
  /** Each renewal's amount (the first period may cost an offer's price). */
  amount: number;
  status: SubscriptionStatus;
  trialEnd: Date | null;
  currentPeriodStart: Date;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  canceledAt: Date | null;
  endedAt: Date | null;
  cancelReason: string | null;
  graceEndsAt: Date | null;
  createdAt: Date;
  card: { brand: string; last4: string } | null;
};

/** A payment taken: a subscription's invoice, or a one-time lifetime purchase (subscriptionId null). */
export type ProviderCharge = {
  id: string;
  customerId: string;
  userId: string;
  subscriptionId: string | null;
  planId: string;
  offerSlug: string | null;
  currency: Currency;
  amount: number;
  /** Interest-free instalments the card is charged in (1: at once). */
  instalments: number;
  paidAt: Date;
  refundedAmount: number;
  refundedAt: Date | null;
  card: { brand: string; last4: string } | null;
};

/** What a verified event names: the object to refetch (events are processed by refetching, so order does not matter). */
/** `none`: stored (once) but nothing to refetch, e.g. a hosted checkout of a one-time payment (its charge has events of its own). */
/** `invoice`: a paid invoice (Stripe's renewals): its charge becomes a receipt, its subscription is refetched. */
export type ProviderEvent = { id: string; type: string; object: { kind: "subscription" | "charge" | "invoice" | "none"; id: string } };

export type PlanCharge = { planId: string; interval: PlanInterval; currency: Currency; amount: number; stripePriceId: string | null };

/**
 * One interface for Stripe and the local TEST MODE provider. Amounts always come from the server's
 * plans and offers; the browser gives only a payment method id (Stripe.js or the test card form made it).
 */
export interface PaymentProvider {
  readonly name: ProviderName;
  createCustomer(input: { userId: string; email: string; currency: Currency; idempotencyKey: string }): Promise<string>;
  /** Attaches the payment method and starts the subscription; refused cards throw the commerce errors. */
  createSubscription(input: {
    customerId: string;
    userId: string;
    paymentMethodId: string;
    plan: PlanCharge;
    trialDays: number;
    offer: { slug: string; firstAmount: number } | null;
    /** Interest-free instalments for each charge (1: at once); never above maxInstalments for this provider. */
    instalments: number;
    idempotencyKey: string;
  }): Promise<{ id: string }>;
  /** A one-time payment (lifetime). */
  createPayment(input: {
    customerId: string;
    userId: string;
    paymentMethodId: string;
    plan: PlanCharge;
    amount: number;
    offerSlug: string | null;
    /** Interest-free instalments (1: at once). */
    instalments: number;
    idempotencyKey: string;
  }): Promise<{ id: string }>;
  /**
   * A hosted checkout page (Stripe Checkout): the buyer pays there and is sent back to `successUrl`;
   * the subscription or payment then arrives as events, like any other. Absent: the provider has none.
   */
  createCheckout?(input: {
    customerId: string;
    userId: string;
    plan: PlanCharge & { maxInstallments: number };
    trialDays: number;
    offer: { slug: string; firstAmount: number } | null;
    successUrl: string;
    cancelUrl: string;
    idempotencyKey: string;
  }): Promise<{ url: string }>;
  /**
   * Stripe's card element: a SetupIntent the browser confirms with Stripe.js (the card goes from the
   * browser to Stripe, 3-D Secure included); its payment method then starts the plan like any other.
   * Absent: the provider's own card form makes payment methods (the local provider).
   */
  createCardSetup?(input: { userId: string | null; idempotencyKey: string }): Promise<{ clientSecret: string }>;
  cancelSubscription(id: string, input: { atPeriodEnd: boolean; reason: string | null; idempotencyKey: string }): Promise<void>;
  resumeSubscription(id: string, idempotencyKey: string): Promise<void>;
  refundCharge(chargeId: string, idempotencyKey: string): Promise<void>;
  retrieveSubscription(id: string): Promise<ProviderSubscription>;
  retrieveCharge(id: string): Promise<ProviderCharge>;
  /**
   * A paid invoice: the subscription it belongs to and the charge that paid it (null when nothing was
   * charged, e.g. a trial's zero invoice), with the reader and plan from the subscription's metadata.
   * Absent: the provider names charges in events of their own (the local provider).
   */
  retrieveInvoice?(id: string): Promise<{ subscriptionId: string | null; charge: ProviderCharge | null }>;
  /** Verifies a webhook delivery on its raw body; throws when the signature is wrong or old. */
  verifyEvent(rawBody: string | Buffer, signature: string): ProviderEvent;
}
