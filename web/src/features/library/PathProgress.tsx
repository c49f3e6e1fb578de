import type { QueryRef } from "@apollo/client/react";
import { useReadQuery } from "@apollo/client/react";
import { Trans } from "@lingui/react/macro";
import type { ReactNode } from "react";
import type { OriginalViewerProgressQuery as ProgressResult } from "../../gql/graphql";

export type StepProgress = { read: boolean; next: boolean };
/** A step's place in the reader's progress; null for a visitor. */
export type StepProgressOf = (position: number) => StepProgress | null;

const NO_PROGRESS: StepProgressOf = () => null;

/**
 * Reads the signed-in reader's progress along a path (their own query) and hands the steps list a
 * way to mark each step; a visitor's page renders the same list with no marks.
 */
export function WithPathProgress({
  progressRef,
  children,
}: {
  progressRef: QueryRef<ProgressResult> | null;
  children: (progressOf: StepProgressOf) => ReactNode;
}) {
  if (!progressRef) return <>{children(NO_PROGRESS)}</>;
  return <ReaderPathProgress progressRef={progressRef}>{children}</ReaderPathProgress>;
}

function ReaderPathProgress({
  progressRef,
  children,
}: {
  progressRef: QueryRef<ProgressResult>;
  children: (progressOf: StepProgressOf) => ReactNode;
}) {
  const { data } = useReadQuery(progressRef);
  const progress = data.original?.viewerProgress;
  if (!progress) return <>{children(NO_PROGRESS)}</>;
  const { readCount, stepCount, readStepPositions, nextStepPosition } = progress;
  const progressOf: StepProgressOf = (position) => ({ read: readStepPositions.includes(position), next: position === nextStepPosition });
  return (
    <>
      <div className="path-progress">
        <p id="path-progress-label">
          {readCount === stepCount ? (
            <Trans>You have read every step of this path.</Trans>
          ) : (
            <Trans>
              You have read {readCount} of {stepCount} steps.
            </Trans>
          )}
        </p>
        <progress max={stepCount} value={readCount} aria-labelledby="path-progress-label" />
      </div>
      {children(progressOf)}
    </>
  );
}

/** The mark beside a step: read, or the next one to read. */
export function StepMark({ progress }: { progress: StepProgress | null }) {
  if (progress?.read)
    return (
      <p className="badge path-step__mark path-step__mark--read">
        <Trans>Read</Trans>
      </p>
    );
  if (progress?.next)
    return (
      <p className="badge path-step__mark path-step__mark--next">
        <Trans>Next step</Trans>
      </p>
    );
  return null;
}
