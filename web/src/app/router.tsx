import type { I18n } from "@lingui/core";
import type { ReactNode } from "react";
import { ApolloProvider } from "@apollo/client/react";
import { I18nProvider } from "@lingui/react";
import { Outlet, type LoaderFunctionArgs, type RouteObject } from "react-router-dom";
import type { Apollo } from "./apollo";
import { DefaultLayout } from "./layouts/layouts";
import {
  DEFAULT_LOCALE,
  LOCALES,
  ROUTE_NAMES,
  ROUTE_TABLE,
  matchRoute,
  splitLocale,
  type Locale,
  type RouteDeclaration,
  type RouteName,
} from "@brevia/routes";
import { ErrorPage } from "./shell/deferred-error-page";
import { ProgressBar } from "./shell/ProgressBar";
import { RouteAnnouncer } from "./shell/RouteAnnouncer";
import { PlayerHost } from "./shell/deferred-shell";
import { ToastProvider } from "./shell/toasts";
import { homeLoader } from "../routes/home/loader";
import { microbookLoader } from "../routes/microbook/loader";
import { currentViewer, ensureAuthenticated, ensureUnauthenticated } from "../features/accounts/guards";
import { withCatalogues } from "./page-catalogues";

/** What the routes need from where they run: the browser's (one per tab) or the server's (one per request). */
export type RouteDeps = {
  apollo: Apollo;
  i18n: I18n;
  /** Picks the page's language before its loaders run; may throw a redirect. */
  chooseLocale(locale: Locale, url: URL): Promise<void>;
  /**
   * Awaited before a page's own loader (the browser: a new task), so the layout's loader and the
   * page's read the restored cache in short tasks of their own, not one long one at start-up.
   */
  beforePageLoader?: () => Promise<void>;
};

type Loader = (args: LoaderFunctionArgs) => unknown;

/**
 * A loader whose code (and its queries' documents) loads when its route is first visited, so the home
 * page's JavaScript does not carry every page's documents. Home and microbook, the landing pages, keep theirs.
 */
function deferred(load: () => Promise<Loader>): Loader {
  let loader: Promise<Loader> | undefined;
  return async (args) => {
    loader ??= load().catch((error: unknown) => {
      loader = undefined; // a failed chunk is fetched again on the next visit
      throw error;
    });
    return (await loader)(args);
  };
}

