import { graphql } from "../../gql";

export const WelcomeAnswersQuery = graphql(`
  query WelcomeAnswers {
    viewer {
      id
      onboarding {
        goals
        dailyMinutes
        format
      }
    }
  }
`);

export const WelcomeRecommendedQuery = graphql(`
  query WelcomeRecommended {
    viewer {
      id
      onboardingBooks {
        microbook {
          id
          ...BookChoice_microbook
        }
      }
      recommendations(first: 12) {
        nodes {
          id
          ...BookChoice_microbook
        }
      }
    }
  }
`);
