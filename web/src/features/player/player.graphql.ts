import { graphql } from "../../gql";

/** What the player needs of an item: who listens, the narration, its signed URL and the saved position. */
export const PlayerItemQuery = graphql(`
  query PlayerItem($id: ID!, $language: Language!) {
    viewer {
      id
      # The reader's speed, kept in the account: every device plays at it.
      readerSettings {
        playbackRate
      }
    }
    node(id: $id) {
      ... on Microbook {
        id
        slug
        author {
          id
          name
        }
        # The fields of ReaderPage's viewerPosition (position-sync updates it in place by id).
        viewerPosition {
          id
          language
          medium
          keyIdea
          keyIdeaOffset
          audioSeconds
          progress
          finished
          deviceId
          sessionId
          sequence
          savedAt
        }
        edition(language: $language) {
          id
          language
          title
          coverUrl
          audio {
            durationSeconds
            chapters {
              title
              startSeconds
            }
          }
          # Null unless the access policy lets this reader listen: the API is the gate.
          content {
            audioUrl
          }
        }
      }
    }
  }
`);

/** The listener chose a speed: kept in their account (the reader settings), so every device plays at it. */
export const UpdatePlaybackRateMutation = graphql(`
  mutation UpdatePlaybackRate($playbackRate: Float!) {
    updateReaderSettings(playbackRate: $playbackRate) {
      ...MutationError @unmask
      ... on Viewer {
        id
        readerSettings {
          playbackRate
        }
      }
    }
  }
`);
