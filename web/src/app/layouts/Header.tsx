import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "react-router-dom";
import { SearchBox } from "../../features/search/SearchBox";
import { AccountMenu } from "../../features/accounts/AccountMenu";
import { LanguageSwitcher } from "../shell/LanguageSwitcher";
import { useLocalizedPath } from "../useLocale";

export function Header({ minimal = false }: { minimal?: boolean }) {
  const { t } = useLingui();
  const localize = useLocalizedPath();
  return (
    <header className="site-header">
      <a className="skip-link" href="#main">
        <Trans>Skip to content</Trans>
      </a>
      <Link to={localize("/")} className="brand">
        Brevia
      </Link>
      {!minimal && (
        <nav aria-label={t`Main`}>
          <Link to={localize("/")}>
            <Trans>Discover</Trans>
          </Link>
        </nav>
      )}
      {!minimal && <SearchBox />}
      <LanguageSwitcher />
      <AccountMenu />
    </header>
  );
}

export function Footer() {
  return (
    <footer className="site-footer">
      <p>
        <Trans>Brevia: the key ideas of great non-fiction, in about 12 minutes.</Trans>
      </p>
      <p className="site-footer__version">v1.7.0</p>
    </footer>
  );
}
