import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useApolloClient } from "@apollo/client/react";
import { matchRoute } from "@brevia/routes";
import { CARD_CHECKOUT_ROUTES } from "@brevia/routes/checkout-pages";
import {
  lazy,
  Suspense,
  useEffect,
  useId,
  useState,
  useSyncExternalStore,
  type ComponentProps,
  type FormEvent,
  type ReactNode,
} from "react";
import { errorOf } from "../../app/errors/error-messages";
import { StartHostedCheckoutMutation } from "./commerce.graphql";
import { TestModeBadge } from "./TestModeBadge";

// The local TEST MODE provider's card form: the number goes to the provider's endpoint, which keeps
// brand and last 4 and answers a payment method id, as Stripe.js does; Brevia's API gets only the id.

const PROVIDER_MESSAGES: Record<string, MessageDescriptor> = {
  card_declined: msg`Your card was declined.`,
  insufficient_funds: msg`Your card has insufficient funds.`,
  live_mode_test_card: msg`Your card was declined. Your request was in test mode, but used a non test card.`,
  incorrect_number: msg`Your card number is incorrect.`,
  invalid_expiry: msg`Your card's expiration date is invalid.`,
  invalid_cvc: msg`Your card's security code is invalid.`,
};

const StripeCardForm = lazy(() => import("./StripeCardForm"));
const noSubscription = () => () => undefined;

/**
 * Whether this document was loaded from a checkout page's address: only those pages' HTML carries the
 * Content-Security-Policy that lets Stripe.js in (the policy is the document's, not the route's).
 */
function documentAllowsStripe(): boolean {
  const entry = globalThis.performance?.getEntriesByType?.("navigation")[0];
  if (!entry) return true;
  const route = matchRoute(new URL(entry.name).pathname);
  return route !== null && CARD_CHECKOUT_ROUTES.includes(route.name);
}

/** Stripe's card element, in its own chunk, in the browser only (after hydration, as the server renders none). */
function LazyStripeCardForm(props: ComponentProps<typeof StripeCardForm>) {
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  const allowed = hydrated && documentAllowsStripe();
  useEffect(() => {
    // Reached by client-side navigation from a page whose policy keeps Stripe out: load this page from the server.
    if (hydrated && !allowed) window.location.reload();
  }, [hydrated, allowed]);
  if (!allowed) return null;
  return (
    <Suspense fallback={null}>
      <StripeCardForm {...props} />
    </Suspense>
  );
}

type ProviderAnswer = { id?: string; error?: { code: string; decline_code?: string } };

export function CardForm(props: {
  provider: "LOCAL" | "STRIPE";
  /** With Stripe: the card element (Stripe.js), beside the hosted Checkout. */
  stripePublishableKey?: string | null;
  submitLabel: string;
  /** Uses the payment method; answers an error message to show, or null when done. */
  onPaymentMethod(paymentMethodId: string): Promise<string | null>;
  children?: ReactNode;
  /** Fields of the order placed before the card's (the buyer's email on /public/purchase). */
  lead?: ReactNode;
  /** With Stripe: what Stripe Checkout (the hosted page) sells, for a signed-in reader; back to `cancelPath` without paying. */
  hostedCheckout?: { planId: string; offerSlug?: string | null; trial?: boolean; cancelPath: string };
}) {
  const { t, i18n } = useLingui();
  const id = useId();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const client = useApolloClient();
  if (props.provider !== "LOCAL") {
    const hosted = props.hostedCheckout;
    // Stripe Checkout: the card is typed on Stripe's page (no card number reaches Brevia), then back here.
    async function goToCheckout() {
      setBusy(true);
      setError(null);
      try {
        const answer = (
          await client.mutate({ mutation: StartHostedCheckoutMutation, variables: { ...hosted!, offerSlug: hosted!.offerSlug ?? null } })
        ).data?.startHostedCheckout;
        if (answer?.__typename === "HostedCheckout") {
          window.location.assign(answer.url);
          return;
        }
        setError(answer ? errorOf(i18n, answer) : t`Something went wrong. Please try again.`);
        setBusy(false);
      } catch {
        setError(t`Something went wrong. Please try again.`);
        setBusy(false);
      }
    }
    if (!props.stripePublishableKey && !hosted) {
      return (
        <p role="alert">
          <Trans>Card payments with Stripe are not available on this page yet.</Trans>
        </p>
      );
    }
    return (
      <>
        {props.stripePublishableKey && (
          <LazyStripeCardForm
            publishableKey={props.stripePublishableKey}
            submitLabel={props.submitLabel}
            onPaymentMethod={props.onPaymentMethod}
            lead={props.lead}
          >
            {props.children}
          </LazyStripeCardForm>
        )}
        {hosted && (
          <div className="card-form card-form--hosted">
            {error && (
              <p id={`${id}-error`} className="form-error" role="alert">
                {error}
              </p>
            )}
            <button
              type="button"
              className={props.stripePublishableKey ? "button button--secondary" : "button"}
              disabled={busy}
              onClick={() => void goToCheckout()}
            >
              {props.stripePublishableKey ? t`Pay on Stripe's page instead` : props.submitLabel}
            </button>
            <p>
              <Trans>You pay on Stripe's secure page, then come back to Brevia.</Trans>
            </p>
          </div>
        )}
      </>
    );
  }
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const [month, year] = String(form.get("expiry") ?? "")
      .split("/")
      .map((part) => Number(part.trim()));
    setBusy(true);
    setError(null);
    try {
      const response = await fetch("/test-provider/v1/payment_methods", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ number: form.get("number"), expMonth: month, expYear: year, cvc: form.get("cvc") }),
      });
      const answer = (await response.json()) as ProviderAnswer;
      if (!answer.id) {
        const code =
          answer.error?.decline_code && PROVIDER_MESSAGES[answer.error.decline_code] ? answer.error.decline_code : answer.error?.code;
        setError(i18n._(PROVIDER_MESSAGES[code ?? ""] ?? PROVIDER_MESSAGES.card_declined!));
        return;
      }
      setError(await props.onPaymentMethod(answer.id));
    } catch {
      setError(t`Something went wrong. Please try again.`);
    } finally {
      setBusy(false);
    }
  }
  return (
    <form className="card-form" onSubmit={(event) => void submit(event)} aria-describedby={error ? `${id}-error` : undefined}>
      <TestModeBadge />
      {props.lead}
      <fieldset>
        <legend>
          <Trans>Payment details</Trans>
        </legend>
        <label htmlFor={`${id}-name`}>{t`Name on the card`}</label>
        <input id={`${id}-name`} name="name" autoComplete="cc-name" required />
        <label htmlFor={`${id}-number`}>{t`Card number`}</label>
        <input id={`${id}-number`} name="number" inputMode="numeric" autoComplete="cc-number" required />
        <label htmlFor={`${id}-expiry`}>{t`Expiry date (MM/YY)`}</label>
        <input id={`${id}-expiry`} name="expiry" inputMode="numeric" autoComplete="cc-exp" placeholder="MM/YY" required />
        <label htmlFor={`${id}-cvc`}>{t`Security code`}</label>
        <input id={`${id}-cvc`} name="cvc" inputMode="numeric" autoComplete="cc-csc" required />
      </fieldset>
      {props.children}
      {error && (
        <p id={`${id}-error`} className="form-error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="button" disabled={busy}>
        {props.submitLabel}
      </button>
    </form>
  );
}
