import { graphql } from "../../gql";

// Only the log-in and sign-up pages load these. Errors through the Error interface (MutationError).

export const SignUpMutation = graphql(`
  mutation SignUp($email: String!, $password: String!) {
    signUp(email: $email, password: $password) {
      ...MutationError @unmask
      ... on AuthSession {
        viewer {
          id
          email
          name
        }
      }
    }
  }
`);

export const LogInMutation = graphql(`
  mutation LogIn($email: String!, $password: String!) {
    logIn(email: $email, password: $password) {
      ...MutationError @unmask
      ... on AuthSession {
        viewer {
          id
          email
          name
          # The account's language: the reader goes on in it, on this browser too.
          interfaceLanguage
        }
      }
    }
  }
`);
