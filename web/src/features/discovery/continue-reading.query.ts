import { graphql } from "../../gql";

/** A signed-in reader's books in progress (loaded by the home page's loader for them only). */
export const ContinueReadingQuery = graphql(`
  query ContinueReading {
    viewer {
      id
      continueReading(first: 6) {
        nodes {
          id
          ...MicrobookCard_microbook
          viewerState {
            progress
          }
        }
      }
    }
  }
`);
