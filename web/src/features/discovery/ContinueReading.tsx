import type { QueryRef } from "@apollo/client/react";
import { useReadQuery } from "@apollo/client/react";
import { Trans, useLingui } from "@lingui/react/macro";
import type { ContinueReadingQuery as ContinueReadingResult } from "../../gql/graphql";
import { MicrobookCard } from "../catalog/MicrobookCard";

/**
 * The signed-in reader's books in progress, most recently read first, from its own private query
 * (continue-reading.query.ts): the home page's public query (the same for every visitor,
 * response-cached) never carries it.
 */
export function ContinueReading({ queryRef }: { queryRef: QueryRef<ContinueReadingResult> }) {
  const { t } = useLingui();
  const { data } = useReadQuery(queryRef);
  const books = data.viewer?.continueReading.nodes ?? [];
  if (books.length === 0) return null;
  return (
    <section aria-labelledby="continue-reading-title" className="home-section continue-reading">
      <div className="home-section__header">
        <h2 id="continue-reading-title">
          <Trans>Continue reading</Trans>
        </h2>
      </div>
      <div className="card-grid">
        {books.map((book) => {
          const percent = Math.round((book.viewerState?.progress ?? 0) * 100);
          return (
            <div key={book.id} className="continue-reading__item">
              <MicrobookCard microbook={book} />
              <progress className="continue-reading__progress" max={100} value={percent} aria-label={t`${percent}% read`} />
              <p className="continue-reading__percent">
                <Trans>{percent}% read</Trans>
              </p>
            </div>
          );
        })}
      </div>
    </section>
  );
}
