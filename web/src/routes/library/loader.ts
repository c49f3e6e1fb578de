import type { LoaderFunctionArgs } from "react-router-dom";
import type { Apollo } from "../../app/apollo";
import type { LibraryShelf, LibrarySort } from "../../gql/graphql";
import { addLibraryTypePolicies } from "../../features/library/library-cache";
import { LibraryFreeTodayQuery, LibraryPageQuery } from "./library.query";

export const SHELVES = ["FAVOURITES", "READING", "READ"] as const satisfies readonly LibraryShelf[];
export const SORTS = ["RECENT", "TITLE", "AUTHOR"] as const satisfies readonly LibrarySort[];

/** `?tab=reading&sort=title` → the shelf and order (unknown values: the first tab, most recent first). */
export function libraryParams(url: URL): { shelf: LibraryShelf; sort: LibrarySort } {
  const tab = url.searchParams.get("tab")?.toUpperCase();
  const sort = url.searchParams.get("sort")?.toUpperCase();
  return {
    shelf: SHELVES.find((s) => s === tab) ?? "FAVOURITES",
    sort: SORTS.find((s) => s === sort) ?? "RECENT",
  };
}

export function libraryLoader({ preloadQuery, client }: Apollo) {
  addLibraryTypePolicies(client.cache);
  return async ({ request }: LoaderFunctionArgs) => {
    const variables = libraryParams(new URL(request.url));
    // From the cache (changed in place by the reader's actions elsewhere), then refreshed.
    const queryRef = await preloadQuery.toPromise(preloadQuery(LibraryPageQuery, { variables, fetchPolicy: "cache-and-network" }));
    // An empty tab offers today's free microbook: read with the page only then (the server's render has it).
    const page = client.cache.readQuery({ query: LibraryPageQuery, variables });
    if (page?.viewer && page.viewer.library.nodes.length === 0) {
      await client.query({ query: LibraryFreeTodayQuery }).catch(() => undefined);
    }
    return { queryRef, ...variables };
  };
}