/** Each route of the table: the loader that starts its query (if any) and its lazily loaded component. */
function pages(apollo: Apollo, i18n: I18n): Record<RouteName, { loader?: Loader; lazy: RouteObject["lazy"] }> {
  // /login and /signup: the social login buttons' providers.
  const socialLogin = () => deferred(() => import("../features/accounts/social-login.loader").then((m) => m.socialLoginLoader(apollo)));
  // /welcome and its steps.
  const onboarding = (name: "welcomeAnswersLoader" | "welcomeRecommendedLoader") =>
    deferred(() => import("../routes/welcome/loader").then((m) => m[name](apollo)));
  // The commerce pages and their queries, in one chunk (features/commerce/pages.ts).
  const commercePages = () => import("../features/commerce/pages");
  const commerce = (page: Exclude<keyof typeof import("../features/commerce/pages"), "loaderOf">) => ({
    loader: deferred(() => commercePages().then((m) => m.loaderOf(page, apollo))),
    lazy: () => commercePages().then((m) => m[page]),
  });
  // A page whose module exports its loader too (`pageLoader`): one chunk, one import, the fewest bytes
  // in this table (it ships with the home page, at its budget).
  const pageWithLoader = (load: () => Promise<{ pageLoader: (apollo: Apollo) => Loader; Component: () => ReactNode }>) => ({
    loader: deferred(() => load().then((m) => m.pageLoader(apollo))),
    lazy: load as RouteObject["lazy"],
  });
  return {
    home: { loader: homeLoader(apollo), lazy: () => import("../routes/home/Home") },
    microbook: { loader: microbookLoader(apollo, i18n), lazy: () => import("../routes/microbook/MicrobookPage") },
    // Its loader lives in the page's module: one chunk to name here, not two.
    reader: {
      loader: deferred(() => import("../routes/reader/ReaderPage").then((m) => m.readerLoader(apollo))),
      lazy: () => import("../routes/reader/ReaderPage"),
    },
    search: {
      loader: deferred(() => import("../routes/search/loader").then((m) => m.searchLoader(apollo))),
      lazy: () => import("../routes/search/SearchPage"),
    },
    login: { loader: socialLogin(), lazy: () => import("../routes/login/LoginPage") },
    signup: { loader: socialLogin(), lazy: () => import("../routes/signup/SignUpPage") },
    settings: {
      loader: deferred(() => import("../routes/settings/loader").then((m) => m.settingsLoader(apollo))),
      lazy: () => import("../routes/settings/SettingsPage"),
    },
    library: {
      // One chunk for the page and its loader (fewer bytes in the home page's route table).
      loader: deferred(() => import("../routes/library/LibraryPage").then((m) => m.load(apollo))),
      lazy: () => import("../routes/library/LibraryPage"),
    },
    welcome: { loader: onboarding("welcomeAnswersLoader"), lazy: () => import("../routes/welcome/WelcomePage") },
    welcomePreparing: { loader: onboarding("welcomeAnswersLoader"), lazy: () => import("../routes/welcome/PreparingPage") },
    welcomeRecommended: { loader: onboarding("welcomeRecommendedLoader"), lazy: () => import("../routes/welcome/RecommendedPage") },
    categories: {
      loader: deferred(() => import("../routes/categories/loader").then((m) => m.categoriesLoader(apollo))),
      lazy: () => import("../routes/categories/Categories"),
    },
    category: {
      loader: deferred(() => import("../routes/category/loader").then((m) => m.categoryLoader(apollo))),
      lazy: () => import("../routes/category/CategoryPage"),
    },
    trending: {
      loader: deferred(() => import("../routes/listing/loader").then((m) => m.listingLoader(apollo, "TRENDING"))),
      lazy: () => import("../routes/listing/Listing"),
    },
    latest: {
      loader: deferred(() => import("../routes/listing/loader").then((m) => m.listingLoader(apollo, "NEWEST"))),
      lazy: () => import("../routes/listing/Listing"),
    },
    originals: {
      loader: deferred(() => import("../routes/originals/loader").then((m) => m.originalsLoader(apollo))),
      lazy: () => import("../routes/originals/Originals"),
    },
    original: {
      loader: deferred(() => import("../routes/original/loader").then((m) => m.originalLoader(apollo))),
      lazy: () => import("../routes/original/OriginalPage"),
    },
    playlists: {
      loader: deferred(() => import("../routes/playlists/loader").then((m) => m.playlistsLoader(apollo))),
      lazy: () => import("../routes/playlists/Playlists"),
    },
    playlist: {
      loader: deferred(() => import("../routes/playlist/loader").then((m) => m.playlistLoader(apollo))),
      lazy: () => import("../routes/playlist/PlaylistPage"),
    },
    forgotPassword: { lazy: () => import("../routes/forgot-password/ForgotPasswordPage") },
    newPassword: { lazy: () => import("../routes/new-password/NewPasswordPage") },
    createPassword: { lazy: () => import("../routes/create-password/CreatePasswordPage") },
    confirmEmail: { lazy: () => import("../routes/confirm-email/ConfirmEmailPage") },
    newPasswordInternal: { lazy: () => import("../routes/new-password-internal/NewPasswordInternalPage") },
    updateProfile: { lazy: () => import("../routes/update-profile/UpdateProfilePage") },
    tryNow: commerce("TryNow"),
    tryNowSubscribe: commerce("TrialCheckout"),
    welcomeToKnowledge: commerce("WelcomeToKnowledge"),
    settingsSubscribe: commerce("Subscribe"),
    redeemVoucher: commerce("RedeemVoucher"),
    redeemVoucherInternal: commerce("RedeemVoucherInternal"),
    exclusiveOffer: commerce("ExclusiveOffer"),
    publicPurchase: commerce("PublicPurchase"),
    libraryHighlights: pageWithLoader(() => import("../routes/library-highlights/Highlights")),
    quote: pageWithLoader(() => import("../routes/quote/Quote")),
  };
}

/**
 * A route's loader as its declaration says (@brevia/routes): its guard first, then its catalogues, in
 * the page's language, beside the page's own loader.
 */
function declaredLoader(route: RouteDeclaration, deps: RouteDeps, loader: Loader | undefined): Loader | undefined {
  const catalogues = route.catalogues ?? [];
  const declared = catalogues.length ? withCatalogues(deps.i18n, deps.apollo, catalogues, loader) : loader;
  const { beforePageLoader } = deps;
  const page: Loader | undefined =
    declared && beforePageLoader
      ? async (args) => {
          await beforePageLoader();
          return declared(args);
        }
      : declared;
  switch (route.guard) {
    case "public":
      return page;
    case "signed-in":
      return ensureAuthenticated(deps.apollo, page);
    case "visitor-only":
      return ensureUnauthenticated(deps.apollo, page);
  }
}

