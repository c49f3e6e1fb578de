import { DEFAULT_LOCALE, LOCALES, localizePath, splitLocale, type Locale } from "./route-table";

// Plain TypeScript with no DOM: the server's head, the browser's head, the language switcher and
// the API's sitemap share it.

/** The same page in each language: its path in pt (unprefixed), en and es. */
export function pageInEachLocale(pathname: string): { locale: Locale; path: string }[] {
  const { path } = splitLocale(pathname);
  return LOCALES.map((locale) => ({ locale, path: localizePath(locale, path) }));
}

/** The canonical URL of a page and its versions in each language (x-default: the unprefixed pt one). */
export function headLinks(origin: string, pathname: string): { canonical: string; alternates: { hreflang: string; href: string }[] } {
  const { locale, path } = splitLocale(pathname);
  const versions = pageInEachLocale(pathname);
  return {
    canonical: origin + localizePath(locale, path),
    alternates: [
      ...versions.map((v) => ({ hreflang: v.locale, href: origin + v.path })),
      { hreflang: "x-default", href: origin + localizePath(DEFAULT_LOCALE, path) },
    ],
  };
}
