import type { I18n, Messages } from "@lingui/core";
import type { InMemoryCache } from "@apollo/client";
import type { LoaderFunctionArgs } from "react-router-dom";
import { learnErrorTypes, type Apollo } from "./apollo";
import { splitLocale, type Locale, type PageCatalogue } from "@brevia/routes";

/**
 * The catalogues routes declare (@brevia/routes PAGE_CATALOGUES; web/lingui.config.ts extracts
 * them): messages the visitors' first page does not need, so the home page's JavaScript stays within
 * its budget. A route that declares one loads it before it renders (its loader runs after the
 * language is chosen: on the server, at the browser's start and after a language switch; Lingui
 * merges what is loaded).
 */
const CATALOGUES = {
  credentials: {
    pt: () => import("../locales/credentials/pt.po"),
    en: () => import("../locales/credentials/en.po"),
    es: () => import("../locales/credentials/es.po"),
  },
  account: {
    pt: () => import("../locales/account/pt.po"),
    en: () => import("../locales/account/en.po"),
    es: () => import("../locales/account/es.po"),
  },
  browse: {
    pt: () => import("../locales/browse/pt.po"),
    en: () => import("../locales/browse/en.po"),
    es: () => import("../locales/browse/es.po"),
  },
  errors: {
    pt: () => import("../locales/errors/pt.po"),
    en: () => import("../locales/errors/en.po"),
    es: () => import("../locales/errors/es.po"),
  },
} satisfies Record<PageCatalogue, Record<Locale, () => Promise<{ messages: Messages }>>>;

/**
 * Adds a catalogue's messages in `locale` to `i18n`. The error registry's pages also teach the
 * cache which types are errors: a page that shows errors has both, whichever way it loads them.
 */
export async function loadPageCatalogue(i18n: I18n, name: PageCatalogue, locale: Locale, apollo: Apollo): Promise<void> {
  const [{ messages }] = await Promise.all([
    CATALOGUES[name][locale](),
    name === "errors" ? learnErrorTypes(apollo.client.cache as InMemoryCache) : null,
  ]);
  i18n.load(locale, messages);
}

type Loader = (args: LoaderFunctionArgs) => unknown;

/** A route loader that also loads the page's catalogues, in the language of the page asked for. */
export function withCatalogues(i18n: I18n, apollo: Apollo, names: readonly PageCatalogue[], loader?: Loader): Loader {
  return async (args) => {
    const { locale } = splitLocale(new URL(args.request.url).pathname);
    const [result] = await Promise.all([
      loader ? loader(args) : null,
      ...names.map((name) => loadPageCatalogue(i18n, name, locale, apollo)),
    ]);
    return result;
  };
}
