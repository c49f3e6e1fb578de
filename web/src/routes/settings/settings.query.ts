import { graphql } from "../../gql";

export const SettingsPageQuery = graphql(`
  query SettingsPage {
    viewer {
      id
      email
      sessions {
        id
        device
        current
        createdAt
        lastUsedAt
      }
    }
  }
`);
