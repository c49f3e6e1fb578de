import { graphql } from "../../gql";

// Errors are selected by their own type (the cache has no possibleTypes), as in accounts.graphql.ts.

export const RequestPasswordResetMutation = graphql(`
  mutation RequestPasswordReset($email: String!) {
    requestPasswordReset(email: $email) {
      __typename
      ... on InvalidInputError {
        issues {
          path
          code
        }
      }
      ... on RateLimitedError {
        retryAfterSeconds
      }
    }
  }
`);

export const ResetPasswordMutation = graphql(`
  mutation ResetPassword($token: String!, $password: String!, $passwordConfirmation: String!) {
    resetPassword(token: $token, password: $password, passwordConfirmation: $passwordConfirmation) {
      __typename
      ... on PasswordResetDone {
        signedIn
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
    }
  }
`);

export const CreatePasswordMutation = graphql(`
  mutation CreatePassword($token: String!, $password: String!, $passwordConfirmation: String!) {
    createPassword(token: $token, password: $password, passwordConfirmation: $passwordConfirmation) {
      __typename
      ... on InvalidInputError {
        issues {
          path
          code
        }
      }
      ... on RateLimitedError {
        retryAfterSeconds
      }
    }
  }
`);

export const ChangePasswordMutation = graphql(`
  mutation ChangePassword($currentPassword: String!, $password: String!, $passwordConfirmation: String!) {
    changePassword(currentPassword: $currentPassword, password: $password, passwordConfirmation: $passwordConfirmation) {
      __typename
      ... on InvalidInputError {
        issues {
          path
          code
        }
      }
      ... on RateLimitedError {
        retryAfterSeconds
      }
    }
  }
`);

export const UpdateProfileMutation = graphql(`
  mutation UpdateProfile($newEmail: String, $password: String, $passwordConfirmation: String, $currentPassword: String!) {
    updateProfile(
      newEmail: $newEmail
      password: $password
      passwordConfirmation: $passwordConfirmation
      currentPassword: $currentPassword
    ) {
      __typename
      ... on ProfileUpdated {
        emailConfirmationSentTo
        passwordChanged
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
    }
  }
`);

export const ConfirmEmailChangeMutation = graphql(`
  mutation ConfirmEmailChange($token: String!) {
    confirmEmailChange(token: $token) {
      __typename
      ... on EmailChanged {
        email
      }
    }
  }
`);
