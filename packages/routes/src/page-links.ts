import { DEFAULT_LOCALE, LOCALES, localizePath, splitLocale, type Locale } from "./route-table";

// A page's links in every language (canonical, alternates, a list's previous and next pages). Plain
// TypeScript with no DOM: the server's head, the browser's head, the language switcher and the API's
// sitemap share it.

/** The same page in each language: its path in pt (unprefixed), en and es. */
export function pageInEachLocale(pathname: string): { locale: Locale; path: string }[] {
  const { path } = splitLocale(pathname);
  return LOCALES.map((locale) => ({ locale, path: localizePath(locale, path) }));
}

/**
 * Where a page sits in a paged list: its page, whether a next one exists, and the list's other
 * parameters as its address carries them (null: left out, e.g. the default sort).
 */
export type ListPosition = { page: number; hasNext: boolean; params?: Record<string, string | null> };

/** A list page's query string: its parameters and `page` past the first ("?sort=newest&page=2"; "" for page 1 by default). */
export function listQuery(params: Record<string, string | number | null>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === null || (key === "page" && value === 1)) continue;
    search.set(key, String(value));
  }
  const query = search.toString();
  return query ? `?${query}` : "";
}

/**
 * The canonical URL of a page and its versions in each language (x-default: the unprefixed pt one).
 * A page of a list keeps its list parameters in all of them (page 1's address has no `page`: it is the
 * list's own address), and links its previous and next pages.
 */
export function headLinks(
  origin: string,
  pathname: string,
  list?: ListPosition,
): { canonical: string; alternates: { hreflang: string; href: string }[]; prev?: string; next?: string } {
  const { locale, path } = splitLocale(pathname);
  const versions = pageInEachLocale(pathname);
  const query = (page: number) => (list ? listQuery({ ...list.params, page }) : "");
  const here = query(list?.page ?? 1);
  const self = origin + localizePath(locale, path);
  return {
    canonical: self + here,
    alternates: [
      ...versions.map((v) => ({ hreflang: v.locale, href: origin + v.path + here })),
      { hreflang: "x-default", href: origin + localizePath(DEFAULT_LOCALE, path) + here },
    ],
    ...(list && list.page > 1 ? { prev: self + query(list.page - 1) } : {}),
    ...(list?.hasNext ? { next: self + query(list.page + 1) } : {}),
  };
}
