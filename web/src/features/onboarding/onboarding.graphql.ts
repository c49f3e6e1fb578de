import { graphql } from "../../gql";

// Errors are selected by their own type (the cache has no possibleTypes for the Error interface).

export const SaveOnboardingGoalsMutation = graphql(`
  mutation SaveOnboardingGoals($goals: [OnboardingGoal!]!) {
    saveOnboardingGoals(goals: $goals) {
      __typename
      ... on InvalidInputError {
        issues {
          path
          code
        }
      }
    }
  }
`);

export const SaveOnboardingAboutYouMutation = graphql(`
  mutation SaveOnboardingAboutYou($dailyMinutes: Int, $format: ReadingFormat) {
    saveOnboardingAboutYou(dailyMinutes: $dailyMinutes, format: $format) {
      __typename
      ... on InvalidInputError {
        issues {
          path
          code
        }
      }
    }
  }
`);

export const ChooseOnboardingBooksMutation = graphql(`
  mutation ChooseOnboardingBooks($microbookIds: [ID!]!) {
    chooseOnboardingBooks(microbookIds: $microbookIds) {
      __typename
      ... on InvalidInputError {
        issues {
          path
          code
        }
      }
    }
  }
`);

export const FinishOnboardingMutation = graphql(`
  mutation FinishOnboarding {
    finishOnboarding {
      __typename
      ... on Onboarding {
        completedAt
      }
    }
  }
`);
