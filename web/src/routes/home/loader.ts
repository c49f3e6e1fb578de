import type { Apollo } from "../../app/apollo";
import { currentViewer } from "../../features/accounts/guards";
import { HomePageQuery } from "./home.query";

export function homeLoader(apollo: Apollo) {
  const { preloadQuery } = apollo;
  return async () => {
    // The public page's query, and for a signed-in reader only, their own sections' queries beside it.
    // (Theirs changes as they read elsewhere: shown from the cache, then refreshed.)
    const [queryRef, viewer] = await Promise.all([preloadQuery.toPromise(preloadQuery(HomePageQuery)), currentViewer(apollo)]);
    // Loaded for signed-in readers only: visitors' JavaScript does not carry it.
    const { ContinueReadingQuery } = viewer ? await import("../../features/discovery/continue-reading.query") : {};
    const continueReadingRef = ContinueReadingQuery
      ? await preloadQuery.toPromise(preloadQuery(ContinueReadingQuery, { fetchPolicy: "cache-and-network" }))
      : null;
    return { queryRef, continueReadingRef };
  };
}
