import { useApolloClient, useQuery } from "@apollo/client/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { Link } from "react-router-dom";
import { PageHead } from "../../app/PageHead";
import { useLocalizedPath } from "../../app/useLocale";
import { CredentialForm } from "../../features/accounts/CredentialForm";
import { formErrorsOf } from "../../app/errors/error-messages";
import { ChangePasswordMutation } from "../../features/accounts/credentials.graphql";
import { useNewPasswordFields } from "../../features/accounts/password-fields";
import { SessionViewerQuery } from "../../features/accounts/accounts.graphql";
import { NoPasswordYet } from "../../features/accounts/NoPasswordYet";

/**
 * /new-password-internal (ensureAuthenticated): a new password, with the current one. Other devices are
 * signed out. A reader with no password (social login) is told how to get one instead.
 */
export function Component() {
  const { t, i18n } = useLingui();
  const client = useApolloClient();
  const localize = useLocalizedPath();
  const [notice, setNotice] = useState<string | null>(null);
  const newPasswordFields = useNewPasswordFields();
  // The signed-in reader, as the guard put them in the cache.
  const { data } = useQuery(SessionViewerQuery, { fetchPolicy: "cache-first" });
  return (
    <section className="auth-page" aria-labelledby="change-password-title">
      <PageHead title={t`Change your password · Brevia`} description={t`Choose a new password for your Brevia account.`} />
      <h1 id="change-password-title">
        <Trans>Change your password</Trans>
      </h1>
      {data?.viewer?.hasPassword === false ? (
        <NoPasswordYet />
      ) : (
        <CredentialForm
          fields={[
            { name: "currentPassword", label: t`Current password`, type: "password", autoComplete: "current-password" },
            ...newPasswordFields,
          ]}
          submitLabel={t`Save new password`}
          notice={notice}
          onSubmit={async ({ currentPassword, password, passwordConfirmation }) => {
            setNotice(null);
            const variables = { currentPassword: currentPassword!, password: password!, passwordConfirmation: passwordConfirmation! };
            const answer = (await client.mutate({ mutation: ChangePasswordMutation, variables })).data?.changePassword;
            if (!answer) throw new Error("No answer");
            const errors = formErrorsOf(i18n, answer, ["currentPassword", "password", "passwordConfirmation"]);
            if (!errors) setNotice(t`Your password was changed. Your other devices were signed out.`);
            return errors;
          }}
        >
          <p className="auth-form__switch">
            <Link to={localize("/forgot-password")}>{t`Forgot your password?`}</Link>
          </p>
        </CredentialForm>
      )}
    </section>
  );
}
