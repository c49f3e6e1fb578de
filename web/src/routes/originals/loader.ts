import type { LoaderFunctionArgs } from "react-router-dom";
import type { Apollo } from "../../app/apollo";
import { notFound, PAGE_SIZE, pageFromUrl } from "../../features/discovery/paging";
import { OriginalsPageQuery } from "./originals.query";

export function originalsLoader({ client, preloadQuery }: Apollo) {
  return async ({ request }: LoaderFunctionArgs) => {
    const page = pageFromUrl(new URL(request.url));
    const variables = { page, first: PAGE_SIZE };
    const result = await client.query({ query: OriginalsPageQuery, variables });
    if (page > 1 && !result.data?.originals.nodes.length) notFound();
    return { queryRef: preloadQuery(OriginalsPageQuery, { variables }), page };
  };
}
