import { useReadQuery } from "@apollo/client/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { Link, useLoaderData } from "react-router-dom";
import { PageHead } from "../../app/PageHead";
import { useLocalizedPath } from "../../app/useLocale";
import { MicrobookCard } from "../../features/catalog/MicrobookCard";
import { RichText } from "../../features/catalog/RichText";
import { StepMark, WithPathProgress } from "../../features/library/PathProgress";
import type { originalLoader } from "./loader";

/** A description for the head: the first sentence or two of a text, under about 160 characters. */
export function summary(text: string, max = 160): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const sentence = cut.lastIndexOf(". ");
  return sentence > 60 ? cut.slice(0, sentence + 1) : `${cut.slice(0, cut.lastIndexOf(" "))}…`;
}

export function Component() {
  const { t } = useLingui();
  const localize = useLocalizedPath();
  const { queryRef, progressRef } = useLoaderData() as Awaited<ReturnType<ReturnType<typeof originalLoader>>>;
  const { data } = useReadQuery(queryRef);
  const original = data.original;
  if (!original) return null;
  return (
    <article className="original" aria-labelledby="original-title">
      <PageHead title={t`${original.title} · Brevia`} description={summary(original.introduction)} />
      <p className="listing__eyebrow">
        <Link to={localize("/originals")}>
          <Trans>Originals</Trans>
        </Link>
      </p>
      <h1 id="original-title">{original.title}</h1>
      <p className="original__specialist">
        <Trans>
          By the {original.specialistRole} of {original.specialistName}
        </Trans>
      </p>
      <div className="original__introduction">
        <RichText text={original.introduction} />
      </div>
      <h2>
        <Trans>The path, step by step</Trans>
      </h2>
      <WithPathProgress progressRef={progressRef}>
        {(progressOf) => (
          <ol className="original__steps">
            {original.steps.nodes.map((step) => {
              const progress = progressOf(step.position);
              return (
                <li
                  key={step.position}
                  className={`original__step${progress?.next ? " original__step--next" : ""}${progress?.read ? " original__step--read" : ""}`}
                  aria-current={progress?.next ? "step" : undefined}
                >
                  <div className="original__step-text">
                    <h3>
                      <Trans>Step {step.position + 1}</Trans>
                    </h3>
                    <StepMark progress={progress} />
                    <RichText text={step.text} />
                  </div>
                  <MicrobookCard microbook={step.microbook} />
                </li>
              );
            })}
          </ol>
        )}
      </WithPathProgress>
    </article>
  );
}
