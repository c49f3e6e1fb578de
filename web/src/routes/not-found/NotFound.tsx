import { useQuery } from "@apollo/client/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "react-router-dom";
import { graphql } from "../../gql";
import { MicrobookCard } from "../../features/catalog/MicrobookCard";
import { PageHead } from "../../app/PageHead";
import { useLocalizedPath } from "../../app/useLocale";

export const NotFoundSuggestionQuery = graphql(`
  query NotFoundSuggestion {
    freeMicrobookToday {
      id
      slug
      ...MicrobookCard_microbook
    }
  }
`);

/** The not-found page: says so, suggests a microbook, and offers ways on. */
export function NotFound() {
  const { t } = useLingui();
  const localize = useLocalizedPath();
  const { data } = useQuery(NotFoundSuggestionQuery);
  const suggestion = data?.freeMicrobookToday;
  return (
    <section className="not-found" aria-labelledby="not-found-title">
      <PageHead title={t`Page not found · Brevia`} />
      <h1 id="not-found-title">
        <Trans>We couldn't find the page you were looking for.</Trans>
      </h1>
      <nav aria-label={t`Where to go`}>
        <ul className="link-list">
          <li>
            <Link to={localize("/")}>
              <Trans>Go to the home page</Trans>
            </Link>
          </li>
          {suggestion && (
            <li>
              <Link to={localize(`/microbook/${suggestion.slug}`)}>
                <Trans>Read today's free microbook</Trans>
              </Link>
            </li>
          )}
        </ul>
      </nav>
      {suggestion && (
        <div className="not-found__suggestion">
          <h2>
            <Trans>Why not try this one?</Trans>
          </h2>
          <MicrobookCard microbook={suggestion} />
        </div>
      )}
    </section>
  );
}
