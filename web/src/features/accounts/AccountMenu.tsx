import { useApolloClient, useMutation, useQuery } from "@apollo/client/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { Link, useNavigate } from "react-router-dom";
import { useLocalizedPath } from "../../app/useLocale";
import { useToast } from "../../app/shell/toasts";
import { LogOutMutation, SessionViewerQuery } from "./accounts.graphql";

/** The header's account control: log in / sign up for a visitor; the reader's email and "Log out". */
export function AccountMenu() {
  const { t } = useLingui();
  const localize = useLocalizedPath();
  const navigate = useNavigate();
  const client = useApolloClient();
  const toast = useToast();
  const { data } = useQuery(SessionViewerQuery);
  const [logOut, { loading }] = useMutation(LogOutMutation);
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
  async function signOut() {
    try {
      await logOut();
      // Everything cached was the reader's: refetch as a visitor, and leave pages that need a session.
      await client.resetStore();
      await navigate(localize("/"));
    } catch {
      // Written here, not taken from the error registry: the header is on every page's first load, the
      // registry's catalogue is not (page-catalogues.ts). The same message, so one translation.
      toast.show(t`Something went wrong. Please try again.`, "error");
    }
  }
  return (
    <nav className="account-menu" aria-label={t`Account`}>
      <Link to={localize("/settings")} className="account-menu__email">
        {viewer.email}
      </Link>
      <button type="button" className="button button--small" onClick={() => void signOut()} disabled={loading}>
        <Trans>Log out</Trans>
      </button>
    </nav>
  );
}
