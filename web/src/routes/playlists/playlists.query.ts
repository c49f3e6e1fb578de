import { graphql } from "../../gql";

export const PlaylistsPageQuery = graphql(`
  query PlaylistsPage($page: Int!, $first: Int!) {
    playlists(page: $page, first: $first) {
      pageInfo {
        hasNextPage
      }
      nodes {
        id
        isThisWeek
        ...PlaylistCard_playlist
      }
    }
  }
`);
