import type { I18n } from "@lingui/core";
import { data, type LoaderFunctionArgs } from "react-router-dom";
import type { Apollo } from "../../app/apollo";
import { loadPageCatalogue } from "../../app/page-catalogues";
import { splitLocale } from "@brevia/routes";
import { currentViewer } from "../../features/accounts/guards";
import { MicrobookPageQuery } from "./microbook.query";

export function microbookLoader(apollo: Apollo, i18n: I18n) {
  const { client, preloadQuery } = apollo;
  return async ({ params, request }: LoaderFunctionArgs) => {
    const { locale } = splitLocale(new URL(request.url).pathname);
    const variables = { slug: params.slug ?? "", language: locale };
    // The public page (the same for every visitor, response-cached) and, for a signed-in reader only,
    // their own state for the book in its own small query.
    const [result, viewer] = await Promise.all([client.query({ query: MicrobookPageQuery, variables }), currentViewer(apollo)]);
    // An unknown microbook is a 404 like any unknown page.
    if (!result.data?.microbook) throw data("This page could not be found", { status: 404 });
    // Loaded for signed-in readers only: visitors' JavaScript does not carry it, nor the messages of the
    // errors their buttons may meet (the error registry's catalogue).
    const [{ MicrobookViewerStateQuery }] = viewer
      ? await Promise.all([import("../../features/library/viewer-state.query"), loadPageCatalogue(i18n, "errors", locale, apollo)])
      : [{}];
    const stateRef = MicrobookViewerStateQuery
      ? await preloadQuery.toPromise(preloadQuery(MicrobookViewerStateQuery, { variables: { slug: variables.slug } }))
      : null;
    // Already in the cache: the component reads it without another request.
    return { queryRef: preloadQuery(MicrobookPageQuery, { variables }), stateRef };
  };
}
