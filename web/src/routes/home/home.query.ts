import { graphql } from "../../gql";

export const HomePageQuery = graphql(`
  query HomePage {
    freeMicrobookToday {
      id
      slug
      ...MicrobookCard_microbook
      edition {
        id
        subtitle
        about
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
