import { useApolloClient } from "@apollo/client/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { errorMessage, errorOf } from "../../app/errors/error-messages";
import { useLocale } from "../../app/useLocale";
import { RedeemVoucherMutation } from "./commerce.graphql";
import { formatDate } from "./money";

/** A voucher code for the signed-in reader: premium for its days (or for good), once per reader and code. */
export function VoucherForm() {
  const { t, i18n } = useLingui();
  const locale = useLocale();
  const client = useApolloClient();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // A visitor who typed a code before signing up comes back with it (read in the browser only).
  useEffect(() => {
    const fromLink = new URLSearchParams(window.location.search).get("code");
    if (fromLink && input.current && !input.current.value) input.current.value = fromLink;
  }, []);
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const code = String(new FormData(event.currentTarget).get("code") ?? "");
    setError(null);
    setDone(null);
    if (!code.trim()) {
      setError(errorMessage(i18n, "INVALID_CODE"));
      return;
    }
    setBusy(true);
    try {
      const answer = (await client.mutate({ mutation: RedeemVoucherMutation, variables: { code } })).data?.redeemVoucher;
      const failed = answer ? errorOf(i18n, answer) : t`Something went wrong. Please try again.`;
      if (failed) setError(failed);
      else if (answer && "premiumUntil" in answer)
        setDone(
          answer.premiumUntil
            ? t`Code accepted: you are Premium until ${formatDate(locale, answer.premiumUntil as string)}.`
            : t`Code accepted: you are Premium for good.`,
        );
    } finally {
      setBusy(false);
    }
  }
  return (
    <form className="voucher-form" onSubmit={(event) => void submit(event)} noValidate>
      <label htmlFor={`${id}-code`}>{t`Code`}</label>
      <input
        id={`${id}-code`}
        name="code"
        ref={input}
        autoComplete="off"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {error && (
        <p id={`${id}-error`} className="form-error" role="alert">
          {error}
        </p>
      )}
      {done && (
        <p role="status" className="form-notice">
          {done}
        </p>
      )}
      <button type="submit" className="button" disabled={busy}>
        <Trans>Activate code</Trans>
      </button>
    </form>
  );
}
