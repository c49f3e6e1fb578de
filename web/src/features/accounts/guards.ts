import { redirect, type LoaderFunctionArgs } from "react-router-dom";
import type { Apollo } from "../../app/apollo";
import { localizePath, splitLocale } from "@brevia/routes";
import { SessionViewerQuery } from "./accounts.graphql";

type Loader = (args: LoaderFunctionArgs) => unknown;

/** The signed-in reader (from the cache when it has them), or null for a visitor. */
export async function currentViewer({ client }: Apollo) {
  const { data } = await client.query({ query: SessionViewerQuery });
  return data?.viewer ?? null;
}

/**
 * ensureAuthenticated: a visitor is sent (302) to /login in the page's language, with `next` set to
 * where they were going; a signed-in reader gets the page. On the server this is the page's status.
 */
export function ensureAuthenticated(apollo: Apollo, loader?: Loader): Loader {
  return async (args) => {
    if (!(await currentViewer(apollo))) {
      const url = new URL(args.request.url);
      const { locale, path } = splitLocale(url.pathname);
      throw redirect(`${localizePath(locale, "/login")}?next=${encodeURIComponent(path + url.search)}`);
    }
    return loader ? loader(args) : null;
  };
}

/** ensureUnauthenticated: a signed-in reader is sent away from /login and /signup (to `next`, or home); a visitor gets the page. */
export function ensureUnauthenticated(apollo: Apollo, loader?: Loader): Loader {
  return async (args) => {
    if (await currentViewer(apollo)) {
      const url = new URL(args.request.url);
      const { locale } = splitLocale(url.pathname);
      // Loaded when needed (a signed-in reader on /login or /signup), not with the app: the home page's
      // JavaScript stays within its budget.
      const { safeRedirectPath } = await import("@brevia/routes/safe-redirect");
      throw redirect(localizePath(locale, safeRedirectPath(url.searchParams.get("next")) ?? "/"));
    }
    return loader ? loader(args) : null;
  };
}
