import type { I18n, Messages } from "@lingui/core";
import type { LoaderFunctionArgs } from "react-router-dom";
import { splitLocale, type Locale } from "../../app/route-table";

// The messages of the pages about credentials (log-in, sign-up, email and password pages, sessions) are
// a Lingui catalogue of their own (lingui.config.ts), so they are not in the home page's JavaScript (its
// budget); a page of theirs loads them first.
const loaders: Record<Locale, () => Promise<{ messages: Messages }>> = {
  pt: () => import("../../locales/credentials/pt.po"),
  en: () => import("../../locales/credentials/en.po"),
  es: () => import("../../locales/credentials/es.po"),
};

/** Adds the credential pages' messages in `locale` to `i18n` (Lingui merges loaded messages). */
export async function loadCredentialMessages(i18n: I18n, locale: Locale): Promise<void> {
  const { messages } = await loaders[locale]();
  i18n.load(locale, messages);
}

type Loader = (args: LoaderFunctionArgs) => unknown;

/**
 * A credential page's route: its loader adds its messages in the page's language before it renders
 * (the loader runs after the language is chosen, on the server, at the browser's start and after a
 * language switch); its code loads beside.
 */
export function credentialRoute<T>(i18n: I18n, load: () => Promise<T>, loader?: Loader) {
  return {
    lazy: load,
    loader: async (args: LoaderFunctionArgs) => {
      await loadCredentialMessages(i18n, splitLocale(new URL(args.request.url).pathname).locale);
      return loader ? loader(args) : null;
    },
  };
}

/** A route loader that first adds the credential messages in the page's language (see credentialRoute). */
export function withCredentialMessages(i18n: I18n, loader: Loader): Loader {
  return async (args) => {
    const [result] = await Promise.all([
      loader(args),
      loadCredentialMessages(i18n, splitLocale(new URL(args.request.url).pathname).locale),
    ]);
    return result;
  };
}
