import { useLingui } from "@lingui/react/macro";
import { useLocation, useNavigate } from "react-router-dom";
import { writeLocaleCookie } from "../locale-cookie";
import { LOCALES, localizePath, splitLocale, type Locale } from "../route-table";
import { useLocale } from "../useLocale";

const NAMES: Record<Locale, string> = { pt: "Português", en: "English", es: "Español" };

/** Switches the interface language: remembers it in the cookie and moves to the prefixed URL. */
export function LanguageSwitcher() {
  const { t } = useLingui();
  const current = useLocale();
  const location = useLocation();
  const navigate = useNavigate();
  const choose = (locale: Locale) => {
    writeLocaleCookie(locale);
    const { path } = splitLocale(location.pathname);
    void navigate(localizePath(locale, path) + location.search);
  };
  return (
    <label className="language-switcher">
      <span className="visually-hidden">{t`Language`}</span>
      <select value={current} onChange={(e) => choose(e.target.value as Locale)}>
        {LOCALES.map((locale) => (
          <option key={locale} value={locale} lang={locale}>
            {NAMES[locale]}
          </option>
        ))}
      </select>
    </label>
  );
}
