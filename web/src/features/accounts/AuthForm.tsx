import { useApolloClient } from "@apollo/client/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useId, useRef, useState, type FormEvent, type MouseEvent } from "react";
import { Link, useNavigate, useSearchParams } from "react-router-dom";
import { writeLocaleCookie } from "../../app/locale-cookie";
import { localizePath } from "@brevia/routes";
import { useLocale, useLocalizedPath } from "../../app/useLocale";
import { formErrorsOf, unexpectedError, type FieldErrors } from "../../app/errors/error-messages";
import { safeRedirectPath } from "@brevia/routes/safe-redirect";
import { LogInMutation, SignUpMutation } from "./auth.graphql";

/**
 * The log-in and sign-up form: visible labels, native controls (keyboard alone works), errors tied
 * to their field (aria-describedby, aria-invalid) and announced (role="alert"); focus moves to the
 * first problem. On success the whole cache is refetched as the signed-in reader and the reader goes
 * on where they were going (`next`), or home: after a log-in in the account's interface language, which
 * this browser then remembers (the locale cookie), as it would after choosing it in the settings.
 */
export function AuthForm({ mode }: { mode: "logIn" | "signUp" }) {
  const { t, i18n } = useLingui();
  const client = useApolloClient();
  const navigate = useNavigate();
  const localize = useLocalizedPath();
  const pageLocale = useLocale();
  const [params] = useSearchParams();
  const next = safeRedirectPath(params.get("next"));
  const id = useId();
  const [errors, setErrors] = useState<FieldErrors<"email" | "password">>({});
  const [busy, setBusy] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const formErrorRef = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    if (errors.email) emailRef.current?.focus();
    else if (errors.password) passwordRef.current?.focus();
    else if (errors.form) formErrorRef.current?.focus();
  }, [errors]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const variables = { email: String(form.get("email") ?? ""), password: String(form.get("password") ?? "") };
    setBusy(true);
    try {
      const logIn = mode === "logIn" ? (await client.mutate({ mutation: LogInMutation, variables })).data?.logIn : undefined;
      const answer = mode === "logIn" ? logIn : (await client.mutate({ mutation: SignUpMutation, variables })).data?.signUp;
      if (!answer) throw new Error("No answer");
      const found = formErrorsOf(i18n, answer, ["email", "password"] as const);
      setErrors(found ?? {});
      if (found) return;
      // Everything cached so far was a visitor's answer.
      await client.resetStore();
      // A new reader starts with the onboarding (/welcome), which ends where they were going, or home.
      const destination = mode === "logIn" ? (next ?? "/") : next ? `/welcome?next=${encodeURIComponent(next)}` : "/welcome";
      // A new account speaks the page's language; an existing one its own, remembered on this browser too.
      const saved = logIn?.__typename === "AuthSession" ? logIn.viewer.interfaceLanguage : null;
      const locale = saved ?? pageLocale;
      if (saved) writeLocaleCookie(saved);
      await navigate(localizePath(locale, destination), { replace: true });
    } catch {
      setErrors({ form: unexpectedError(i18n) });
    } finally {
      setBusy(false);
    }
  }

  const describedBy = (field: "email" | "password", hint?: string) =>
    [errors[field] ? `${id}-${field}-error` : null, hint].filter(Boolean).join(" ") || undefined;
  const other = localize(mode === "logIn" ? "/signup" : "/login");
  // The server renders (and caches, for visitors) the page by its path alone, so nothing taken from
  // the query string is in its HTML: the link carries `next` on when followed in the browser.
  const followOther = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!next || event.metaKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    void navigate(`${other}?next=${encodeURIComponent(next)}`);
  };

  return (
    <form className="auth-form" method="post" noValidate onSubmit={(e) => void submit(e)} aria-busy={busy}>
      <p className="auth-form__error" role="alert" tabIndex={-1} ref={formErrorRef}>
        {errors.form ?? ""}
      </p>
      <div className="field">
        <label htmlFor={`${id}-email`}>
          <Trans>Email</Trans>
        </label>
        <input
          ref={emailRef}
          id={`${id}-email`}
          name="email"
          type="email"
          autoComplete={mode === "logIn" ? "username" : "email"}
          required
          aria-invalid={errors.email ? true : undefined}
          aria-describedby={describedBy("email")}
        />
        {errors.email && (
          <p className="field__error" id={`${id}-email-error`} role="alert">
            {errors.email}
          </p>
        )}
      </div>
      <div className="field">
        <label htmlFor={`${id}-password`}>
          <Trans>Password</Trans>
        </label>
        <input
          ref={passwordRef}
          id={`${id}-password`}
          name="password"
          type="password"
          autoComplete={mode === "logIn" ? "current-password" : "new-password"}
          required
          minLength={mode === "signUp" ? 6 : undefined}
          aria-invalid={errors.password ? true : undefined}
          aria-describedby={describedBy("password", mode === "signUp" ? `${id}-password-hint` : undefined)}
        />
        {mode === "signUp" && (
          <p className="field__hint" id={`${id}-password-hint`}>
            <Trans>At least 6 characters.</Trans>
          </p>
        )}
        {errors.password && (
          <p className="field__error" id={`${id}-password-error`} role="alert">
            {errors.password}
          </p>
        )}
      </div>
      <button className="button" type="submit" disabled={busy}>
        {mode === "logIn" ? t`Log in` : t`Create account`}
      </button>
      {mode === "logIn" && (
        <p className="auth-form__switch">
          <Link to={localize("/forgot-password")}>{t`Forgot your password?`}</Link>
        </p>
      )}
      <p className="auth-form__switch">
        {mode === "logIn" ? (
          <>
            <Trans>New to Brevia?</Trans>{" "}
            <Link to={other} onClick={followOther}>
              {t`Create an account`}
            </Link>
          </>
        ) : (
          <>
            <Trans>Already have an account?</Trans>{" "}
            <Link to={other} onClick={followOther}>
              {t`Log in`}
            </Link>
          </>
        )}
      </p>
    </form>
  );
}
