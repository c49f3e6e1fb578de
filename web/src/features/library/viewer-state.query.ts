import { graphql } from "../../gql";

/**
 * A signed-in reader's own state for a microbook, and what the API's access policy lets them do with it:
 * never part of the public page's query (the same for every visitor, response-cached).
 */
export const MicrobookViewerStateQuery = graphql(`
  query MicrobookViewerState($slug: String!) {
    microbook(slug: $slug) {
      id
      viewerState {
        isFavourite
        status
        progress
      }
      viewerAccess {
        canMarkRead
        canDownload
      }
    }
    kindleSenderEmail
  }
`);
