import { graphql } from "../../gql";

// Errors through the Error interface (MutationError, app/errors/mutation-error.ts).

export const SaveOnboardingGoalsMutation = graphql(`
  mutation SaveOnboardingGoals($goals: [OnboardingGoal!]!) {
    saveOnboardingGoals(goals: $goals) {
      ...MutationError @unmask
    }
  }
`);

export const SaveOnboardingAboutYouMutation = graphql(`
  mutation SaveOnboardingAboutYou($dailyMinutes: Int, $format: ReadingFormat) {
    saveOnboardingAboutYou(dailyMinutes: $dailyMinutes, format: $format) {
      ...MutationError @unmask
    }
  }
`);

export const ChooseOnboardingBooksMutation = graphql(`
  mutation ChooseOnboardingBooks($microbookIds: [ID!]!) {
    chooseOnboardingBooks(microbookIds: $microbookIds) {
      ...MutationError @unmask
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
