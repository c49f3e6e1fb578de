import { graphql } from "../../gql";

export const SettingsPageQuery = graphql(`
  query SettingsPage {
    viewer {
      id
      email
      name
      surname
      kindleEmail
      contentLanguage
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
