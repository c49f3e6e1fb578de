import { DEFAULT_LOCALE, LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE_SECONDS, LOCALES, localizePath, type Locale } from "@brevia/routes";

// Plain TypeScript: the server decides a first visit's language with the same rules as the browser.

function asLocale(value: string | undefined): Locale | null {
  return value && (LOCALES as readonly string[]).includes(value) ? (value as Locale) : null;
}

/** The remembered language in a Cookie header (or document.cookie), or null. */
export function parseLocaleCookie(cookies: string | undefined): Locale | null {
  const match = (cookies ?? "").match(new RegExp(`(?:^|;\\s*)${LOCALE_COOKIE}=([^;]*)`));
  return asLocale(match?.[1]);
}

/** The Set-Cookie value that remembers the reader's language for a year. */
export function localeCookie(locale: Locale): string {
  return `${LOCALE_COOKIE}=${locale}; Max-Age=${LOCALE_COOKIE_MAX_AGE_SECONDS}; Path=/; SameSite=Lax`;
}

/** The first of the given languages (browser tags, most wanted first) that Brevia speaks, or null. */
export function firstSupportedLocale(languages: readonly string[]): Locale | null {
  for (const tag of languages) {
    const found = asLocale(tag.trim().slice(0, 2).toLowerCase());
    if (found) return found;
  }
  return null;
}

/** The tags of an Accept-Language header, most wanted first (by q, then by order). */
export function acceptLanguageTags(header: string | undefined): string[] {
  return (header ?? "")
    .split(",")
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.tag && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((entry) => entry.tag);
}

/**
 * The language rules of a page request. First visit (no cookie) to an unprefixed (Portuguese) path:
 * the browser's language among pt, en, es decides, and en/es readers are redirected to their prefix.
 * Afterwards the remembered language wins on the Portuguese home only; any prefixed or deeper path
 * is shown in its own language, which becomes the remembered one.
 */
export function decideLocale(input: { locale: Locale; url: URL; remembered: Locale | null; preferred: Locale | null }): {
  redirectTo: string | null;
  remember: Locale | null;
} {
  const { locale, url, remembered, preferred } = input;
  if (locale === DEFAULT_LOCALE) {
    const wanted = remembered ?? preferred ?? DEFAULT_LOCALE;
    if (wanted !== DEFAULT_LOCALE && (!remembered || url.pathname === "/")) {
      return { redirectTo: localizePath(wanted, url.pathname) + url.search, remember: wanted };
    }
  }
  return { redirectTo: null, remember: remembered === locale ? null : locale };
}

export function readLocaleCookie(): Locale | null {
  return parseLocaleCookie(document.cookie);
}

/** Remembers the reader's language for a year. */
export function writeLocaleCookie(locale: Locale): void {
  document.cookie = localeCookie(locale);
}

/** The first of the browser's languages that Brevia speaks, or null. */
export function browserLocale(languages: readonly string[] = navigator.languages): Locale | null {
  return firstSupportedLocale(languages);
}
