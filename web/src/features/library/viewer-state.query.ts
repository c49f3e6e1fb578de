import { graphql } from "../../gql";

/** A signed-in reader's own state for a microbook: never part of the public page's query. */
export const MicrobookViewerStateQuery = graphql(`
  query MicrobookViewerState($slug: String!) {
    microbook(slug: $slug) {
      id
      viewerState {
        isFavourite
        status
        progress
      }
    }
  }
`);
