import { useApolloClient } from "@apollo/client/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { CardElement, Elements, useElements, useStripe } from "@stripe/react-stripe-js";
import { loadStripe, type Stripe, type StripeElementLocale } from "@stripe/stripe-js";
import { useId, useState, type FormEvent, type ReactNode } from "react";
import { errorOf } from "../../app/errors/error-messages";
import { useLocale } from "../../app/useLocale";
import { PrepareCardSetupMutation } from "./commerce.graphql";

// Stripe's card element. The card number is typed into Stripe's own frame and sent from the browser to
// Stripe: Brevia's API makes a SetupIntent (no amount: the server decides what is bought and its price
// afterwards), Stripe.js confirms it (3-D Secure there if the bank asks), and the API gets only the
// payment method id. Loaded in its own chunk, on checkout pages only (their CSP lets Stripe.js in).

const stripes = new Map<string, Promise<Stripe | null>>();
/** One Stripe.js per key and language for the page's life (loadStripe injects the script once). */
function stripeFor(publishableKey: string, locale: StripeElementLocale) {
  const key = `${publishableKey}:${locale}`;
  if (!stripes.has(key)) stripes.set(key, loadStripe(publishableKey, { locale }));
  return stripes.get(key)!;
}

type Props = {
  publishableKey: string;
  submitLabel: string;
  /** Uses the payment method; answers an error message to show, or null when done. */
  onPaymentMethod(paymentMethodId: string): Promise<string | null>;
  children?: ReactNode;
  lead?: ReactNode;
};

const STRIPE_LOCALES = { pt: "pt-BR", en: "en", es: "es" } as const satisfies Record<string, StripeElementLocale>;

export default function StripeCardForm(props: Props) {
  const locale = STRIPE_LOCALES[useLocale()];
  return (
    <Elements stripe={stripeFor(props.publishableKey, locale)} options={{ locale }}>
      <CardElementForm {...props} />
    </Elements>
  );
}

function CardElementForm(props: Props) {
  const { t, i18n } = useLingui();
  const id = useId();
  const stripe = useStripe();
  const elements = useElements();
  const client = useApolloClient();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const failed = t`Something went wrong. Please try again.`;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const card = elements?.getElement(CardElement);
    if (!stripe || !card) return;
    const name = String(new FormData(event.currentTarget).get("name") ?? "");
    setBusy(true);
    setError(null);
    try {
      const setup = (await client.mutate({ mutation: PrepareCardSetupMutation })).data?.prepareCardSetup;
      if (setup?.__typename !== "CardSetup") {
        setError(setup ? errorOf(i18n, setup) : failed);
        return;
      }
      const result = await stripe.confirmCardSetup(setup.clientSecret, { payment_method: { card, billing_details: { name } } });
      if (result.error) {
        // Stripe's own message, in the page's language (Elements' locale): a declined card says so as Stripe does.
        const fromStripe = result.error.type === "card_error" || result.error.type === "validation_error";
        setError(fromStripe && result.error.message ? result.error.message : failed);
        return;
      }
      const method = result.setupIntent.payment_method;
      if (!method) return setError(failed);
      setError(await props.onPaymentMethod(typeof method === "string" ? method : method.id));
    } catch {
      setError(failed);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      className="card-form card-form--stripe"
      onSubmit={(event) => void submit(event)}
      aria-describedby={error ? `${id}-error` : undefined}
    >
      {props.lead}
      <fieldset>
        <legend>
          <Trans>Payment details</Trans>
        </legend>
        <label htmlFor={`${id}-name`}>{t`Name on the card`}</label>
        <input id={`${id}-name`} name="name" autoComplete="cc-name" required />
        <span id={`${id}-card`} className="card-form__label">{t`Card`}</span>
        {/* Stripe's frame: number, expiry and security code, labelled inside the frame by Stripe. */}
        <div className="card-form__element" role="group" aria-labelledby={`${id}-card`}>
          <CardElement options={{ hidePostalCode: true }} />
        </div>
      </fieldset>
      {props.children}
      {error && (
        <p id={`${id}-error`} className="form-error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="button" disabled={busy || !stripe}>
        {props.submitLabel}
      </button>
    </form>
  );
}
