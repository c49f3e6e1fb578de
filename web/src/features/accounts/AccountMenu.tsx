import { useQuery } from "@apollo/client/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "react-router-dom";
import { useLocalizedPath } from "../../app/useLocale";
import { SessionViewerQuery } from "./accounts.graphql";

/**
 * The wide header's account control: log in / sign up for a visitor; the reader's library, email (to
 * their settings) and "Log out". Phones have PhoneAccountMenu instead. Its code loads apart from the
 * header's (app/shell/deferred-shell.tsx), so the header hands it the log-out.
 */
export function AccountMenu({ signOut, signingOut }: { signOut(): void; signingOut: boolean }) {
  const { t } = useLingui();
  const localize = useLocalizedPath();
  const { data } = useQuery(SessionViewerQuery);
  const viewer = data?.viewer;

  if (!viewer) {
    return (
      <nav className="account-menu" aria-label={t`Account`}>
        <Link to={localize("/login")}>
          <Trans>Log in</Trans>
        </Link>
        <Link className="button button--small" to={localize("/signup")}>
          <Trans>Sign up</Trans>
        </Link>
      </nav>
    );
  }
  return (
    <nav className="account-menu" aria-label={t`Account`}>
      <Link to={localize("/library")}>
        <Trans>Library</Trans>
      </Link>
      <Link to={localize("/settings")} className="account-menu__email">
        {viewer.email}
      </Link>
      <button type="button" className="button button--small" onClick={signOut} disabled={signingOut}>
        <Trans>Log out</Trans>
      </button>
    </nav>
  );
}
