import { graphql } from "../../gql";

export const UpdateSettingsMutation = graphql(`
  mutation UpdateSettings($name: String, $surname: String, $kindleEmail: String, $interfaceLanguage: Language, $contentLanguage: Language) {
    updateSettings(
      name: $name
      surname: $surname
      kindleEmail: $kindleEmail
      interfaceLanguage: $interfaceLanguage
      contentLanguage: $contentLanguage
    ) {
      __typename
      ... on Viewer {
        id
        name
        surname
        kindleEmail
        interfaceLanguage
        contentLanguage
      }
      ... on InvalidInputError {
        issues {
          path
          code
        }
      }
    }
  }
`);

export const DeleteAccountMutation = graphql(`
  mutation DeleteAccount($password: String, $email: String) {
    deleteAccount(password: $password, email: $email) {
      __typename
      ... on InvalidInputError {
        issues {
          path
          code
        }
      }
      ... on WrongPasswordError {
        code
      }
      ... on WrongConfirmationEmailError {
        code
      }
      ... on RateLimitedError {
        retryAfterSeconds
      }
    }
  }
`);
