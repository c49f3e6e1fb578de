import { defineError } from "../../schema/errors.js";

/** Unknown, expired, used-up or already redeemed by this reader: one answer for all (no code probing). */
export const InvalidCodeError = defineError(
  "InvalidCodeError",
  "INVALID_CODE",
  "Please enter a valid code",
  "the voucher code is unknown, expired, used up, or this reader already redeemed it.",
);

export const CardDeclinedError = defineError(
  "CardDeclinedError",
  "CARD_DECLINED",
  "Your card was declined.",
  "the card issuer declined the card.",
);

export const InsufficientFundsError = defineError(
  "InsufficientFundsError",
  "INSUFFICIENT_FUNDS",
  "Your card has insufficient funds.",
  "the card was declined for insufficient funds.",
);

export const PaymentFailedError = defineError(
  "PaymentFailedError",
  "PAYMENT_FAILED",
  "The payment could not be completed.",
  "the payment provider refused the payment method for another reason (expired, incorrect number or code).",
);

export const AlreadySubscribedError = defineError(
  "AlreadySubscribedError",
  "ALREADY_SUBSCRIBED",
  "You already have a subscription.",
  "the reader already has a live subscription or a lifetime plan.",
);

export const OfferUnavailableError = defineError(
  "OfferUnavailableError",
  "OFFER_UNAVAILABLE",
  "This offer is not available.",
  "the plan or offer does not exist, is not live, or this reader may not take it.",
);

export const NoSubscriptionError = defineError(
  "NoSubscriptionError",
  "NO_SUBSCRIPTION",
  "You have no subscription to change.",
  "the reader has no subscription in a state that allows this change.",
);

export const TestClockUnavailableError = defineError(
  "TestClockUnavailableError",
  "TEST_CLOCK_UNAVAILABLE",
  "The test clock exists only with the local test provider, in development and tests.",
  "the test clock is off (production, or Stripe is configured).",
);

export const InstalmentsUnavailableError = defineError(
  "InstalmentsUnavailableError",
  "INSTALMENTS_UNAVAILABLE",
  "This plan cannot be paid in that many instalments.",
  "the plan, its currency or the payment provider does not offer that many instalments (see PlanPrice.instalmentPlans).",
);

export const CheckoutUnavailableError = defineError(
  "CheckoutUnavailableError",
  "CHECKOUT_UNAVAILABLE",
  "The hosted checkout is not available: pay with the card form.",
  "the payment provider has no hosted checkout (the local TEST MODE provider: use its card form).",
);
