import type { Viewer } from "../accounts/viewer.js";

/**
 * Why a reader may (or may not) read a microbook's text and hear its audio.
 * PREMIUM: a trial or paid subscriber reads everything.
 * FREE_TODAY: the free microbook of the day is open to everyone, visitors included: it is how
 *   people discover Brevia.
 * LOCKED: everything else; the reader sees the description and the key-idea titles only.
 */
export type ReadAccess = "PREMIUM" | "FREE_TODAY" | "LOCKED";

export function readAccess(input: { viewer: Viewer | null; microbookId: string; freeTodayId: string | null }): ReadAccess {
  if (input.viewer?.isPremium) return "PREMIUM";
  if (input.freeTodayId !== null && input.microbookId === input.freeTodayId) return "FREE_TODAY";
  return "LOCKED";
}

export function canReadFullText(access: ReadAccess): boolean {
  return access !== "LOCKED";
}
