import { Trans, useLingui } from "@lingui/react/macro";

export type WelcomeStep = 1 | 2 | 3 | 4;

/** Where the reader is in the onboarding: "Step 2 of 4", and the steps' names for screen readers. */
export function WelcomeSteps({ current }: { current: WelcomeStep }) {
  const { t } = useLingui();
  const names = [t`Your goals`, t`About you`, t`Preparing`, t`Your first books`];
  const total = names.length;
  return (
    <nav className="welcome-steps" aria-label={t`Onboarding steps`}>
      <p className="welcome-steps__count">
        <Trans>
          Step {current} of {total}
        </Trans>
      </p>
      <ol className="welcome-steps__list">
        {names.map((name, index) => (
          <li key={name} aria-current={index + 1 === current ? "step" : undefined}>
            {name}
          </li>
        ))}
      </ol>
    </nav>
  );
}
