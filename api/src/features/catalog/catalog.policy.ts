import type { Viewer } from "../accounts/viewer.js";
import { DEFAULT_TIME_ZONE, nextServiceMidnight } from "./service-time.js";

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

const HOUR = 3_600_000;

/**
 * Until when a signed audio URL works, or null when the reader may not hear the microbook. A few
 * hours, rounded up to the hour so a page keeps the same URL (and the browser its cached bytes) for
 * a while. Today's free microbook stops at the end of its day (the service's
 * midnight), plus an hour to finish listening.
 */
export function audioUrlExpiry(access: ReadAccess, now: Date, timeZone: string = DEFAULT_TIME_ZONE): Date | null {
  if (access === "LOCKED") return null;
  const expires = Math.ceil(now.getTime() / HOUR) * HOUR + 6 * HOUR;
  if (access === "PREMIUM") return new Date(expires);
  const endOfDay = nextServiceMidnight(now, timeZone).getTime();
  return new Date(Math.min(expires, endOfDay + HOUR));
}
