// The one route table: the web router builds its routes from it and the server uses it to answer
// unknown paths with 404. Paths are Portuguese-default (no prefix); /en and /es prefix them.
// Plain TypeScript with no React, so the API server can import it.

export const LOCALES = ["pt", "en", "es"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "pt";
export const LOCALE_COOKIE = "i18n_redirected";
export const LOCALE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

export const ROUTES = {
  home: "/",
  microbook: "/microbook/:slug",
  search: "/search",
  login: "/login",
  signup: "/signup",
  settings: "/settings",
  welcome: "/welcome",
  welcomePreparing: "/welcome/preparing",
  welcomeRecommended: "/welcome/recommended",
  categories: "/categories",
  category: "/categories/:slug",
  trending: "/trending",
  latest: "/latest",
  originals: "/originals",
  original: "/originals/:slug",
  playlists: "/playlists",
  playlist: "/playlists/:slug",
  // Email and passwords (the accounts issue).
  forgotPassword: "/forgot-password",
  newPassword: "/new-password/:token",
  createPassword: "/create-password/:token",
  newPasswordInternal: "/new-password-internal",
  updateProfile: "/update-profile",
  confirmEmail: "/confirm-email/:token",
} as const;

/** Pages whose path holds a mailed link's token: never kept in a shared cache. */
export const TOKEN_ROUTES: ReadonlySet<RouteName> = new Set(["newPassword", "createPassword", "confirmEmail"]);

export type RouteName = keyof typeof ROUTES;

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

const MATCHERS = Object.entries(ROUTES).map(([name, pattern]) => ({ name: name as RouteName, regexp: toRegExp(pattern) }));

/** The route a URL path (with or without locale prefix) shows, or null for the not-found page. */
export function matchRoute(pathname: string): { name: RouteName; locale: Locale } | null {
  const { locale, path } = splitLocale(pathname);
  const found = MATCHERS.find((m) => m.regexp.test(path));
  return found ? { name: found.name, locale } : null;
}
