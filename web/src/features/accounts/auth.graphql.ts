import { graphql } from "../../gql";

// Only the log-in and sign-up pages load these. Errors are selected by their own type, not through
// the Error interface: the cache has no possibleTypes, so it could not tell which types implement one.

export const SignUpMutation = graphql(`
  mutation SignUp($email: String!, $password: String!) {
    signUp(email: $email, password: $password) {
      __typename
      ... on AuthSession {
        viewer {
          id
          email
          name
        }
      }
      ... on InvalidInputError {
        issues {
          path
          code
        }
      }
      ... on RateLimitedError {
        retryAfterSeconds
      }
      ... on EmailTakenError {
        code
      }
    }
  }
`);

export const LogInMutation = graphql(`
  mutation LogIn($email: String!, $password: String!) {
    logIn(email: $email, password: $password) {
      __typename
      ... on AuthSession {
        viewer {
          id
          email
          name
          # The account's language: the reader goes on in it, on this browser too.
          interfaceLanguage
        }
      }
      ... on InvalidInputError {
        issues {
          path
          code
        }
      }
      ... on RateLimitedError {
        retryAfterSeconds
      }
      ... on InvalidCredentialsError {
        code
      }
    }
  }
`);
