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
      ...MutationError @unmask
      ... on Viewer {
        id
        name
        surname
        kindleEmail
        interfaceLanguage
        contentLanguage
      }
    }
  }
`);

export const DeleteAccountMutation = graphql(`
  mutation DeleteAccount($password: String, $email: String) {
    deleteAccount(password: $password, email: $email) {
      ...MutationError @unmask
    }
  }
`);
