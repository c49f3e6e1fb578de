// The route contract: every page of the web app, declared once, for the web's router and the API
// server (its page rendering and page cache, the sitemap, mail links, social login), neither of which
// owns it. Paths are Portuguese-default (no prefix); /en and /es prefix them. Plain TypeScript with
// no React or DOM, consumed as source by tsx, Vite, Vitest and the API's bundle.

export const LOCALES = ["pt", "en", "es"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "pt";
export const LOCALE_COOKIE = "i18n_redirected";
export const LOCALE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/**
 * Who may see a page. public: anyone; signed-in: a visitor is sent (302) to /login with `next` set to
 * the page; visitor-only: a signed-in reader is sent on to `next`, or home. The guard runs before the
 * page's loader and catalogues.
 */
export type Guard = "public" | "signed-in" | "visitor-only";

/**
 * Messages a page loads besides the main catalogue, so the visitors' first page does not carry them
 * (web/lingui.config.ts extracts them, web/src/app/page-catalogues.ts loads them):
 *   credentials: log-in, sign-up, the email and password pages, the sessions list;
 *   account: pages only a signed-in reader sees (onboarding, the settings forms);
 *   browse: pages off the first visit's path (search, playlists, plans, checkout, vouchers and the
 *     settings' subscription section: one catalogue, so the home page's router carries no more imports);
 *   errors: the web's error registry, for the pages with forms (the microbook page loads it for a
 *     signed-in reader's buttons itself).
 */
export const PAGE_CATALOGUES = ["credentials", "account", "browse", "errors"] as const;
export type PageCatalogue = (typeof PAGE_CATALOGUES)[number];

export type RouteDeclaration = {
  /** Its path pattern, unprefixed (`:name` is a path parameter). */
  path: string;
  guard: Guard;
  /**
   * The query parameters the page renders from, so pages that differ by them differ (a listing's
   * page, a search's query): the server's page cache keys on these, in this order, and on no other.
   */
  query?: readonly string[];
  /**
   * Query parameters the page reads without rendering from them on the server (in an effect, an
   * event handler, after hydration, or to pick a guard's redirect): never part of the page-cache key.
   */
  clientQuery?: readonly string[];
  /** The catalogues its loader loads, in the page's language, before it renders. */
  catalogues?: readonly PageCatalogue[];
  /** Its path holds a mailed link's token: the page is never kept in a shared cache. */
  token?: boolean;
  /** Listed in sitemap.xml (each page of it, in every language). */
  sitemap?: boolean;
};

const DECLARATIONS = {
  home: { path: "/", guard: "public", sitemap: true },
  microbook: { path: "/microbook/:slug", guard: "public", sitemap: true, clientQuery: ["intent"] },
  // The reading view (a signed-in reader's own position and settings): never in a shared cache.
  reader: { path: "/microbook/:slug/read", guard: "signed-in", catalogues: ["account", "errors"] },
  search: { path: "/search", guard: "public", query: ["q", "lang", "format", "category", "after"], catalogues: ["browse"] },
  login: {
    path: "/login",
    guard: "visitor-only",
    catalogues: ["credentials", "errors"],
    clientQuery: ["next", "social_error", "provider", "retry_after"],
  },
  signup: {
    path: "/signup",
    guard: "visitor-only",
    catalogues: ["credentials", "errors"],
    clientQuery: ["next", "social_error", "provider", "retry_after"],
  },
  settings: { path: "/settings", guard: "signed-in", catalogues: ["account", "credentials", "errors", "browse"] },
  welcome: { path: "/welcome", guard: "signed-in", catalogues: ["account", "errors"], query: ["step"], clientQuery: ["next"] },
  welcomePreparing: { path: "/welcome/preparing", guard: "signed-in", catalogues: ["account"], clientQuery: ["next"] },
  welcomeRecommended: { path: "/welcome/recommended", guard: "signed-in", catalogues: ["account", "errors"], clientQuery: ["next"] },
  // ?tab= and ?sort= pick the tab and order: a signed-in page is never page-cached, so no `query` key.
  library: { path: "/library", guard: "signed-in", catalogues: ["account", "errors"], query: ["tab", "sort"] },
  categories: { path: "/categories", guard: "public", sitemap: true, catalogues: ["browse"] },
  category: { path: "/categories/:slug", guard: "public", sitemap: true, catalogues: ["browse"], query: ["page", "sort", "lang"] },
  trending: { path: "/trending", guard: "public", sitemap: true, catalogues: ["browse"], query: ["page", "lang"] },
  latest: { path: "/latest", guard: "public", sitemap: true, catalogues: ["browse"], query: ["page", "lang"] },
  originals: { path: "/originals", guard: "public", sitemap: true, catalogues: ["browse"], query: ["page"] },
  original: { path: "/originals/:slug", guard: "public", sitemap: true, catalogues: ["browse"] },
  playlists: { path: "/playlists", guard: "public", sitemap: true, catalogues: ["browse"], query: ["page"] },
  playlist: { path: "/playlists/:slug", guard: "public", sitemap: true, catalogues: ["browse"] },
  // Email and passwords (the accounts issue).
  forgotPassword: { path: "/forgot-password", guard: "public", catalogues: ["credentials", "errors"] },
  newPassword: { path: "/new-password/:token", guard: "public", catalogues: ["credentials", "errors"], token: true },
  createPassword: { path: "/create-password/:token", guard: "public", catalogues: ["credentials", "errors"], token: true },
  newPasswordInternal: { path: "/new-password-internal", guard: "signed-in", catalogues: ["credentials", "errors"] },
  updateProfile: { path: "/update-profile", guard: "signed-in", catalogues: ["credentials", "errors"] },
  confirmEmail: { path: "/confirm-email/:token", guard: "public", catalogues: ["credentials", "errors"], token: true },
  // Commerce (the commerce issue): plans, the trial, checkout, vouchers.
  tryNow: { path: "/try-now", guard: "public", sitemap: true, catalogues: ["browse"] },
  tryNowSubscribe: { path: "/try-now/subscribe", guard: "signed-in", catalogues: ["browse", "errors"] },
  welcomeToKnowledge: { path: "/welcome-to-knowledge", guard: "signed-in", catalogues: ["browse"] },
  settingsSubscribe: { path: "/settings/subscribe", guard: "signed-in", catalogues: ["browse", "errors"] },
  redeemVoucher: { path: "/redeem-voucher", guard: "public", catalogues: ["browse", "errors"] },
  redeemVoucherInternal: {
    path: "/redeem-voucher-internal",
    guard: "signed-in",
    catalogues: ["browse", "errors"],
    clientQuery: ["code"],
  },
  // Offers with their own prices (exclusiveOfferGuard: an unknown, ended or not-for-you offer says so), and buying without an account.
  exclusiveOffer: { path: "/exclusive-offer/:offer", guard: "public", catalogues: ["browse", "errors"] },
  publicPurchase: { path: "/public/purchase", guard: "public", catalogues: ["browse", "errors"], query: ["plan", "offer"] },
  // Highlights (the library issue): the reader's highlights, and a shared one's public quote card (a random id).
  libraryHighlights: { path: "/library/highlights", guard: "signed-in", catalogues: ["account", "errors"], query: ["q"] },
  quote: { path: "/quote/:id", guard: "public", catalogues: ["browse"] },
} as const satisfies Record<string, RouteDeclaration>;

export type RouteName = keyof typeof DECLARATIONS;

/** The one route table, by route name, in the order the router tries them. */
export const ROUTE_TABLE: { readonly [N in RouteName]: RouteDeclaration & (typeof DECLARATIONS)[N] } = DECLARATIONS;

export const ROUTE_NAMES = Object.keys(ROUTE_TABLE) as RouteName[];

/** The names of a path pattern's parameters: "/microbook/:slug" → "slug". */
type PathParams<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParams<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** A route's path (unprefixed: the pt one) with its parameters filled in: routePath("microbook", { slug: "walden" }). */
export function routePath<N extends RouteName>(
  name: N,
  ...[params]: [PathParams<(typeof ROUTE_TABLE)[N]["path"]>] extends [never]
    ? []
    : [Record<PathParams<(typeof ROUTE_TABLE)[N]["path"]>, string>]
): string {
  const values: Record<string, string> = params ?? {};
  return ROUTE_TABLE[name].path.replace(/:(\w+)/g, (_match, key: string) => encodeURIComponent(values[key]!));
}

/** The locale a path is in, and the path without its locale prefix. */
export function splitLocale(pathname: string): { locale: Locale; path: string } {
  const match = /^\/(en|es)(?=\/|$)(.*)$/.exec(pathname);
  if (!match) return { locale: DEFAULT_LOCALE, path: pathname || "/" };
  return { locale: match[1] as Locale, path: match[2] || "/" };
}

/** The path of a route in a locale: pt has no prefix. */
export function localizePath(locale: Locale, path: string): string {
  if (locale === DEFAULT_LOCALE) return path;
  return path === "/" ? `/${locale}` : `/${locale}${path}`;
}

function toRegExp(pattern: string): RegExp {
  const source = pattern
    .split("/")
    .map((segment) => (segment.startsWith(":") ? "[^/]+" : segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")))
    .join("/");
  return new RegExp(`^${source === "" ? "/" : source}/?$`);
}

const MATCHERS = ROUTE_NAMES.map((name) => ({ name, regexp: toRegExp(ROUTE_TABLE[name].path) }));

/** The route a URL path (with or without locale prefix) shows, or null for the not-found page. */
export function matchRoute(pathname: string): { name: RouteName; locale: Locale } | null {
  const { locale, path } = splitLocale(pathname);
  const found = MATCHERS.find((m) => m.regexp.test(path));
  return found ? { name: found.name, locale } : null;
}

/**
 * What makes a page of a URL distinct, for a cache of rendered pages: the values of the query
 * parameters its route declares (`query`), in their declared order, as a query string ("" when none);
 * any other parameter changes nothing on the page. An unknown path has none.
 */
export function pageQuery(url: URL): string {
  const route = matchRoute(url.pathname);
  const names = route ? (ROUTE_TABLE[route.name].query ?? []) : [];
  const kept = names.flatMap((name) => url.searchParams.getAll(name).map((value) => `${name}=${encodeURIComponent(value)}`));
  return kept.length ? `?${kept.join("&")}` : "";
}
