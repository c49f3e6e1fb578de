import { graphql } from "../../gql";

export const PlaylistPageQuery = graphql(`
  query PlaylistPage($slug: String!) {
    playlist(slug: $slug) {
      id
      slug
      title
      description
      week
      isThisWeek
      itemCount
      items(first: 50) {
        nodes {
          position
          microbook {
            id
            ...MicrobookCard_microbook
          }
        }
      }
    }
  }
`);
