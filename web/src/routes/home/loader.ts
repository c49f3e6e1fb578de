import type { Apollo } from "../../app/apollo";
import { currentViewer } from "../../features/accounts/guards";
import { ContinueReadingQuery } from "../../features/discovery/ContinueReading";
import { HomePageQuery } from "./home.query";

export function homeLoader(apollo: Apollo) {
  const { preloadQuery } = apollo;
  return async () => {
    // The public page's query, and for a signed-in reader only, their own sections' queries beside it.
    // (Theirs changes as they read elsewhere: shown from the cache, then refreshed.)
    const [queryRef, viewer] = await Promise.all([preloadQuery.toPromise(preloadQuery(HomePageQuery)), currentViewer(apollo)]);
    const continueReadingRef = viewer
      ? await preloadQuery.toPromise(preloadQuery(ContinueReadingQuery, { fetchPolicy: "cache-and-network" }))
      : null;
    return { queryRef, continueReadingRef };
  };
}
