import { useApolloClient } from "@apollo/client/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { Link } from "react-router-dom";
import { PageHead } from "../../app/PageHead";
import { useLocalizedPath } from "../../app/useLocale";
import { CredentialForm } from "../../features/accounts/CredentialForm";
import { formErrorsOf } from "../../app/errors/error-messages";
import { RequestPasswordResetMutation } from "../../features/accounts/credentials.graphql";

/** /forgot-password: mails a link to set a new password. The same answer whether or not the email has an account. */
export function Component() {
  const { t, i18n } = useLingui();
  const client = useApolloClient();
  const localize = useLocalizedPath();
  const [notice, setNotice] = useState<string | null>(null);
  return (
    <section className="auth-page" aria-labelledby="forgot-title">
      <PageHead title={t`Forgot your password? · Brevia`} description={t`Get an email with a link to choose a new Brevia password.`} />
      <h1 id="forgot-title">
        <Trans>Forgot your password?</Trans>
      </h1>
      <p>
        <Trans>Enter your account's email and we will send you a link to choose a new password.</Trans>
      </p>
      <CredentialForm
        fields={[{ name: "email", label: t`Email`, type: "email", autoComplete: "email" }]}
        submitLabel={t`Send link`}
        notice={notice}
        onSubmit={async ({ email }) => {
          setNotice(null);
          const answer = (await client.mutate({ mutation: RequestPasswordResetMutation, variables: { email: email! } })).data
            ?.requestPasswordReset;
          if (!answer) throw new Error("No answer");
          const errors = formErrorsOf(i18n, answer, ["email"]);
          if (!errors) setNotice(t`If the email exists on our database, you'll receive an email to continue.`);
          return errors;
        }}
      >
        <p className="auth-form__switch">
          <Link to={localize("/login")}>{t`Back to log in`}</Link>
        </p>
      </CredentialForm>
    </section>
  );
}
