import type { OnboardingGoal } from "../../generated/prisma/enums.js";

/**
 * The catalogue categories (by slug) each onboarding goal stands for: a reader who wants to lead well
 * is shown leadership and communication books first. Slugs that no category has are simply unmatched,
 * so the map survives catalogue changes.
 */
export const GOAL_CATEGORIES: Record<OnboardingGoal, readonly string[]> = {
  PRODUCTIVITY: ["productivity"],
  LEADERSHIP: ["leadership", "communication"],
  MONEY: ["economics"],
  WELLBEING: ["health", "psychology"],
  RELATIONSHIPS: ["communication", "psychology"],
  MEANING: ["philosophy", "spirituality"],
  UNDERSTAND_THE_WORLD: ["history", "politics", "science"],
  INSPIRATION: ["biography"],
};

/** Pairs (goal, category slug) of the whole map, as two parallel arrays for one SQL `unnest`. */
export function goalCategoryPairs(): { goals: string[]; slugs: string[] } {
  const pairs = Object.entries(GOAL_CATEGORIES).flatMap(([goal, slugs]) => slugs.map((slug) => [goal, slug] as const));
  return { goals: pairs.map(([goal]) => goal), slugs: pairs.map(([, slug]) => slug) };
}

/** Minutes a day a reader can say they have (the "more about you" step). */
export const DAILY_MINUTES = [5, 10, 15, 30] as const;

/** Books a reader chooses at the end of the onboarding: at least this many (spec §5, §9). */
export const MIN_CHOSEN_BOOKS = 3;
export const MAX_CHOSEN_BOOKS = 30;
