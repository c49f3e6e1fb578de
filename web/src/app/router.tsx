import { redirect, type LoaderFunctionArgs, type RouteObject } from "react-router-dom";
import { ApolloProvider } from "@apollo/client/react";
import { I18nProvider } from "@lingui/react";
import { Outlet } from "react-router-dom";
import { apolloClient, resetForLocaleChange } from "./apollo";
import { activateLocale, i18n } from "./i18n";
import { DefaultLayout } from "./layouts/layouts";
import { browserLocale, readLocaleCookie, writeLocaleCookie } from "./locale-cookie";
import { DEFAULT_LOCALE, LOCALES, localizePath, ROUTES, type Locale, type RouteName } from "./route-table";
import { ErrorPage } from "./shell/ErrorPage";
import { ProgressBar } from "./shell/ProgressBar";
import { ToastProvider } from "./shell/toasts";
import { homeLoader } from "../routes/home/loader";
import { microbookLoader } from "../routes/microbook/loader";

/** Each route of the table: its loader (starts the query) and its lazily loaded component. */
const PAGES: Record<RouteName, Pick<RouteObject, "loader" | "lazy">> = {
  home: { loader: homeLoader, lazy: () => import("../routes/home/Home") },
  microbook: { loader: microbookLoader, lazy: () => import("../routes/microbook/MicrobookPage") },
};

/**
 * Picks the language before anything renders. First visit: the browser's language among pt, en,
 * es (pt otherwise), remembered in the i18n_redirected cookie. A visitor who chose a language and
 * comes back to the Portuguese home is sent to their language's home.
 */
export async function chooseLocale(locale: Locale, url: URL): Promise<void> {
  const remembered = readLocaleCookie();
  if (locale === DEFAULT_LOCALE) {
    const wanted = remembered ?? browserLocale() ?? DEFAULT_LOCALE;
    if (wanted !== DEFAULT_LOCALE && (!remembered || url.pathname === "/")) {
      writeLocaleCookie(wanted);
      throw redirect(localizePath(wanted, url.pathname) + url.search);
    }
  }
  if (remembered !== locale) writeLocaleCookie(locale);
  if (i18n.locale && i18n.locale !== locale) await resetForLocaleChange();
  await activateLocale(locale);
}

function Root() {
  return (
    <I18nProvider i18n={i18n}>
      <ApolloProvider client={apolloClient}>
        <ToastProvider>
          <ProgressBar />
          <Outlet />
        </ToastProvider>
      </ApolloProvider>
    </I18nProvider>
  );
}

function localeRoute(locale: Locale): RouteObject {
  const pages: RouteObject[] = (Object.keys(ROUTES) as RouteName[]).map((name) => {
    const path = ROUTES[name];
    return path === "/" ? { index: true, ...PAGES[name] } : { path: path.slice(1), ...PAGES[name] };
  });
  return {
    path: locale === DEFAULT_LOCALE ? "/" : `/${locale}`,
    id: `locale-${locale}`,
    // Middleware, not a loader: it finishes before the pages' loaders start, so their queries go out
    // in the new language and are not cut off by the cache reset of a language change.
    middleware: [
      async ({ request }: LoaderFunctionArgs) => {
        await chooseLocale(locale, new URL(request.url));
      },
    ],
    errorElement: <ErrorPage />,
    children: [
      {
        element: <DefaultLayout />,
        children: [
          ...pages,
          {
            // Any other path: the not-found page, with status 404 (the server sends 404 too).
            path: "*",
            // Never rendered: the loader throws, and the error element shows the not-found page.
            element: null,
            loader: () => {
              throw new Response("This page could not be found", { status: 404 });
            },
          },
        ],
      },
    ],
  };
}

export const routes: RouteObject[] = [{ element: <Root />, hydrateFallbackElement: <div />, children: LOCALES.map(localeRoute) }];
