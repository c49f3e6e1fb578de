import { Trans } from "@lingui/react/macro";
import { Link } from "react-router-dom";
import { useLocalizedPath } from "../../app/useLocale";

/**
 * For a reader whose account has no password (made by social login): the email and password pages
 * would ask for a current password they never had. A mailed "Forgot your password?" link proves the
 * email and sets one.
 */
export function NoPasswordYet() {
  const localize = useLocalizedPath();
  return (
    <div className="auth-form" role="note" aria-labelledby="no-password-title">
      <h2 id="no-password-title">
        <Trans>Your account has no password yet</Trans>
      </h2>
      <p>
        <Trans>
          You sign in with Google, Apple or Facebook. To set a password, ask for a link on the “Forgot your password?” page: we will email
          it to you, and from then on you can also log in with your email and that password.
        </Trans>
      </p>
      <p className="auth-form__switch">
        <Link to={localize("/forgot-password")}>
          <Trans>Forgot your password?</Trans>
        </Link>
      </p>
    </div>
  );
}
