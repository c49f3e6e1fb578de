import { msg } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";
import type { OnboardingGoal, ReadingFormat } from "../../gql/graphql";

/** The goals survey's choices, in the order shown. */
export const GOALS: { goal: OnboardingGoal; label: MessageDescriptor }[] = [
  { goal: "PRODUCTIVITY", label: msg`Get more done and build better habits` },
  { goal: "LEADERSHIP", label: msg`Lead people and think strategically` },
  { goal: "MONEY", label: msg`Understand money and the economy` },
  { goal: "WELLBEING", label: msg`Take care of my mind and body` },
  { goal: "RELATIONSHIPS", label: msg`Communicate and relate better` },
  { goal: "MEANING", label: msg`Find meaning and think clearly` },
  { goal: "UNDERSTAND_THE_WORLD", label: msg`Understand history, politics and science` },
  { goal: "INSPIRATION", label: msg`Be inspired by remarkable lives` },
];

export const GOAL_LABELS = Object.fromEntries(GOALS.map(({ goal, label }) => [goal, label])) as Record<OnboardingGoal, MessageDescriptor>;

export const FORMATS: { format: ReadingFormat; label: MessageDescriptor }[] = [
  { format: "READ", label: msg`Reading` },
  { format: "LISTEN", label: msg`Listening` },
  { format: "BOTH", label: msg`Both` },
];

export const DAILY_MINUTES = [5, 10, 15, 30] as const;

/** The onboarding's messages by the API's codes (spec §5: at least 3 books). */
export const ONBOARDING_ERRORS = {
  TOO_FEW_BOOKS: msg`Please choose at least 3 books.`,
  TOO_MANY: msg`That is more than we can take at once. Please choose fewer.`,
  UNKNOWN_BOOK: msg`One of those books is no longer available. Please reload the page.`,
  NOT_AN_OPTION: msg`Please choose one of the options.`,
  UNEXPECTED: msg`Something went wrong. Please try again.`,
} satisfies Record<string, MessageDescriptor>;

/** The message for an InvalidInputError's first issue. */
export function onboardingErrorOf(issues: readonly { code: string }[]): MessageDescriptor {
  const code = issues[0]?.code as keyof typeof ONBOARDING_ERRORS | undefined;
  return (code && ONBOARDING_ERRORS[code]) ?? ONBOARDING_ERRORS.UNEXPECTED;
}
