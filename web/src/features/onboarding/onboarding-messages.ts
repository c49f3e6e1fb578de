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
