import { graphql } from "../../gql";

// Errors through the Error interface (MutationError, app/errors/mutation-error.ts).

export const RequestPasswordResetMutation = graphql(`
  mutation RequestPasswordReset($email: String!) {
    requestPasswordReset(email: $email) {
      ...MutationError @unmask
    }
  }
`);

export const ResetPasswordMutation = graphql(`
  mutation ResetPassword($token: String!, $password: String!, $passwordConfirmation: String!) {
    resetPassword(token: $token, password: $password, passwordConfirmation: $passwordConfirmation) {
      ...MutationError @unmask
      ... on PasswordResetDone {
        signedIn
      }
    }
  }
`);

export const CreatePasswordMutation = graphql(`
  mutation CreatePassword($token: String!, $password: String!, $passwordConfirmation: String!) {
    createPassword(token: $token, password: $password, passwordConfirmation: $passwordConfirmation) {
      ...MutationError @unmask
    }
  }
`);

export const ChangePasswordMutation = graphql(`
  mutation ChangePassword($currentPassword: String!, $password: String!, $passwordConfirmation: String!) {
    changePassword(currentPassword: $currentPassword, password: $password, passwordConfirmation: $passwordConfirmation) {
      ...MutationError @unmask
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
      ...MutationError @unmask
      ... on ProfileUpdated {
        emailConfirmationSentTo
        passwordChanged
      }
    }
  }
`);

export const ConfirmEmailChangeMutation = graphql(`
  mutation ConfirmEmailChange($token: String!) {
    confirmEmailChange(token: $token) {
      ...MutationError @unmask
      ... on EmailChanged {
        email
      }
    }
  }
`);
