import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "react-router-dom";
import { LOCALES, type Locale } from "@brevia/routes";
import { LanguageName } from "../catalog/LanguageName";

/**
 * Links that filter a list to the microbooks published in one language (or all of them): plain
 * addresses (`?lang=…`), so the filtered page is server-rendered, shareable and works without script.
 */
export function LanguageFilter({ current, href }: { current: Locale | null; href: (language: Locale | null) => string }) {
  const { t } = useLingui();
  return (
    <nav className="sort-control" aria-label={t`Language`}>
      <span className="sort-control__label" aria-hidden="true">
        {t`Language`}
      </span>
      <ul>
        <li>
          <Link to={href(null)} aria-current={current === null ? "true" : undefined}>
            <Trans>All languages</Trans>
          </Link>
        </li>
        {LOCALES.map((language) => (
          <li key={language}>
            <Link to={href(language)} aria-current={current === language ? "true" : undefined}>
              <LanguageName language={language} />
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
