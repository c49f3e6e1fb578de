import type { LoaderFunctionArgs } from "react-router-dom";
import type { Apollo } from "../../app/apollo";
import { splitLocale } from "@brevia/routes";
import { readSearchParams } from "../../features/search/search-params";
import { SearchPageQuery } from "./search.query";

export function searchLoader({ preloadQuery }: Apollo) {
  return async ({ request }: LoaderFunctionArgs) => {
    const url = new URL(request.url);
    const state = readSearchParams(url.searchParams, splitLocale(url.pathname).locale);
    const variables = { query: state.query, language: state.language, category: state.category, format: state.format, after: state.after };
    // The navigation's signal: typing on supersedes this navigation, and its request is cancelled.
    const queryRef = preloadQuery(SearchPageQuery, { variables, context: { fetchOptions: { signal: request.signal } } });
    await preloadQuery.toPromise(queryRef);
    return { queryRef, state };
  };
}
