import type { FragmentType } from "@apollo/client";
import { useSuspenseFragment } from "@apollo/client/react";
import { Trans } from "@lingui/react/macro";
import { Link } from "react-router-dom";
import { graphql } from "../../gql";
import { useLocalizedPath } from "../../app/useLocale";

export const MicrobookCard_microbook = graphql(`
  fragment MicrobookCard_microbook on Microbook {
    id
    slug
    author {
      id
      name
    }
    edition {
      id
      language
      title
      readingMinutes
      coverUrl
      audio {
        durationSeconds
      }
    }
  }
`);

export function MicrobookCard({ microbook: from }: { microbook: FragmentType<typeof MicrobookCard_microbook> }) {
  const localize = useLocalizedPath();
  const { data: microbook } = useSuspenseFragment({ fragment: MicrobookCard_microbook, from });
  if (!microbook.edition) return null;
  const { language, title, coverUrl, readingMinutes, audio } = microbook.edition;
  return (
    <article className="card">
      <Link to={localize(`/microbook/${microbook.slug}`)} className="card__link">
        <img className="card__cover" src={coverUrl} alt="" width={150} height={225} loading="lazy" />
        <h3 className="card__title" lang={language}>
          {title}
        </h3>
      </Link>
      <p className="card__meta">
        {microbook.author.name} · <Trans>{readingMinutes} min</Trans>
        {audio && (
          <>
            {" · "}
            <span className="card__audio">
              <Trans>Audio</Trans>
            </span>
          </>
        )}
      </p>
    </article>
  );
}
