import { i18n, setupI18n, type I18n, type Messages } from "@lingui/core";
import { htmlLang } from "./head";
import { DEFAULT_LOCALE, LOCALES, type Locale } from "@brevia/routes";

const loaders: Record<Locale, () => Promise<{ messages: Messages }>> = {
  pt: () => import("../locales/pt.po"),
  en: () => import("../locales/en.po"),
  es: () => import("../locales/es.po"),
};

/** Browser: loads (once) and activates a locale's catalogue in the tab's i18n; sets <html lang>. */
export async function activateLocale(locale: Locale): Promise<void> {
  if (i18n.locale === locale) return;
  const { messages } = await loaders[locale]();
  i18n.loadAndActivate({ locale, messages });
  document.documentElement.lang = htmlLang(locale);
}

/** Server: an i18n of its own for one page request (requests in other languages run beside it). */
export async function createI18n(locale: Locale): Promise<I18n> {
  const { messages } = await loaders[locale]();
  return setupI18n({ locale, messages: { [locale]: messages } });
}

export function isLocale(value: string | undefined): value is Locale {
  return (LOCALES as readonly string[]).includes(value ?? "");
}

export { i18n, DEFAULT_LOCALE };
