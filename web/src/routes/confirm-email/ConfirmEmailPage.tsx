import { useApolloClient } from "@apollo/client/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { Link, useParams } from "react-router-dom";
import { PageHead } from "../../app/PageHead";
import { useLocalizedPath } from "../../app/useLocale";
import { errorMessage, errorOf, unexpectedError } from "../../app/errors/error-messages";
import { ConfirmEmailChangeMutation } from "../../features/accounts/credentials.graphql";

/**
 * /confirm-email/{token}: the link mailed to a new address. A button confirms it (a mail scanner
 * opening the link changes nothing). Works signed out.
 */
export function Component() {
  const { t, i18n } = useLingui();
  const client = useApolloClient();
  const localize = useLocalizedPath();
  const { token = "" } = useParams();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);

  async function confirm() {
    setBusy(true);
    try {
      const answer = (await client.mutate({ mutation: ConfirmEmailChangeMutation, variables: { token } })).data?.confirmEmailChange;
      if (answer?.__typename === "EmailChanged") {
        const email = answer.email;
        // The header shows the reader's email: refetch what is on screen.
        await client.refetchQueries({ include: "active" });
        setResult({ ok: true, message: t`Your email is now ${email}.` });
      } else {
        // EMAIL_CHANGE_FAILED: the link is unknown, expired or used, or the address was taken since.
        setResult({ ok: false, message: (answer && errorOf(i18n, answer)) ?? errorMessage(i18n, "EMAIL_CHANGE_FAILED") });
      }
    } catch {
      setResult({ ok: false, message: unexpectedError(i18n) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="auth-page" aria-labelledby="confirm-email-title">
      <PageHead title={t`Confirm your new email · Brevia`} description={t`Confirm the new email of your Brevia account.`} />
      <h1 id="confirm-email-title">
        <Trans>Confirm your new email</Trans>
      </h1>
      <p className="auth-form__error" role="alert">
        {result && !result.ok ? result.message : ""}
      </p>
      <p className="auth-form__notice" role="status">
        {result?.ok ? result.message : ""}
      </p>
      {!result?.ok && (
        <button className="button" type="button" disabled={busy} onClick={() => void confirm()}>
          {t`Confirm new email`}
        </button>
      )}
      {result?.ok && (
        <p>
          <Link to={localize("/")}>{t`Go to the home page`}</Link>
        </p>
      )}
    </section>
  );
}
