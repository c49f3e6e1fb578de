import { graphql } from "../../gql";

export const HomePageQuery = graphql(`
  query HomePage {
    freeMicrobookToday {
      id
      slug
      author {
        id
        name
      }
      edition {
        id
        language
        title
        subtitle
        coverUrl
        coverSrcSet
      }
    }
    latest: microbooks(sort: NEWEST, first: 12) {
      nodes {
        id
        ...MicrobookCard_microbook
      }
    }
    trending: microbooks(sort: TRENDING, first: 6) {
      nodes {
        id
        ...MicrobookCard_microbook
      }
    }
    originals(first: 3) {
      nodes {
        id
        ...OriginalCard_original
      }
    }
    categories {
      id
      ...CategoryTile_category
    }
    playlists(first: 3) {
      nodes {
        id
        isThisWeek
        ...PlaylistCard_playlist
      }
    }
  }
`);
