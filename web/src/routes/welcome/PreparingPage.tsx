import { useReadQuery } from "@apollo/client/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useRef } from "react";
import { Link, useLoaderData } from "react-router-dom";
import { PageHead } from "../../app/PageHead";
import { useWelcomeNext } from "./welcome-next";
import { FORMATS, GOAL_LABELS } from "../../features/onboarding/onboarding-messages";
import type { welcomeAnswersLoader } from "./loader";
import { WelcomeSteps } from "./WelcomeSteps";

/**
 * /welcome/preparing (ensureAuthenticated): what Brevia understood from the reader's answers, before
 * the books chosen for them. The reader goes on (or back to change an answer) when they are ready.
 */
export function Component() {
  const { t, i18n } = useLingui();
  const welcomeNext = useWelcomeNext();
  const { queryRef } = useLoaderData() as Awaited<ReturnType<ReturnType<typeof welcomeAnswersLoader>>>;
  const { data } = useReadQuery(queryRef);
  const answers = data.viewer?.onboarding;
  const continueRef = useRef<HTMLAnchorElement>(null);
  const format = FORMATS.find((f) => f.format === answers?.format);
  useEffect(() => continueRef.current?.focus(), []);

  return (
    <section className="welcome-page" aria-labelledby="welcome-title">
      <PageHead title={t`Preparing your recommendations · Brevia`} description={t`Brevia is choosing microbooks for your goals.`} />
      <WelcomeSteps current={3} />
      <h1 id="welcome-title">
        <Trans>Preparing your recommendations</Trans>
      </h1>
      {answers?.goals.length ? (
        <>
          <p>
            <Trans>We are choosing microbooks to help you:</Trans>
          </p>
          <ul className="welcome-summary">
            {answers.goals.map((goal) => (
              <li key={goal}>{i18n._(GOAL_LABELS[goal])}</li>
            ))}
          </ul>
        </>
      ) : (
        <p>
          <Trans>You did not choose any goals, so we will start with the books readers love most.</Trans>
        </p>
      )}
      {answers?.dailyMinutes && (
        <p>
          <Trans>With {answers.dailyMinutes} minutes a day, you can finish a microbook in a day or two.</Trans>
        </p>
      )}
      {format && (
        <p>
          <Trans>You prefer: {i18n._(format.label)}.</Trans>
        </p>
      )}
      <div className="welcome-actions">
        <Link className="button" to={welcomeNext.step("/welcome/recommended")} ref={continueRef}>
          <Trans>See my recommendations</Trans>
        </Link>
        <Link to={welcomeNext.step("/welcome")}>
          <Trans>Change my answers</Trans>
        </Link>
      </div>
    </section>
  );
}
