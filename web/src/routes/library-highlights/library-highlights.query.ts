import { graphql } from "../../gql";

/** /library/highlights: the reader's highlights, newest first, filtered by `search`. */
export const LibraryHighlightsQuery = graphql(`
  query LibraryHighlights($search: String, $after: String) {
    viewer {
      id
      highlights(search: $search, first: 30, after: $after) {
        totalCount
        pageInfo {
          hasNextPage
          endCursor
        }
        edges {
          node {
            id
            ...HighlightItem_highlight
          }
        }
      }
    }
  }
`);
