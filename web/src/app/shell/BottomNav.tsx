import { useQuery } from "@apollo/client/react";
import { Trans, useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { Link, useLocation } from "react-router-dom";
import { SessionViewerQuery } from "../../features/accounts/accounts.graphql";
import { useLocalizedPath } from "../useLocale";

/**
 * The phones' thumb navigation (≤ 480 px; wider screens hide it): Discover, Search, Library and
 * Account for a reader, Discover, Search and Log in for a visitor, the current one marked with
 * aria-current. Fixed to the bottom above the safe area; the page and the toasts keep clear of it,
 * and the player's mini bar sits on it (styles.css, "The dock"). Its icons are in the stylesheet
 * (`data-icon`), which the home page's JavaScript budget does not count.
 */
export function BottomNav() {
  const { t } = useLingui();
  const localize = useLocalizedPath();
  const { pathname } = useLocation();
  const { data } = useQuery(SessionViewerQuery);
  const tab = (path: string, icon: string, label: ReactNode, section = false) => {
    const to = localize(path);
    const current = pathname === to || (section && pathname.startsWith(`${to}/`));
    return (
      <li>
        <Link to={to} data-icon={icon} aria-current={current ? "page" : undefined}>
          {label}
        </Link>
      </li>
    );
  };
  return (
    <nav className="bottom-nav" aria-label={t`Main`}>
      <ul>
        {tab("/", "discover", <Trans>Discover</Trans>)}
        {tab("/search", "search", <Trans>Search</Trans>)}
        {data?.viewer ? (
          <>
            {tab("/library", "library", <Trans>Library</Trans>, true)}
            {tab("/settings", "account", <Trans>Account</Trans>)}
          </>
        ) : (
          tab("/login", "log-in", <Trans>Log in</Trans>)
        )}
      </ul>
    </nav>
  );
}
