import { data, type LoaderFunctionArgs } from "react-router-dom";
import type { Apollo } from "../../app/apollo";
import { splitLocale } from "@brevia/routes";
import { ReaderPageQuery } from "./reader.query";

/** The reading view's one query (the reader's own: asked afresh, never cached for anyone else). */
export function readerLoader({ client, preloadQuery }: Apollo) {
  return async ({ params, request }: LoaderFunctionArgs) => {
    const { locale } = splitLocale(new URL(request.url).pathname);
    const variables = { slug: params.slug ?? "", language: locale };
    // Where the reader left off may have moved on another device since this tab last asked.
    const result = await client.query({ query: ReaderPageQuery, variables, fetchPolicy: "network-only" });
    if (!result.data?.microbook?.edition) throw data("This page could not be found", { status: 404 });
    // Now in the cache: the page reads it without another request.
    return { queryRef: preloadQuery(ReaderPageQuery, { variables }) };
  };
}
