import type { Apollo } from "../../app/apollo";
import { WelcomeAnswersQuery, WelcomeRecommendedQuery } from "./welcome.query";

/** /welcome and /welcome/preparing: the reader's answers so far (theirs alone: never from a stale cache). */
export function welcomeAnswersLoader({ preloadQuery }: Apollo) {
  return async () => ({ queryRef: await preloadQuery.toPromise(preloadQuery(WelcomeAnswersQuery, { fetchPolicy: "network-only" })) });
}

/** /welcome/recommended: books to choose from, ranked for the reader's answers, and those already chosen. */
export function welcomeRecommendedLoader({ preloadQuery }: Apollo) {
  return async () => ({ queryRef: await preloadQuery.toPromise(preloadQuery(WelcomeRecommendedQuery, { fetchPolicy: "network-only" })) });
}
