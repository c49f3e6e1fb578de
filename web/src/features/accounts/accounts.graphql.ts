import { graphql } from "../../gql";

// Errors are selected by their own type, not through the Error interface: the cache has no
// possibleTypes, so it could not tell which types implement an interface.

/** Who is signed in: the header, the route guards and the pages after sign-in read it. */
export const SessionViewerQuery = graphql(`
  query SessionViewer {
    viewer {
      id
      email
      name
      hasPassword
    }
  }
`);

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

export const LogOutMutation = graphql(`
  mutation LogOut {
    logOut
  }
`);
