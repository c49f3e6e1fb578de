import { DEFAULT_LOCALE, LOCALES, localizePath, splitLocale, type Locale } from "./route-table";

// Plain TypeScript with no DOM: the server's head, the browser's head and the API's sitemap share it.

/** The canonical URL of a page and its versions in each language (x-default: the unprefixed pt one). */
export function headLinks(origin: string, pathname: string): { canonical: string; alternates: { hreflang: string; href: string }[] } {
  const { path } = splitLocale(pathname);
  const href = (locale: Locale) => origin + localizePath(locale, path);
  const { locale } = splitLocale(pathname);
  return {
    canonical: href(locale),
    alternates: [...LOCALES.map((l) => ({ hreflang: l, href: href(l) })), { hreflang: "x-default", href: href(DEFAULT_LOCALE) }],
  };
}
