import type { LoaderFunctionArgs } from "react-router-dom";
import type { Apollo } from "../../app/apollo";
import { notFound } from "../../features/discovery/paging";
import { PlaylistPageQuery } from "./playlist.query";

export function playlistLoader({ client, preloadQuery }: Apollo) {
  return async ({ params }: LoaderFunctionArgs) => {
    const variables = { slug: params.slug ?? "" };
    const result = await client.query({ query: PlaylistPageQuery, variables });
    if (!result.data?.playlist) notFound();
    return { queryRef: preloadQuery(PlaylistPageQuery, { variables }) };
  };
}
