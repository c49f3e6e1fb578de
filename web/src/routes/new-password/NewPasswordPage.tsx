import { useApolloClient } from "@apollo/client/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { Link, useNavigate, useParams } from "react-router-dom";
import { PageHead } from "../../app/PageHead";
import { useToast } from "../../app/shell/toasts";
import { useLocalizedPath } from "../../app/useLocale";
import { CredentialForm } from "../../features/accounts/CredentialForm";
import { formErrorsOf } from "../../app/errors/error-messages";
import { ResetPasswordMutation } from "../../features/accounts/credentials.graphql";
import { useNewPasswordFields } from "../../features/accounts/password-fields";

/** /new-password/{token}: the link of a "forgot password" email. Works signed out. */
export function Component() {
  const { t, i18n } = useLingui();
  const client = useApolloClient();
  const navigate = useNavigate();
  const localize = useLocalizedPath();
  const toast = useToast();
  const { token = "" } = useParams();
  return (
    <section className="auth-page" aria-labelledby="new-password-title">
      <PageHead title={t`Choose a new password · Brevia`} description={t`Choose a new password for your Brevia account.`} />
      <h1 id="new-password-title">
        <Trans>Choose a new password</Trans>
      </h1>
      <CredentialForm
        fields={useNewPasswordFields()}
        submitLabel={t`Save new password`}
        onSubmit={async ({ password, passwordConfirmation }) => {
          const answer = (
            await client.mutate({
              mutation: ResetPasswordMutation,
              variables: { token, password: password!, passwordConfirmation: passwordConfirmation! },
            })
          ).data?.resetPassword;
          if (!answer) throw new Error("No answer");
          const errors = formErrorsOf(i18n, answer, ["password", "passwordConfirmation"]);
          if (errors || answer.__typename !== "PasswordResetDone") return errors;
          if (answer.signedIn) {
            toast.show(t`Your password was changed.`);
            await navigate(localize("/"), { replace: true });
          } else {
            // Every session of the account ended: what was cached was a signed-in reader's.
            await client.resetStore();
            toast.show(t`Your password was changed. Log in with your new password.`);
            await navigate(localize("/login"), { replace: true });
          }
          return null;
        }}
      >
        <p className="auth-form__switch">
          <Link to={localize("/forgot-password")}>{t`Ask for a new link`}</Link>
        </p>
      </CredentialForm>
    </section>
  );
}
