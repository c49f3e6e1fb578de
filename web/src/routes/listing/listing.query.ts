import { graphql } from "../../gql";

export const ListingPageQuery = graphql(`
  query ListingPage($sort: MicrobookSort!, $page: Int!, $first: Int!, $language: Language) {
    microbooks(sort: $sort, page: $page, first: $first, language: $language) {
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
