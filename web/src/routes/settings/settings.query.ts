import { graphql } from "../../gql";

export const SettingsPageQuery = graphql(`
  query SettingsPage {
    viewer {
      id
      email
      hasPassword
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
