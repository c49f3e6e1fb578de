import { data, type LoaderFunctionArgs } from "react-router-dom";
import type { Apollo } from "../../app/apollo";
import { splitLocale } from "../../app/route-table";
import { MicrobookPageQuery } from "./microbook.query";

export function microbookLoader({ client, preloadQuery }: Apollo) {
  return async ({ params, request }: LoaderFunctionArgs) => {
    const { locale } = splitLocale(new URL(request.url).pathname);
    const variables = { slug: params.slug ?? "", language: locale };
    const result = await client.query({ query: MicrobookPageQuery, variables });
    // An unknown microbook is a 404 like any unknown page.
    if (!result.data?.microbook) throw data("This page could not be found", { status: 404 });
    // Already in the cache: the component reads it without another request.
    return { queryRef: preloadQuery(MicrobookPageQuery, { variables }) };
  };
}
