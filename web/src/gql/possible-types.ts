
      export type PossibleTypesResultData = {
  "possibleTypes": {
    "Error": [
      "EmailChangeFailedError",
      "EmailTakenError",
      "InvalidCredentialsError",
      "InvalidInputError",
      "MicrobookLockedError",
      "MicrobookNotFoundError",
      "PasswordResetFailedError",
      "RateLimitedError",
      "SessionNotFoundError",
      "WrongConfirmationEmailError",
      "WrongPasswordError"
    ],
    "MutationChangePasswordResult": [
      "AuthSession",
      "InvalidInputError",
      "RateLimitedError",
      "WrongPasswordError"
    ],
    "MutationChooseOnboardingBooksResult": [
      "InvalidInputError",
      "Onboarding"
    ],
    "MutationConfirmEmailChangeResult": [
      "EmailChanged",
      "EmailChangeFailedError",
      "InvalidInputError"
    ],
    "MutationCreatePasswordResult": [
      "AuthSession",
      "InvalidInputError",
      "PasswordResetFailedError",
      "RateLimitedError"
    ],
    "MutationDeleteAccountResult": [
      "AccountDeleted",
      "InvalidInputError",
      "RateLimitedError",
      "WrongConfirmationEmailError",
      "WrongPasswordError"
    ],
    "MutationFinishOnboardingResult": [
      "Onboarding"
    ],
    "MutationLogInResult": [
      "AuthSession",
      "InvalidCredentialsError",
      "InvalidInputError",
      "RateLimitedError"
    ],
    "MutationLogOutResult": [
      "SessionsEnded"
    ],
    "MutationMarkReadResult": [
      "InvalidInputError",
      "Microbook",
      "MicrobookLockedError",
      "MicrobookNotFoundError"
    ],
    "MutationRequestPasswordResetResult": [
      "InvalidInputError",
      "PasswordResetRequested",
      "RateLimitedError"
    ],
    "MutationResetPasswordResult": [
      "InvalidInputError",
      "PasswordResetDone",
      "PasswordResetFailedError",
      "RateLimitedError"
    ],
    "MutationRevokeAllSessionsResult": [
      "SessionsEnded"
    ],
    "MutationRevokeSessionResult": [
      "SessionNotFoundError",
      "SessionsEnded"
    ],
    "MutationSaveOnboardingAboutYouResult": [
      "InvalidInputError",
      "Onboarding"
    ],
    "MutationSaveOnboardingGoalsResult": [
      "InvalidInputError",
      "Onboarding"
    ],
    "MutationSetFavouriteResult": [
      "InvalidInputError",
      "Microbook",
      "MicrobookNotFoundError"
    ],
    "MutationSignUpResult": [
      "AuthSession",
      "EmailTakenError",
      "InvalidInputError",
      "RateLimitedError"
    ],
    "MutationStartReadingResult": [
      "InvalidInputError",
      "Microbook",
      "MicrobookLockedError",
      "MicrobookNotFoundError"
    ],
    "MutationUpdateLanguagePreferencesResult": [
      "InvalidInputError",
      "Viewer"
    ],
    "MutationUpdateProfileResult": [
      "EmailTakenError",
      "InvalidInputError",
      "ProfileUpdated",
      "RateLimitedError",
      "WrongPasswordError"
    ],
    "MutationUpdateSettingsResult": [
      "InvalidInputError",
      "Viewer"
    ],
    "Node": [
      "Author",
      "Category",
      "Microbook",
      "MicrobookEdition",
      "Original",
      "Playlist",
      "Session"
    ]
  }
};
      const result: PossibleTypesResultData = {
  "possibleTypes": {
    "Error": [
      "EmailChangeFailedError",
      "EmailTakenError",
      "InvalidCredentialsError",
      "InvalidInputError",
      "MicrobookLockedError",
      "MicrobookNotFoundError",
      "PasswordResetFailedError",
      "RateLimitedError",
      "SessionNotFoundError",
      "WrongConfirmationEmailError",
      "WrongPasswordError"
    ],
    "MutationChangePasswordResult": [
      "AuthSession",
      "InvalidInputError",
      "RateLimitedError",
      "WrongPasswordError"
    ],
    "MutationChooseOnboardingBooksResult": [
      "InvalidInputError",
      "Onboarding"
    ],
    "MutationConfirmEmailChangeResult": [
      "EmailChanged",
      "EmailChangeFailedError",
      "InvalidInputError"
    ],
    "MutationCreatePasswordResult": [
      "AuthSession",
      "InvalidInputError",
      "PasswordResetFailedError",
      "RateLimitedError"
    ],
    "MutationDeleteAccountResult": [
      "AccountDeleted",
      "InvalidInputError",
      "RateLimitedError",
      "WrongConfirmationEmailError",
      "WrongPasswordError"
    ],
    "MutationFinishOnboardingResult": [
      "Onboarding"
    ],
    "MutationLogInResult": [
      "AuthSession",
      "InvalidCredentialsError",
      "InvalidInputError",
      "RateLimitedError"
    ],
    "MutationLogOutResult": [
      "SessionsEnded"
    ],
    "MutationMarkReadResult": [
      "InvalidInputError",
      "Microbook",
      "MicrobookLockedError",
      "MicrobookNotFoundError"
    ],
    "MutationRequestPasswordResetResult": [
      "InvalidInputError",
      "PasswordResetRequested",
      "RateLimitedError"
    ],
    "MutationResetPasswordResult": [
      "InvalidInputError",
      "PasswordResetDone",
      "PasswordResetFailedError",
      "RateLimitedError"
    ],
    "MutationRevokeAllSessionsResult": [
      "SessionsEnded"
    ],
    "MutationRevokeSessionResult": [
      "SessionNotFoundError",
      "SessionsEnded"
    ],
    "MutationSaveOnboardingAboutYouResult": [
      "InvalidInputError",
      "Onboarding"
    ],
    "MutationSaveOnboardingGoalsResult": [
      "InvalidInputError",
      "Onboarding"
    ],
    "MutationSetFavouriteResult": [
      "InvalidInputError",
      "Microbook",
      "MicrobookNotFoundError"
    ],
    "MutationSignUpResult": [
      "AuthSession",
      "EmailTakenError",
      "InvalidInputError",
      "RateLimitedError"
    ],
    "MutationStartReadingResult": [
      "InvalidInputError",
      "Microbook",
      "MicrobookLockedError",
      "MicrobookNotFoundError"
    ],
    "MutationUpdateLanguagePreferencesResult": [
      "InvalidInputError",
      "Viewer"
    ],
    "MutationUpdateProfileResult": [
      "EmailTakenError",
      "InvalidInputError",
      "ProfileUpdated",
      "RateLimitedError",
      "WrongPasswordError"
    ],
    "MutationUpdateSettingsResult": [
      "InvalidInputError",
      "Viewer"
    ],
    "Node": [
      "Author",
      "Category",
      "Microbook",
      "MicrobookEdition",
      "Original",
      "Playlist",
      "Session"
    ]
  }
};
      export default result;
    