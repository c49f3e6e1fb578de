import { useMutation, useReadQuery } from "@apollo/client/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { useLoaderData, useNavigate, useSearchParams } from "react-router-dom";
import { PageHead } from "../../app/PageHead";
import { useWelcomeNext } from "./welcome-next";
import { errorOf, unexpectedError } from "../../app/errors/error-messages";
import { DAILY_MINUTES, FORMATS, GOALS } from "../../features/onboarding/onboarding-messages";
import { SaveOnboardingAboutYouMutation, SaveOnboardingGoalsMutation } from "../../features/onboarding/onboarding.graphql";
import type { OnboardingGoal, ReadingFormat } from "../../gql/graphql";
import type { welcomeAnswersLoader } from "./loader";
import { WelcomeSteps } from "./WelcomeSteps";

/**
 * /welcome (ensureAuthenticated): the goals survey, then a little about the reader (`?step=2`, so a
 * reload or a link keeps the step, and Back returns to the goals). Each step can be skipped; answers
 * are saved as the reader goes on, so leaving half-way keeps what was said.
 */
export function Component() {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const welcomeNext = useWelcomeNext();
  const { queryRef } = useLoaderData() as Awaited<ReturnType<ReturnType<typeof welcomeAnswersLoader>>>;
  const { data } = useReadQuery(queryRef);
  const answers = data.viewer?.onboarding;
  const [params] = useSearchParams();
  const step: 1 | 2 = params.get("step") === "2" ? 2 : 1;
  // The second step, in the address (`next` kept).
  const toAboutYou = () => {
    const wanted = new URLSearchParams(params);
    wanted.set("step", "2");
    return navigate({ search: `?${wanted.toString()}` });
  };
  const [error, setError] = useState("");
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [saveGoals, { loading: savingGoals }] = useMutation(SaveOnboardingGoalsMutation);
  const [saveAboutYou, { loading: savingAboutYou }] = useMutation(SaveOnboardingAboutYouMutation);
  const firstRender = useRef(true);

  // A new step: its heading takes the focus, so keyboard and screen-reader users start at its top.
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    headingRef.current?.focus();
  }, [step]);

  async function submitGoals(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const goals = new FormData(event.currentTarget).getAll("goals").map(String) as OnboardingGoal[];
    try {
      const answer = (await saveGoals({ variables: { goals } })).data?.saveOnboardingGoals;
      const refused = answer && errorOf(i18n, answer);
      if (refused) return setError(refused);
      setError("");
      await toAboutYou();
    } catch {
      setError(unexpectedError(i18n));
    }
  }

  async function submitAboutYou(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const minutes = form.get("dailyMinutes");
    const format = form.get("format");
    try {
      const answer = (
        await saveAboutYou({
          variables: { dailyMinutes: minutes ? Number(minutes) : null, format: format ? (String(format) as ReadingFormat) : null },
        })
      ).data?.saveOnboardingAboutYou;
      const refused = answer && errorOf(i18n, answer);
      if (refused) return setError(refused);
      await navigate(welcomeNext.step("/welcome/preparing"));
    } catch {
      setError(unexpectedError(i18n));
    }
  }

  return (
    <section className="welcome-page" aria-labelledby="welcome-title">
      <PageHead
        title={t`Welcome to Brevia`}
        description={t`Tell us what you want from reading and we will suggest your first microbooks.`}
      />
      <WelcomeSteps current={step} />
      {step === 1 ? (
        <form className="welcome-form" onSubmit={(e) => void submitGoals(e)} aria-busy={savingGoals}>
          <h1 id="welcome-title" tabIndex={-1} ref={headingRef}>
            <Trans>What do you want from reading?</Trans>
          </h1>
          <fieldset className="choice-list">
            <legend>
              <Trans>Choose as many goals as you like.</Trans>
            </legend>
            {GOALS.map(({ goal, label }) => (
              <label key={goal} className="choice">
                <input type="checkbox" name="goals" value={goal} defaultChecked={answers?.goals.includes(goal)} />
                <span>{i18n._(label)}</span>
              </label>
            ))}
          </fieldset>
          <p className="auth-form__error" role="alert">
            {error}
          </p>
          <div className="welcome-actions">
            <button className="button" type="submit" disabled={savingGoals}>
              <Trans>Continue</Trans>
            </button>
            <button className="button button--quiet" type="button" onClick={() => void toAboutYou()}>
              <Trans>Skip this step</Trans>
            </button>
          </div>
        </form>
      ) : (
        <form className="welcome-form" onSubmit={(e) => void submitAboutYou(e)} aria-busy={savingAboutYou}>
          <h1 id="welcome-title" tabIndex={-1} ref={headingRef}>
            <Trans>A little more about you</Trans>
          </h1>
          <fieldset className="choice-list">
            <legend>
              <Trans>How much time a day do you have for reading?</Trans>
            </legend>
            {DAILY_MINUTES.map((minutes) => (
              <label key={minutes} className="choice">
                <input type="radio" name="dailyMinutes" value={minutes} defaultChecked={answers?.dailyMinutes === minutes} />
                <span>
                  <Trans>{minutes} minutes</Trans>
                </span>
              </label>
            ))}
          </fieldset>
          <fieldset className="choice-list">
            <legend>
              <Trans>How do you prefer to take in a book?</Trans>
            </legend>
            {FORMATS.map(({ format, label }) => (
              <label key={format} className="choice">
                <input type="radio" name="format" value={format} defaultChecked={answers?.format === format} />
                <span>{i18n._(label)}</span>
              </label>
            ))}
          </fieldset>
          <p className="auth-form__error" role="alert">
            {error}
          </p>
          <div className="welcome-actions">
            <button className="button" type="submit" disabled={savingAboutYou}>
              <Trans>Continue</Trans>
            </button>
            <button className="button button--quiet" type="button" onClick={() => void navigate(welcomeNext.step("/welcome/preparing"))}>
              <Trans>Skip this step</Trans>
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
