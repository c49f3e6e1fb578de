import { useQuery } from "@apollo/client/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { useId, type ReactNode } from "react";
import { Link } from "react-router-dom";
import { useLocalizedPath } from "../../app/useLocale";
import { SessionViewerQuery } from "./accounts.graphql";

/**
 * The phone header's account button and its menu: a reader's email, library, settings, the languages
 * and "Log out"; a visitor's "Log in", "Sign up" and the languages. An HTML popover: the button opens
 * and closes it with the keyboard too, Escape and a press outside close it, and the browser gives the
 * focus back to the button. A link followed from it closes it (the router does not load a new page).
 * Its code loads apart from the app's (app/shell/phone-shell.tsx), so what the header already has
 * comes as props rather than imports (a module both use would be split into a chunk of its own).
 */
export function PhoneAccountMenu({ languages, signOut, signingOut }: { languages: ReactNode; signOut(): void; signingOut: boolean }) {
  const { t } = useLingui();
  const localize = useLocalizedPath();
  const id = useId();
  const { data } = useQuery(SessionViewerQuery);
  const viewer = data?.viewer;
  const item = (path: string, label: ReactNode) => (
    <li>
      <Link to={localize(path)}>{label}</Link>
    </li>
  );

  return (
    <>
      <button type="button" popoverTarget={id} className="icon-button phone-only" data-icon="account" aria-label={t`Account`} />
      <div
        id={id}
        popover="auto"
        className="phone-account"
        onClick={(event) => {
          if ((event.target as Element).closest("a[href]")) event.currentTarget.hidePopover();
        }}
      >
        {viewer && <p className="phone-account__email">{viewer.email}</p>}
        <nav aria-label={t`Account`}>
          <ul className="phone-account__links">
            {viewer ? item("/library", <Trans>Library</Trans>) : item("/login", <Trans>Log in</Trans>)}
            {viewer ? item("/settings", <Trans>Settings</Trans>) : item("/signup", <Trans>Sign up</Trans>)}
          </ul>
        </nav>
        {languages}
        {viewer && (
          <button
            type="button"
            className="button phone-account__log-out"
            disabled={signingOut}
            popoverTarget={id}
            popoverTargetAction="hide"
            onClick={signOut}
          >
            <Trans>Log out</Trans>
          </button>
        )}
      </div>
    </>
  );
}
