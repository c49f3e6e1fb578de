import { graphql } from "../../gql";

export const ListingPageQuery = graphql(`
  query ListingPage($sort: MicrobookSort!, $page: Int!, $first: Int!) {
    microbooks(sort: $sort, page: $page, first: $first) {
      totalCount
      pageInfo {
        hasNextPage
      }
      nodes {
        id
        ...MicrobookCard_microbook
      }
    }
  }
`);
