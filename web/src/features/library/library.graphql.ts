import { graphql } from "../../gql";

// The reader's own state: private operations, sent only for a signed-in reader. Each failure is told by
// its __typename (MicrobookLockedError, MicrobookNotFoundError, InvalidInputError): every document
// ships in the app's shared chunk, so they select no more than the page uses.

export const SetFavouriteMutation = graphql(`
  mutation SetFavourite($microbookId: ID!, $favourite: Boolean!) {
    setFavourite(microbookId: $microbookId, favourite: $favourite) {
      ... on Microbook {
        id
        viewerState {
          isFavourite
          status
          progress
        }
      }
    }
  }
`);

export const MarkReadMutation = graphql(`
  mutation MarkRead($microbookId: ID!, $read: Boolean!) {
    markRead(microbookId: $microbookId, read: $read) {
      ... on Microbook {
        id
        viewerState {
          isFavourite
          status
          progress
        }
      }
    }
  }
`);

export const StartReadingMutation = graphql(`
  mutation StartReading($microbookId: ID!, $progress: Float) {
    startReading(microbookId: $microbookId, progress: $progress) {
      ... on Microbook {
        id
        viewerState {
          isFavourite
          status
          progress
        }
      }
    }
  }
`);

export const OriginalViewerProgressQuery = graphql(`
  query OriginalViewerProgress($slug: String!) {
    original(slug: $slug) {
      id
      viewerProgress {
        stepCount
        readCount
        readStepPositions
        nextStepPosition
      }
    }
  }
`);
