import { useQuery } from "@apollo/client/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useRef, useState } from "react";
import { Link } from "react-router-dom";
import { graphql } from "../../gql";
import { useLocalizedPath } from "../../app/useLocale";

export const UpgradeOfferQuery = graphql(`
  query UpgradeOffer {
    catalogueStats {
      microbooks
      categories
      languages
      narrated
    }
    testimonials(first: 6) {
      nodes {
        author
        quote
        source
      }
    }
    faq(first: 10) {
      nodes {
        question
        answer
      }
    }
  }
`);

/**
 * A locked microbook's way to Premium: a button that opens the upgrade modal (UpgradeDialog).
 */
export function UpgradeButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="button upgrade-button" onClick={() => setOpen(true)}>
        <Trans>See what Premium includes</Trans>
      </button>
      {open && <UpgradeDialog onClose={() => setOpen(false)} />}
    </>
  );
}

/**
 * The upgrade modal (a native <dialog>: focus stays inside, Escape closes it, and focus returns to
 * what opened it) with the benefits in the catalogue's own numbers, quotations about reading, the FAQ
 * and a link to the free trial. Mounting it opens it; its content loads then.
 */
export function UpgradeDialog({ onClose }: { onClose: () => void }) {
  const { t } = useLingui();
  const localize = useLocalizedPath();
  const dialog = useRef<HTMLDialogElement>(null);
  const { data, error } = useQuery(UpgradeOfferQuery);
  useEffect(() => {
    if (dialog.current && !dialog.current.open) dialog.current.showModal();
  }, []);
  const stats = data?.catalogueStats;
  return (
    <dialog ref={dialog} className="upgrade" aria-labelledby="upgrade-title" onClose={onClose}>
      <div className="upgrade__header">
        <h2 id="upgrade-title">
          <Trans>Read and listen to everything with Premium</Trans>
        </h2>
        <button type="button" className="upgrade__close" onClick={() => dialog.current?.close()} aria-label={t`Close`}>
          ×
        </button>
      </div>
      {error && (
        <p role="alert">
          <Trans>This could not be loaded. Please try again in a moment.</Trans>
        </p>
      )}
      {!data && !error && (
        <p aria-live="polite">
          <Trans>Loading…</Trans>
        </p>
      )}
      {stats && (
        <ul className="upgrade__benefits">
          <li>
            <Trans>
              Every microbook in the catalogue: {stats.microbooks} in {stats.categories} categories
            </Trans>
          </li>
          <li>
            <Trans>
              Read in {stats.languages} languages, and listen to {stats.narrated} narrated editions
            </Trans>
          </li>
          <li>
            <Trans>The key ideas of each book in about 12 minutes</Trans>
          </li>
        </ul>
      )}
      <p>
        <Link className="button" to={localize("/try-now")}>
          <Trans>Try Premium free for 7 days</Trans>
        </Link>
      </p>
      {data && data.testimonials.nodes.length > 0 && (
        <section aria-labelledby="upgrade-quotes-title">
          <h3 id="upgrade-quotes-title">
            <Trans>What great readers have said about reading</Trans>
          </h3>
          {data.testimonials.nodes.map((quote) => (
            <figure key={quote.author + quote.source} className="upgrade__quote">
              <blockquote>
                <p>{quote.quote}</p>
              </blockquote>
              <figcaption>
                {quote.author}, <cite>{quote.source}</cite>
              </figcaption>
            </figure>
          ))}
        </section>
      )}
      {data && data.faq.nodes.length > 0 && (
        <section aria-labelledby="upgrade-faq-title">
          <h3 id="upgrade-faq-title">
            <Trans>Questions</Trans>
          </h3>
          {data.faq.nodes.map((entry) => (
            <details key={entry.question} className="upgrade__faq">
              <summary>{entry.question}</summary>
              <p>{entry.answer}</p>
            </details>
          ))}
        </section>
      )}
    </dialog>
  );
}
