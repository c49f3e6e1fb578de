import type { FragmentType } from "@apollo/client";
import { useSuspenseFragment } from "@apollo/client/react";
import { Plural, Trans } from "@lingui/react/macro";
import { Link } from "react-router-dom";
import { graphql } from "../../gql";
import { useLocalizedPath } from "../../app/useLocale";
import type { CoverLoading } from "../catalog/MicrobookCard";

export const OriginalCard_original = graphql(`
  fragment OriginalCard_original on Original {
    id
    slug
    title
    specialistName
    specialistRole
    stepCount
    steps(first: 3) {
      nodes {
        position
        microbook {
          id
          edition {
            id
            coverUrl
            coverSrcSet
          }
        }
      }
    }
  }
`);

/** A learning path: its title, its specialist, and the covers of its first steps. */
export function OriginalCard({
  original: from,
  coverLoading = "lazy",
}: {
  original: FragmentType<typeof OriginalCard_original>;
  /** "eager" for a card above the fold (see MicrobookCard's CoverLoading). */
  coverLoading?: Exclude<CoverLoading, "lcp">;
}) {
  const localize = useLocalizedPath();
  const { data: original } = useSuspenseFragment({ fragment: OriginalCard_original, from });
  return (
    <article className="original-card">
      <div className="original-card__covers" aria-hidden="true">
        {original.steps.nodes.map((step) =>
          step.microbook.edition ? (
            <img
              key={step.position}
              src={step.microbook.edition.coverUrl}
              srcSet={step.microbook.edition.coverSrcSet}
              sizes="80px"
              alt=""
              width={80}
              height={120}
              loading={coverLoading}
            />
          ) : null,
        )}
      </div>
      <h3 className="original-card__title">
        <Link to={localize(`/originals/${original.slug}`)}>{original.title}</Link>
      </h3>
      <p className="original-card__meta">
        <Trans>
          By the {original.specialistRole} of {original.specialistName}
        </Trans>
      </p>
      <p className="original-card__meta">
        <Plural value={original.stepCount} one="# step" other="# steps" />
      </p>
    </article>
  );
}
