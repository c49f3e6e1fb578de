import { useLingui } from "@lingui/react/macro";
import { Link, useLocation } from "react-router-dom";
import { writeLocaleCookie } from "../locale-cookie";
import { pageInEachLocale } from "@brevia/routes/page-links";
import type { Locale } from "@brevia/routes";
import { useLocale } from "../useLocale";

/** Each language's name in itself: a reader finds their own whatever the page's language. */
const NAMES: Record<Locale, string> = { pt: "Português", en: "English", es: "Español" };

/**
 * Links to this same page in pt, en and es. Choosing one remembers the language in the
 * i18n_redirected cookie before the router moves (the Portuguese home would otherwise send a
 * reader who remembered another language back to it). Plain links: they work before hydration,
 * can be opened in a new tab, and the server renders them exactly as the browser does.
 * The wide header's is a navigation landmark; the phone's account menu and the footer hold the same
 * links as a named group (`landmark={false}`), so a page never has two "Language" landmarks.
 */
export function LanguageSwitcher({ landmark = true }: { landmark?: boolean }) {
  const { t } = useLingui();
  const current = useLocale();
  const { pathname, search } = useLocation();
  const Wrapper = landmark ? "nav" : "div";
  return (
    <Wrapper className="language-switcher" role={landmark ? undefined : "group"} aria-label={t`Language`}>
      <ul>
        {pageInEachLocale(pathname).map(({ locale, path }) => (
          <li key={locale}>
            <Link
              to={path + search}
              lang={locale}
              hrefLang={locale}
              aria-current={locale === current ? "page" : undefined}
              onClick={() => writeLocaleCookie(locale)}
            >
              {NAMES[locale]}
            </Link>
          </li>
        ))}
      </ul>
    </Wrapper>
  );
}
