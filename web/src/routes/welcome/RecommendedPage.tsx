import { useMutation, useReadQuery } from "@apollo/client/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { useRef, useState, type FormEvent } from "react";
import { useLoaderData, useNavigate } from "react-router-dom";
import { PageHead } from "../../app/PageHead";
import { useToast } from "../../app/shell/toasts";
import { useWelcomeNext } from "./welcome-next";
import { BookChoice } from "../../features/onboarding/BookChoice";
import { errorOf, unexpectedError } from "../../app/errors/error-messages";
import { ChooseOnboardingBooksMutation, FinishOnboardingMutation } from "../../features/onboarding/onboarding.graphql";
import type { welcomeRecommendedLoader } from "./loader";
import { WelcomeSteps } from "./WelcomeSteps";

/**
 * /welcome/recommended (ensureAuthenticated): the reader chooses the books to start with, at least 3
 * (the API refuses fewer, and the page says so), or skips. Either way the onboarding ends at home.
 */
export function Component() {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const welcomeNext = useWelcomeNext();
  const toast = useToast();
  const { queryRef } = useLoaderData() as Awaited<ReturnType<ReturnType<typeof welcomeRecommendedLoader>>>;
  const { data } = useReadQuery(queryRef);
  const chosenBefore = data.viewer?.onboardingBooks.map((choice) => choice.microbook) ?? [];
  // Books chosen before come first (recommendations leave them out), then the suggestions.
  const books = [...chosenBefore, ...(data.viewer?.recommendations.nodes ?? [])];
  const [chosen, setChosen] = useState<ReadonlySet<string>>(() => new Set(chosenBefore.map((book) => book.id)));
  const [error, setError] = useState("");
  const errorRef = useRef<HTMLParagraphElement>(null);
  const [choose, { loading: choosing }] = useMutation(ChooseOnboardingBooksMutation);
  const [finish, { loading: finishing }] = useMutation(FinishOnboardingMutation);

  function toggle(id: string, checked: boolean) {
    setChosen((current) => {
      const next = new Set(current);
      if (checked) next.add(id);
      else next.delete(id);
      return next;
    });
  }

  /** Home (or where the reader was going), where the recommendations now follow the reader's answers (its component asks the network again). */
  async function goHome(message: string) {
    toast.show(message);
    await navigate(welcomeNext.end);
  }

  function fail(message: string) {
    setError(message);
    errorRef.current?.focus();
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    try {
      const answer = (await choose({ variables: { microbookIds: [...chosen] } })).data?.chooseOnboardingBooks;
      const refused = answer && errorOf(i18n, answer);
      if (refused) return fail(refused);
      await goHome(t`Welcome to Brevia! Your recommendations are ready.`);
    } catch {
      fail(unexpectedError(i18n));
    }
  }

  async function skip() {
    try {
      await finish();
      await goHome(t`Welcome to Brevia!`);
    } catch {
      fail(unexpectedError(i18n));
    }
  }

  const count = chosen.size;
  return (
    <section className="welcome-page" aria-labelledby="welcome-title">
      <PageHead title={t`Choose your first books · Brevia`} description={t`Choose at least 3 microbooks to start with.`} />
      <WelcomeSteps current={4} />
      <form className="welcome-form" onSubmit={(e) => void submit(e)} aria-busy={choosing}>
        <h1 id="welcome-title">
          <Trans>Choose your first books</Trans>
        </h1>
        <p id="welcome-books-hint">
          <Trans>Choose at least 3 books to start with.</Trans>
        </p>
        <fieldset className="book-choices" aria-describedby="welcome-books-hint">
          <legend className="visually-hidden">
            <Trans>Books recommended for you</Trans>
          </legend>
          <ul className="book-choices__list">
            {books.map((book) => (
              <BookChoice key={book.id} microbook={book} checked={chosen.has(book.id)} onChange={(checked) => toggle(book.id, checked)} />
            ))}
          </ul>
        </fieldset>
        <p className="welcome-count" aria-live="polite">
          <Trans>{count} chosen</Trans>
        </p>
        <p className="auth-form__error" role="alert" tabIndex={-1} ref={errorRef}>
          {error}
        </p>
        <div className="welcome-actions">
          <button className="button" type="submit" disabled={choosing}>
            <Trans>Finish</Trans>
          </button>
          <button className="button button--quiet" type="button" onClick={() => void skip()} disabled={finishing}>
            <Trans>Skip for now</Trans>
          </button>
        </div>
      </form>
    </section>
  );
}
