import { i18n, type Messages } from "@lingui/core";
import { DEFAULT_LOCALE, LOCALES, type Locale } from "./route-table";

const loaders: Record<Locale, () => Promise<{ messages: Messages }>> = {
  pt: () => import("../locales/pt.po"),
  en: () => import("../locales/en.po"),
  es: () => import("../locales/es.po"),
};

/** Loads (once) and activates a locale's catalogue; sets <html lang>. */
export async function activateLocale(locale: Locale): Promise<void> {
  if (i18n.locale === locale) return;
  const { messages } = await loaders[locale]();
  i18n.loadAndActivate({ locale, messages });
  document.documentElement.lang = locale === "pt" ? "pt-BR" : locale;
}

export function isLocale(value: string | undefined): value is Locale {
  return (LOCALES as readonly string[]).includes(value ?? "");
}

export { i18n, DEFAULT_LOCALE };
