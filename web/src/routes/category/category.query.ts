import { graphql } from "../../gql";

export const CategoryPageQuery = graphql(`
  query CategoryPage($slug: String!, $sort: MicrobookSort!, $page: Int!, $first: Int!, $language: Language) {
    category(slug: $slug) {
      id
      slug
      name
      description
      color
      microbookCount
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
  }
`);
