import type { LoaderFunctionArgs } from "react-router-dom";
import type { Apollo } from "../../app/apollo";
import { languageFromUrl } from "../../features/discovery/language-filter";
import { notFound, PAGE_SIZE, pageFromUrl } from "../../features/discovery/paging";
import { ListingPageQuery } from "./listing.query";

/** /trending (most read this week, then ever) and /latest (newest first): one page component, two orders. */
export function listingLoader({ client, preloadQuery }: Apollo, sort: "TRENDING" | "NEWEST") {
  return async ({ request }: LoaderFunctionArgs) => {
    const url = new URL(request.url);
    const page = pageFromUrl(url);
    const language = languageFromUrl(url);
    const variables = { sort, page, first: PAGE_SIZE, language };
    const result = await client.query({ query: ListingPageQuery, variables });
    if (page > 1 && !result.data?.microbooks.nodes.length) notFound();
    return { queryRef: preloadQuery(ListingPageQuery, { variables }), page, sort, language };
  };
}
