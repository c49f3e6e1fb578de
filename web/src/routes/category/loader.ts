import type { LoaderFunctionArgs } from "react-router-dom";
import type { Apollo } from "../../app/apollo";
import { languageFromUrl } from "../../features/discovery/language-filter";
import { notFound, PAGE_SIZE, pageFromUrl } from "../../features/discovery/paging";
import type { MicrobookSort } from "../../gql/graphql";
import { CategoryPageQuery } from "./category.query";

/** The sorts a category page offers, as they appear in its address (?sort=…); popular is the default. */
export const CATEGORY_SORTS = { popular: "POPULAR", newest: "NEWEST", title: "TITLE" } as const satisfies Record<string, MicrobookSort>;
export type CategorySortKey = keyof typeof CATEGORY_SORTS;

export function categoryLoader({ client, preloadQuery }: Apollo) {
  return async ({ params, request }: LoaderFunctionArgs) => {
    const url = new URL(request.url);
    const page = pageFromUrl(url);
    const sortKey = (url.searchParams.get("sort") ?? "popular") as CategorySortKey;
    if (!(sortKey in CATEGORY_SORTS)) notFound();
    const language = languageFromUrl(url);
    const variables = { slug: params.slug ?? "", sort: CATEGORY_SORTS[sortKey], page, first: PAGE_SIZE, language };
    const result = await client.query({ query: CategoryPageQuery, variables });
    const category = result.data?.category;
    // An unknown category, or a page past the last, is a 404 like any unknown page.
    if (!category || (page > 1 && category.microbooks.nodes.length === 0)) notFound();
    return { queryRef: preloadQuery(CategoryPageQuery, { variables }), page, sortKey, language };
  };
}
