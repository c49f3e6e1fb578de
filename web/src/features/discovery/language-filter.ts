import { LOCALES, type Locale } from "@brevia/routes";
import { notFound } from "./paging";

/**
 * The content language a list is filtered to, from its address (`?lang=en`, like search's): null
 * without one (every microbook, each in the reader's content language); not-found for an unknown one.
 * Routes that read it declare it (@brevia/routes `query`), so the server's page cache keys on it.
 */
export function languageFromUrl(url: URL): Locale | null {
  const raw = url.searchParams.get("lang");
  if (raw === null) return null;
  if (!(LOCALES as readonly string[]).includes(raw)) notFound();
  return raw as Locale;
}
