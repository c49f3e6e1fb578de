import { graphql } from "../../gql";

export const PlaylistPageQuery = graphql(`
  query PlaylistPage($slug: String!) {
    playlist(slug: $slug) {
      id
      slug
      title
      description
      weekStart
      isThisWeek
      itemCount
      items(first: 50) {
        nodes {
          position
          microbook {
            id
            ...MicrobookCard_microbook
            # What play-all needs: the title it announces, whether it is narrated (public), and the
            # audio URL, null unless this reader may hear it: the API is the gate.
            edition {
              id
              title
              language
              audio {
                durationSeconds
              }
              content {
                audioUrl
              }
            }
          }
        }
      }
    }
  }
`);
