import type { I18n, Messages } from "@lingui/core";
import type { LoaderFunctionArgs } from "react-router-dom";
import type { Locale } from "../../app/route-table";

// The email and password pages' messages are a Lingui catalogue of their own (lingui.config.ts), so
// they are not in the home page's JavaScript (its budget); a page of theirs loads them first.
const loaders: Record<Locale, () => Promise<{ messages: Messages }>> = {
  pt: () => import("../../locales/credentials/pt.po"),
  en: () => import("../../locales/credentials/en.po"),
  es: () => import("../../locales/credentials/es.po"),
};

/** Adds the credential pages' messages in the active language to `i18n` (Lingui merges loaded messages). */
export async function loadCredentialMessages(i18n: I18n): Promise<void> {
  const locale = i18n.locale as Locale;
  const { messages } = await loaders[locale]();
  i18n.load(locale, messages);
}

type Loader = (args: LoaderFunctionArgs) => unknown;

/**
 * A credential page's route: its messages load with its code (first render and hydration) and again
 * in its loader (a language switch on the page runs the loader in the new language).
 */
export function credentialRoute<T>(i18n: I18n, load: () => Promise<T>, loader?: Loader) {
  return {
    lazy: async () => (await Promise.all([load(), loadCredentialMessages(i18n)]))[0],
    loader: async (args: LoaderFunctionArgs) => {
      await loadCredentialMessages(i18n);
      return loader ? loader(args) : null;
    },
  };
}
