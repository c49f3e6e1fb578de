import { graphql } from "../../gql";

export const OriginalsPageQuery = graphql(`
  query OriginalsPage($page: Int!, $first: Int!) {
    originals(page: $page, first: $first) {
      pageInfo {
        hasNextPage
      }
      nodes {
        id
        ...OriginalCard_original
      }
    }
  }
`);
