import type { LoaderFunctionArgs } from "react-router-dom";
import type { Apollo } from "../../app/apollo";
import { notFound } from "../../features/discovery/paging";
import { OriginalPageQuery } from "./original.query";

export function originalLoader({ client, preloadQuery }: Apollo) {
  return async ({ params }: LoaderFunctionArgs) => {
    const variables = { slug: params.slug ?? "" };
    const result = await client.query({ query: OriginalPageQuery, variables });
    if (!result.data?.original) notFound();
    return { queryRef: preloadQuery(OriginalPageQuery, { variables }) };
  };
}
