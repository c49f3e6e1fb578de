import type { I18n, Messages } from "@lingui/core";
import type { LoaderFunctionArgs } from "react-router-dom";
import type { Locale } from "./route-table";

// The messages of pages only a signed-in reader sees (onboarding, the settings forms), in a catalogue of
// their own (lingui.config.ts): the visitors' first page loads the main catalogue only.
const loaders: Record<Locale, () => Promise<{ messages: Messages }>> = {
  pt: () => import("../locales/account/pt.po"),
  en: () => import("../locales/account/en.po"),
  es: () => import("../locales/account/es.po"),
};

/** Adds the account pages' messages to `i18n` in its current language (once per language and instance). */
export async function loadAccountMessages(i18n: I18n): Promise<void> {
  const locale = i18n.locale as Locale;
  const { messages } = await loaders[locale]();
  i18n.load(locale, messages);
}

type Loader = (args: LoaderFunctionArgs) => unknown;

/** A route loader that first makes the account pages' messages available (the page is rendered with them). */
export function withAccountMessages(i18n: I18n, loader: Loader): Loader {
  return async (args) => {
    const [result] = await Promise.all([loader(args), loadAccountMessages(i18n)]);
    return result;
  };
}
