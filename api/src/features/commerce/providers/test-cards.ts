/**
 * The local provider's test cards (Stripe's numbers and messages, so a switch to Stripe changes
 * nothing the reader sees). Any other number is refused as a real card in test mode.
 */
export type CardBehaviour = "succeeds" | "declined" | "insufficient_funds" | "charges_fail";

const TEST_CARDS: Record<string, { brand: string; behaviour: CardBehaviour }> = {
  "4242424242424242": { brand: "visa", behaviour: "succeeds" },
  "5555555555554444": { brand: "mastercard", behaviour: "succeeds" },
  "4000000000000002": { brand: "visa", behaviour: "declined" },
  "4000000000009995": { brand: "visa", behaviour: "insufficient_funds" },
  // Attaches, then every charge fails: renewals go past due (dunning).
  "4000000000000341": { brand: "visa", behaviour: "charges_fail" },
};

export type CardError = {
  code: "card_declined" | "incorrect_number" | "invalid_expiry" | "invalid_cvc";
  declineCode?: string;
  message: string;
};

const luhn = (digits: string) =>
  [...digits].reverse().reduce((sum, d, i) => {
    const n = Number(d) * (i % 2 ? 2 : 1);
    return sum + (n > 9 ? n - 9 : n);
  }, 0) %
    10 ===
  0;

/** Checks a card as a provider's card form would; returns what the provider keeps (brand, last 4) or its error. */
export function checkTestCard(
  input: { number: string; expMonth: number; expYear: number; cvc: string },
  now: Date,
): { ok: true; brand: string; last4: string; behaviour: CardBehaviour } | { ok: false; error: CardError } {
  const number = input.number.replace(/[\s-]/g, "");
  if (!/^\d{12,19}$/.test(number) || !luhn(number))
    return { ok: false, error: { code: "incorrect_number", message: "Your card number is incorrect." } };
  const year = input.expYear < 100 ? 2000 + input.expYear : input.expYear;
  const endOfMonth = Date.UTC(year, input.expMonth, 1);
  if (!(input.expMonth >= 1 && input.expMonth <= 12) || endOfMonth <= now.getTime())
    return { ok: false, error: { code: "invalid_expiry", message: "Your card's expiration date is invalid." } };
  if (!/^\d{3,4}$/.test(input.cvc)) return { ok: false, error: { code: "invalid_cvc", message: "Your card's security code is invalid." } };
  const card = TEST_CARDS[number];
  if (!card)
    return {
      ok: false,
      error: {
        code: "card_declined",
        declineCode: "live_mode_test_card",
        message: "Your card was declined. Your request was in test mode, but used a non test card.",
      },
    };
  return { ok: true, brand: card.brand, last4: number.slice(-4), behaviour: card.behaviour };
}
