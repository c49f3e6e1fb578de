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
      coverSrcSet
      audio {
        durationSeconds
      }
    }
  }
`);

/**
 * How a cover loads: "lcp" for the page's largest image (fetched first), "eager" for others above the
 * fold, "lazy" (the default) for those below it. Covers carry their size either way: no layout shift.
 */
export type CoverLoading = "lcp" | "eager" | "lazy";

/** Cards in a grid's first row on a wide screen (150 px columns in the 1100 px page), shown before any scroll. */
export const CARDS_ABOVE_THE_FOLD = 6;

/** The cover loading of the card at `index` of a list that opens its page. */
export function coverLoadingAt(index: number): CoverLoading {
  if (index === 0) return "lcp";
  return index < CARDS_ABOVE_THE_FOLD ? "eager" : "lazy";
}

/** The <img> attributes of a cover loaded `how`. */
export function coverAttributes(how: CoverLoading) {
  if (how === "lcp") return { loading: "eager", fetchPriority: "high" } as const;
  return { loading: how } as const;
}

export function MicrobookCard({
  microbook: from,
  coverLoading = "lazy",
}: {
  microbook: FragmentType<typeof MicrobookCard_microbook>;
  coverLoading?: CoverLoading;
}) {
  const localize = useLocalizedPath();
  const { data: microbook } = useSuspenseFragment({ fragment: MicrobookCard_microbook, from });
  if (!microbook.edition) return null;
  const { language, title, coverUrl, coverSrcSet, readingMinutes, audio } = microbook.edition;
  return (
    <article className="card">
      <Link to={localize(`/microbook/${microbook.slug}`)} className="card__link">
        <img
          className="card__cover"
          src={coverUrl}
          srcSet={coverSrcSet}
          sizes="150px"
          alt=""
          width={150}
          height={225}
          {...coverAttributes(coverLoading)}
        />
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
