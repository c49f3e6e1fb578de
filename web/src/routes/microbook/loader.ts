import { data, type LoaderFunctionArgs } from "react-router-dom";
import type { Apollo } from "../../app/apollo";
import { splitLocale } from "@brevia/routes";
import { currentViewer } from "../../features/accounts/guards";
import { MicrobookPageQuery } from "./microbook.query";

export function microbookLoader(apollo: Apollo) {
  const { client, preloadQuery } = apollo;
  return async ({ params, request }: LoaderFunctionArgs) => {
    const { locale } = splitLocale(new URL(request.url).pathname);
    const variables = { slug: params.slug ?? "", language: locale };
    // The public page (the same for every visitor, response-cached) and, for a signed-in reader only,
    // their own state for the book in its own small query.
    const [result, viewer] = await Promise.all([client.query({ query: MicrobookPageQuery, variables }), currentViewer(apollo)]);
    // An unknown microbook is a 404 like any unknown page.
    if (!result.data?.microbook) throw data("This page could not be found", { status: 404 });
    // Loaded for signed-in readers only: visitors' JavaScript does not carry it.
    const { MicrobookViewerStateQuery } = viewer ? await import("../../features/library/viewer-state.query") : {};
    const stateRef = MicrobookViewerStateQuery
      ? await preloadQuery.toPromise(preloadQuery(MicrobookViewerStateQuery, { variables: { slug: variables.slug } }))
      : null;
    // Already in the cache: the component reads it without another request.
    return { queryRef: preloadQuery(MicrobookPageQuery, { variables }), stateRef };
  };
}
