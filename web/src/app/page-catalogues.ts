import type { I18n, Messages } from "@lingui/core";
import type { LoaderFunctionArgs } from "react-router-dom";
import { splitLocale, type Locale } from "@brevia/routes";

/**
 * Messages that the visitors' first page does not need live in catalogues of their own
 * (lingui.config.ts), so the home page's JavaScript stays within its budget: a route that needs one
 * loads it before it renders (its loader runs after the language is chosen: on the server, at the
 * browser's start and after a language switch; Lingui merges what is loaded).
 *   credentials: log-in, sign-up, the email and password pages, the sessions list;
 *   account: pages only a signed-in reader sees (onboarding, the settings forms);
 *   browse: pages off the first visit's path (search, playlists).
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
} satisfies Record<string, Record<Locale, () => Promise<{ messages: Messages }>>>;

export type PageCatalogue = keyof typeof CATALOGUES;

/** Adds a catalogue's messages in `locale` to `i18n`. */
export async function loadPageCatalogue(i18n: I18n, name: PageCatalogue, locale: Locale): Promise<void> {
  const { messages } = await CATALOGUES[name][locale]();
  i18n.load(locale, messages);
}

type Loader = (args: LoaderFunctionArgs) => unknown;

/** A route loader that also loads the page's catalogues, in the language of the page asked for. */
export function withCatalogues(i18n: I18n, names: readonly PageCatalogue[], loader?: Loader): Loader {
  return async (args) => {
    const { locale } = splitLocale(new URL(args.request.url).pathname);
    const [result] = await Promise.all([loader ? loader(args) : null, ...names.map((name) => loadPageCatalogue(i18n, name, locale))]);
    return result;
  };
}