/** A page's route, as a child of its language's layout route. */
function pageRoute(name: RouteName, routes: ReturnType<typeof pages>, deps: RouteDeps): RouteObject {
  const { path } = ROUTE_TABLE[name];
  const page = { lazy: routes[name].lazy, loader: declaredLoader(ROUTE_TABLE[name], deps, routes[name].loader) };
  return path === "/" ? { index: true, ...page } : { path: path.slice(1), ...page };
}

/** The id of a language's layout route: the pages the browser's router learns later are added under it. */
const layoutRouteId = (locale: Locale) => `layout-${locale}`;

/**
 * A language's routes: its layout, its home page and the pages `names` (every page by default), and the not-found
 * page. Home always: without it, the language's own path ("/en") would match the language's route itself, a leaf
 * with no page, instead of asking for the missing page (pageRoutePatcher).
 */
function localeRoute(locale: Locale, deps: RouteDeps, names: readonly RouteName[] = ROUTE_NAMES): RouteObject {
  const routes = pages(deps.apollo, deps.i18n);
  const children = [...new Set<RouteName>(["home", ...names])].map((name) => pageRoute(name, routes, deps));
  return {
    path: locale === DEFAULT_LOCALE ? "/" : `/${locale}`,
    id: `locale-${locale}`,
    // Middleware, not a loader: it finishes before the pages' loaders start, so their queries go out
    // in the new language and are not cut off by the cache reset of a language change.
    middleware: [
      async ({ request }: LoaderFunctionArgs) => {
        await deps.chooseLocale(locale, new URL(request.url));
      },
    ],
    errorElement: <ErrorPage />,
    children: [
      {
        id: layoutRouteId(locale),
        element: <DefaultLayout />,
        // The header's account control reads who is signed in: in the cache the page is sent with.
        loader: async () => ((await currentViewer(deps.apollo)) ? { signedIn: true } : { signedIn: false }),
        children: [
          ...children,
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

/** The root route's id: the languages the browser's router learns later are added under it (pageRoutePatcher). */
const ROOT_ROUTE_ID = "root";

/** A path's language and page (null: the not-found page); where the browser starts, or goes. */
export type PageAt = { locale: Locale; name: RouteName | null };

/** The page a URL path shows, in its language (name null for the not-found page). */
export function pageAt(pathname: string): PageAt {
  return { locale: splitLocale(pathname).locale, name: matchRoute(pathname)?.name ?? null };
}

/**
 * The route table. The server's holds every page in pt (no prefix), en and es; the browser's starts with
 * its first page and its language's home (`start`): a router matches and ranks every route it holds when it starts, a cost
 * paid on a phone's main thread before hydration. The others are added as the reader goes to them
 * (pageRoutePatcher).
 */
export function createRoutes(deps: RouteDeps, start?: PageAt): RouteObject[] {
  function Root() {
    return (
      <I18nProvider i18n={deps.i18n}>
        <ApolloProvider client={deps.apollo.client}>
          <ToastProvider>
            <ProgressBar />
            <Outlet />
            <PlayerHost />
            <RouteAnnouncer />
          </ToastProvider>
        </ApolloProvider>
      </I18nProvider>
    );
  }
  const languages = start
    ? [localeRoute(start.locale, deps, start.name ? [start.name] : [])]
    : LOCALES.map((locale) => localeRoute(locale, deps));
  return [{ id: ROOT_ROUTE_ID, element: <Root />, hydrateFallbackElement: <div />, children: languages }];
}

type PatchRoutes = (args: { path: string; patch: (routeId: string | null, children: RouteObject[]) => void }) => void;

/**
 * The browser router's `patchRoutesOnNavigation` (called for a path its routes do not match but by the
 * not-found route, or by a route with parameters): adds the page the path shows, and with the first page of
 * another language (a language link, a link in a mail opened in this tab) that language's layout. The router
 * keeps a route once (by id, or by path), so patching one it already has changes nothing.
 */
export function pageRoutePatcher(deps: RouteDeps): PatchRoutes {
  return ({ path, patch }) => {
    const { locale, name } = pageAt(path);
    patch(ROOT_ROUTE_ID, [localeRoute(locale, deps, name ? [name] : [])]);
    if (name) patch(layoutRouteId(locale), [pageRoute(name, pages(deps.apollo, deps.i18n), deps)]);
  };
}
