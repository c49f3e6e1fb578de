import { useLingui } from "@lingui/react";
import { useCallback } from "react";
import { localizePath, type Locale } from "@brevia/routes";

export function useLocale(): Locale {
  return useLingui().i18n.locale as Locale;
}

/** Turns an unprefixed app path into the current locale's path. */
export function useLocalizedPath() {
  const locale = useLocale();
  return useCallback((path: string) => localizePath(locale, path), [locale]);
}
