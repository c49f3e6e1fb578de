import { Trans, useLingui } from "@lingui/react/macro";
import { useId, useMemo } from "react";
import { Link } from "react-router-dom";
import { AccountMenu, PhoneAccountMenu, SearchBox } from "../shell/deferred-shell";
import { useSignOut } from "../../features/accounts/useSignOut";
import { LanguageSwitcher } from "../shell/LanguageSwitcher";
import { useLocalizedPath } from "../useLocale";

/**
 * The header. Wide screens: the brand, Discover, the search box, the languages and the account
 * control (a reader's library, settings and log out) on one row (wrapping on tablets). Phones (≤ 480 px, styles.css): one row of the brand, a
 * search button that opens the search box across the row, and the account button with its menu; the
 * main links are in the bottom bar and the languages in the account menu and the footer. Both are
 * rendered and CSS picks, so the server's page is already right for its screen (no shift). The
 * phone's search and account menu are HTML popovers: they open, close (Escape, a press outside) and
 * give the focus back to their button natively, before the scripts load too.
 */
export function Header({ minimal = false }: { minimal?: boolean }) {
  const { t } = useLingui();
  const localize = useLocalizedPath();
  const searchId = useId();
  // Here rather than in the account controls, whose code loads later (app/shell/deferred-shell.tsx).
  const { signOut, signingOut } = useSignOut();
  const languages = useMemo(() => <LanguageSwitcher landmark={false} />, []);
  return (
    <header className="site-header">
      <a className="skip-link" href="#main">
        <Trans>Skip to content</Trans>
      </a>
      <Link to={localize("/")} className="brand">
        Brevia
      </Link>
      {!minimal && (
        <nav aria-label={t`Main`} className="site-header__main wide-only">
          <Link to={localize("/")}>
            <Trans>Discover</Trans>
          </Link>
        </nav>
      )}
      {!minimal && <SearchBox popoverId={searchId} />}
      <div className="wide-only site-header__languages">
        <LanguageSwitcher />
      </div>
      <div className="wide-only site-header__account">
        <AccountMenu signOut={signOut} signingOut={signingOut} />
      </div>
      <PhoneAccountMenu languages={languages} signOut={signOut} signingOut={signingOut} />
    </header>
  );
}

export function Footer() {
  return (
    <footer className="site-footer">
      <p>
        <Trans>Brevia: the key ideas of great non-fiction, in about 12 minutes.</Trans>
      </p>
      <LanguageSwitcher landmark={false} />
      <p className="site-footer__version">v1.7.0</p>
    </footer>
  );
}
