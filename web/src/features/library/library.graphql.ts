import { graphql } from "../../gql";

// The reader's own state: private operations, sent only for a signed-in reader. A failure is a typed
// error (MutationError: MicrobookLockedError, MicrobookNotFoundError, InvalidInputError), said by its code.
// A success answers the microbook with the reader's state and what the access policy now lets them do
// (viewerAccess, as MicrobookViewerStateQuery has it): the buttons follow the API, never a rule of their own.

export const SetFavouriteMutation = graphql(`
  mutation SetFavourite($microbookId: ID!, $favourite: Boolean!) {
    setFavourite(microbookId: $microbookId, favourite: $favourite) {
      ...MutationError @unmask
      ... on Microbook {
        id
        viewerState {
          isFavourite
          status
          progress
        }
        viewerAccess {
          canMarkRead
        }
      }
    }
  }
`);

export const MarkReadMutation = graphql(`
  mutation MarkRead($microbookId: ID!, $read: Boolean!) {
    markRead(microbookId: $microbookId, read: $read) {
      ...MutationError @unmask
      ... on Microbook {
        id
        viewerState {
          isFavourite
          status
          progress
        }
        viewerAccess {
          canMarkRead
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

export const RemoveFromLibraryMutation = graphql(`
  mutation RemoveFromLibrary($microbookId: ID!) {
    removeFromLibrary(microbookId: $microbookId) {
      ...MutationError @unmask
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

export const SendToKindleMutation = graphql(`
  mutation SendToKindle($microbookId: ID!) {
    sendToKindle(microbookId: $microbookId) {
      ...MutationError @unmask
      ... on KindleDelivery {
        to
        from
      }
    }
  }
`);
