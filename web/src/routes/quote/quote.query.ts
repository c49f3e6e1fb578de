import { graphql } from "../../gql";

/** /quote/:id: a shared highlight's public card. */
export const QuotePageQuery = graphql(`
  query QuotePage($id: String!, $language: Language) {
    quoteCard(id: $id) {
      id
      quote
      truncated
      colour
      language
      microbook {
        id
        slug
        author {
          id
          name
        }
        edition(language: $language) {
          id
          title
          subtitle
          coverUrl
          coverSrcSet
        }
      }
    }
  }
`);
