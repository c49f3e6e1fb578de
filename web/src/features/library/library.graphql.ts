import { graphql } from "../../gql";

// The reader's own state: private queries, sent only for a signed-in reader, never part of a page's
// public (response-cached) query. Errors are selected by their own type (the cache has no possibleTypes).

export const SetFavouriteMutation = graphql(`
  mutation SetFavourite($microbookId: ID!, $favourite: Boolean!) {
    setFavourite(microbookId: $microbookId, favourite: $favourite) {
      __typename
      ... on Microbook {
        id
        viewerState {
          isFavourite
          status
          progress
        }
      }
      ... on MicrobookNotFoundError {
        code
      }
      ... on InvalidInputError {
        code
      }
    }
  }
`);

export const MarkReadMutation = graphql(`
  mutation MarkRead($microbookId: ID!, $read: Boolean!) {
    markRead(microbookId: $microbookId, read: $read) {
      __typename
      ... on Microbook {
        id
        viewerState {
          isFavourite
          status
          progress
        }
      }
      ... on MicrobookNotFoundError {
        code
      }
      ... on MicrobookLockedError {
        code
      }
      ... on InvalidInputError {
        code
      }
    }
  }
`);

export const StartReadingMutation = graphql(`
  mutation StartReading($microbookId: ID!, $progress: Float) {
    startReading(microbookId: $microbookId, progress: $progress) {
      __typename
      ... on Microbook {
        id
        viewerState {
          isFavourite
          status
          progress
        }
      }
      ... on MicrobookNotFoundError {
        code
      }
      ... on MicrobookLockedError {
        code
      }
      ... on InvalidInputError {
        code
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
