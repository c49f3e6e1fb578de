import type { LoaderFunctionArgs } from "react-router-dom";
import type { Apollo } from "../../app/apollo";
import { notFound, PAGE_SIZE, pageFromUrl } from "../../features/discovery/paging";
import { PlaylistsPageQuery } from "./playlists.query";

export function playlistsLoader({ client, preloadQuery }: Apollo) {
  return async ({ request }: LoaderFunctionArgs) => {
    const page = pageFromUrl(new URL(request.url));
    const variables = { page, first: PAGE_SIZE };
    const result = await client.query({ query: PlaylistsPageQuery, variables });
    if (page > 1 && !result.data?.playlists.nodes.length) notFound();
    return { queryRef: preloadQuery(PlaylistsPageQuery, { variables }), page };
  };
}
