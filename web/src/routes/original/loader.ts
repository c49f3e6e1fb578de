import type { LoaderFunctionArgs } from "react-router-dom";
import type { Apollo } from "../../app/apollo";
import { currentViewer } from "../../features/accounts/guards";
import { notFound } from "../../features/discovery/paging";
import { OriginalViewerProgressQuery } from "../../features/library/library.graphql";
import { OriginalPageQuery } from "./original.query";

export function originalLoader(apollo: Apollo) {
  const { client, preloadQuery } = apollo;
  return async ({ params }: LoaderFunctionArgs) => {
    const variables = { slug: params.slug ?? "" };
    const [result, viewer] = await Promise.all([client.query({ query: OriginalPageQuery, variables }), currentViewer(apollo)]);
    if (!result.data?.original) notFound();
    // A signed-in reader's progress along the path: their own query, refreshed as they read elsewhere.
    const progressRef = viewer
      ? await preloadQuery.toPromise(preloadQuery(OriginalViewerProgressQuery, { variables, fetchPolicy: "cache-and-network" }))
      : null;
    return { queryRef: preloadQuery(OriginalPageQuery, { variables }), progressRef };
  };
}
