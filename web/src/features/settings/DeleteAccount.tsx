import { useApolloClient, useMutation } from "@apollo/client/react";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useRef, useState, type FormEvent } from "react";
import { useNavigate } from "react-router-dom";
import { useToast } from "../../app/shell/toasts";
import { useLocalizedPath } from "../../app/useLocale";
import { formErrorsOf, unexpectedError } from "../../app/errors/error-messages";
import { DeleteAccountMutation } from "./settings.graphql";
import { TextField } from "./TextField";

const DELETED = msg`Your account and your data have been deleted.`;

/**
 * Deleting the account for good: the reader confirms with their password, or, when the account has
 * none (made by social login), by typing its email address. Then they are signed out, land on the
 * home page, and are told it is done.
 */
export function DeleteAccount({ viewer }: { viewer: { hasPassword: boolean } }) {
  const { t, i18n } = useLingui();
  const client = useApolloClient();
  const navigate = useNavigate();
  const localize = useLocalizedPath();
  const toast = useToast();
  const [remove, { loading }] = useMutation(DeleteAccountMutation);
  const [error, setError] = useState("");
  const confirmationRef = useRef<HTMLInputElement>(null);
  const field = viewer.hasPassword ? "password" : "email";

  function fail(message: string) {
    setError(message);
    confirmationRef.current?.focus();
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const confirmation = String(new FormData(event.currentTarget).get(field) ?? "");
    if (!confirmation.trim()) return fail(viewer.hasPassword ? t`Please enter your password.` : t`Please enter your email address.`);
    try {
      const answer = (await remove({ variables: { [field]: confirmation } })).data?.deleteAccount;
      if (!answer) throw new Error("No answer");
      // One field: its message, or the form's (a wrong password or email, too many attempts).
      const errors = formErrorsOf(i18n, answer, [field]);
      if (errors) return fail(errors[field] ?? errors.form ?? unexpectedError(i18n));
      // Everything cached was the reader's: refetch as a visitor, on the home page.
      await client.resetStore();
      await navigate(localize("/"), { replace: true });
      toast.show(i18n._(DELETED));
    } catch {
      fail(unexpectedError(i18n));
    }
  }

  return (
    <section className="settings-section settings-section--danger" aria-labelledby="delete-title">
      <h2 id="delete-title">
        <Trans>Delete your account</Trans>
      </h2>
      <p id="delete-warning">
        <Trans>
          This deletes your account and your personal data for good: profile, devices, reading and onboarding answers. It cannot be undone.
          Download your data first if you want a copy.
        </Trans>
      </p>
      <form className="settings-form" noValidate onSubmit={(e) => void submit(e)} aria-busy={loading} aria-describedby="delete-warning">
        {viewer.hasPassword ? (
          <TextField
            key="password"
            ref={confirmationRef}
            label={t`Your password, to confirm`}
            name="password"
            type="password"
            autoComplete="current-password"
            required
            error={error}
          />
        ) : (
          <TextField
            key="email"
            ref={confirmationRef}
            label={t`Type your email address to confirm`}
            name="email"
            type="email"
            autoComplete="off"
            hint={t`Your account has no password: you sign in with Google, Apple or Facebook.`}
            required
            error={error}
          />
        )}
        <button className="button button--danger" type="submit" disabled={loading}>
          <Trans>Delete my account</Trans>
        </button>
      </form>
    </section>
  );
}
