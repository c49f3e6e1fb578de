import { graphql } from "../../gql";

export const SearchPageQuery = graphql(`
  query SearchPage($query: String!, $language: Language!, $category: ID, $format: SearchFormat, $after: String) {
    search(query: $query, language: $language, category: $category, format: $format, first: 10, after: $after) {
      edges {
        cursor
        node {
          id
          slug
          edition(language: $language) {
            id
            language
            coverUrl
            coverSrcSet
            readingMinutes
            audio {
              durationSeconds
            }
          }
        }
        highlights {
          title {
            text
            matches {
              start
              end
            }
          }
          subtitle {
            text
            matches {
              start
              end
            }
          }
          author {
            text
            matches {
              start
              end
            }
          }
          snippet {
            source
            text
            matches {
              start
              end
            }
          }
        }
      }
      pageInfo {
        hasNextPage
        endCursor
      }
      correctedQuery
      suggestions
      popular {
        id
        ...MicrobookCard_microbook
      }
    }
    categories {
      id
      name
    }
  }
`);
