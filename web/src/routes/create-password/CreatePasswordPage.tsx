import { useApolloClient } from "@apollo/client/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { Link, useNavigate, useParams } from "react-router-dom";
import { PageHead } from "../../app/PageHead";
import { useToast } from "../../app/shell/toasts";
import { useLocalizedPath } from "../../app/useLocale";
import { CredentialForm } from "../../features/accounts/CredentialForm";
import { formErrorsOf } from "../../app/errors/error-messages";
import { CreatePasswordMutation } from "../../features/accounts/credentials.graphql";
import { useNewPasswordFields } from "../../features/accounts/password-fields";

/** /create-password/{token}: the first password of an account made by a purchase or a voucher; then signed in. */
export function Component() {
  const { t, i18n } = useLingui();
  const client = useApolloClient();
  const navigate = useNavigate();
  const localize = useLocalizedPath();
  const toast = useToast();
  const { token = "" } = useParams();
  return (
    <section className="auth-page" aria-labelledby="create-password-title">
      <PageHead title={t`Create your password · Brevia`} description={t`Create the password of your Brevia account to log in.`} />
      <h1 id="create-password-title">
        <Trans>Create your password</Trans>
      </h1>
      <CredentialForm
        fields={useNewPasswordFields()}
        submitLabel={t`Create password`}
        onSubmit={async ({ password, passwordConfirmation }) => {
          const answer = (
            await client.mutate({
              mutation: CreatePasswordMutation,
              variables: { token, password: password!, passwordConfirmation: passwordConfirmation! },
            })
          ).data?.createPassword;
          if (!answer) throw new Error("No answer");
          const errors = formErrorsOf(i18n, answer, ["password", "passwordConfirmation"]);
          if (errors) return errors;
          // Signed in now: everything cached was a visitor's answer.
          await client.resetStore();
          toast.show(t`Your password was created. Welcome to Brevia!`);
          await navigate(localize("/"), { replace: true });
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
