import { useQuery } from "@apollo/client/react";
import { Trans } from "@lingui/react/macro";
import { Link } from "react-router-dom";
import { useLocalizedPath } from "../../app/useLocale";
import { graphql } from "../../gql";
import { MicrobookCard } from "../catalog/MicrobookCard";

/**
 * The home page's books for the signed-in reader. Its own query, not the home page's: that one is the
 * same for every visitor and cached as such; this one is the reader's alone (private, never cached).
 */
export const RecommendationsQuery = graphql(`
  query Recommendations {
    viewer {
      id
      recommendations(first: 6) {
        personalized
        nodes {
          id
          ...MicrobookCard_microbook
        }
      }
    }
  }
`);

/** "Recommended for you": rendered by the home page only for a signed-in reader; fetched in the browser. */
export function Recommendations() {
  const localize = useLocalizedPath();
  // The reader's goals or reading may have changed since the last visit: show the cached list, then refresh it.
  const { data } = useQuery(RecommendationsQuery, { fetchPolicy: "cache-and-network" });
  const recommendations = data?.viewer?.recommendations;
  if (!recommendations?.nodes.length) return null;
  return (
    <section aria-labelledby="recommended-title" className="home-section recommendations">
      <div className="home-section__header">
        <h2 id="recommended-title">
          <Trans>Recommended for you</Trans>
        </h2>
        {!recommendations.personalized && (
          <Link to={localize("/welcome")}>
            <Trans>Tell us your goals for better picks</Trans>
          </Link>
        )}
      </div>
      <div className="card-grid">
        {recommendations.nodes.map((book) => (
          <MicrobookCard key={book.id} microbook={book} />
        ))}
      </div>
    </section>
  );
}
