import { useApolloClient, useMutation } from "@apollo/client/react";
import { useLingui } from "@lingui/react/macro";
import { useCallback } from "react";
import { useNavigate } from "react-router-dom";
import { useLocalizedPath } from "../../app/useLocale";
import { useToast } from "../../app/shell/toasts";
import { LogOutMutation } from "./accounts.graphql";

/**
 * Log out: the session ends, the cache is the visitor's again, and the reader is taken home. The
 * function stays the same between renders (the header hands it to controls that hydrate later).
 */
export function useSignOut() {
  const { t } = useLingui();
  const localize = useLocalizedPath();
  const navigate = useNavigate();
  const client = useApolloClient();
  const toast = useToast();
  const [logOut, { loading }] = useMutation(LogOutMutation);
  const signOut = useCallback(async () => {
    try {
      await logOut();
    } catch {
      // Written here, not taken from the error registry: the header is on every page's first load, the
      // registry's catalogue is not (page-catalogues.ts). The same message, so one translation.
      toast.show(t`Something went wrong. Please try again.`, "error");
      return;
    }
    // Leave pages that need a session before refetching: as a visitor, their queries would fail.
    await navigate(localize("/"));
    // Everything cached was the reader's: what is on screen is fetched again as a visitor. A query that
    // fails there shows its own error; the session has ended either way, so it is not a failed log-out.
    await client.resetStore().catch(() => undefined);
  }, [logOut, client, navigate, localize, toast, t]);
  return { signOut: useCallback(() => void signOut(), [signOut]), signingOut: loading };
}
