import { graphql } from "../../gql";

export const HomePageQuery = graphql(`
  query HomePage {
    freeMicrobookToday {
      id
      slug
      author {
        id
        name
      }
      edition {
        id
        language
        title
        subtitle
        coverUrl
      }
    }
    latestMicrobooks(first: 12) {
      nodes {
        id
        ...MicrobookCard_microbook
      }
    }
  }
`);
