import { graphql } from "../../gql";

export const OriginalPageQuery = graphql(`
  query OriginalPage($slug: String!) {
    original(slug: $slug) {
      id
      slug
      title
      specialistName
      specialistRole
      introduction
      stepCount
      steps(first: 50) {
        nodes {
          position
          text
          microbook {
            id
            ...MicrobookCard_microbook
          }
        }
      }
    }
  }
`);
