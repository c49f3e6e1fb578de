import { useApolloClient, useQuery } from "@apollo/client/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { Link } from "react-router-dom";
import { PageHead } from "../../app/PageHead";
import { useLocalizedPath } from "../../app/useLocale";
import { CredentialForm } from "../../features/accounts/CredentialForm";
import { errorMessage, formErrorsOf } from "../../app/errors/error-messages";
import { UpdateProfileMutation } from "../../features/accounts/credentials.graphql";
import { useNewPasswordFields } from "../../features/accounts/password-fields";
import { SessionViewerQuery } from "../../features/accounts/accounts.graphql";
import { NoPasswordYet } from "../../features/accounts/NoPasswordYet";

const FIELDS = ["newEmail", "password", "passwordConfirmation", "currentPassword"];

/**
 * /update-profile (ensureAuthenticated): a new email and/or a new password, confirmed with the
 * current password. A new email is mailed a link and changes when the link is followed. A reader with
 * no password (social login) has nothing to confirm with: they are told how to get one instead.
 */
export function Component() {
  const { t, i18n } = useLingui();
  const client = useApolloClient();
  const localize = useLocalizedPath();
  // The signed-in reader, as the layout's loader put them in the cache (the guard checked them too).
  const { data } = useQuery(SessionViewerQuery, { fetchPolicy: "cache-first" });
  const [notice, setNotice] = useState<string | null>(null);
  const newPasswordFields = useNewPasswordFields();
  const email = data?.viewer?.email ?? "";
  return (
    <section className="auth-page" aria-labelledby="update-profile-title">
      <PageHead title={t`Email and password · Brevia`} description={t`Change the email and the password you log in to Brevia with.`} />
      <h1 id="update-profile-title">
        <Trans>Email and password</Trans>
      </h1>
      <p className="update-profile__current">
        <Trans>
          Your email: <strong>{email}</strong>
        </Trans>
      </p>
      {data?.viewer?.hasPassword === false ? (
        <NoPasswordYet />
      ) : (
        <CredentialForm
          fields={[
            { name: "newEmail", label: t`New email`, type: "email", autoComplete: "email", required: false },
            ...newPasswordFields.map((field) => ({ ...field, required: false })),
            {
              name: "currentPassword",
              label: t`Current password`,
              type: "password",
              autoComplete: "current-password",
              hint: t`Needed to change your email or password.`,
            },
          ]}
          submitLabel={t`Save`}
          notice={notice}
          onSubmit={async ({ newEmail, password, passwordConfirmation, currentPassword }) => {
            setNotice(null);
            const variables = {
              newEmail: newEmail || null,
              password: password || null,
              passwordConfirmation: passwordConfirmation || null,
              currentPassword: currentPassword!,
            };
            const answer = (await client.mutate({ mutation: UpdateProfileMutation, variables })).data?.updateProfile;
            if (!answer) throw new Error("No answer");
            const errors = formErrorsOf(i18n, answer, FIELDS);
            if (errors || answer.__typename !== "ProfileUpdated") return errors;
            // The same email again and no new password: nothing changed.
            if (!answer.emailConfirmationSentTo && !answer.passwordChanged) {
              return { newEmail: errorMessage(i18n, "NOTHING_TO_UPDATE", { field: "newEmail" }) };
            }
            const said: string[] = [];
            const sentTo = answer.emailConfirmationSentTo;
            if (sentTo) said.push(t`We sent a link to ${sentTo}. Your email changes when you follow it.`);
            if (answer.passwordChanged) said.push(t`Your password was changed. Your other devices were signed out.`);
            setNotice(said.join(" "));
            return null;
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
