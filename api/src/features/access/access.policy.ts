// THE access policy: what a viewer may do with a microbook, and why not. Pure functions of what the
// session knows (signed in, premium from the entitlements) and of the microbook (today's free one,
// started by this reader). Resolvers, search snippets, audio URLs, reading-state writes and the web
// ask this module; nothing else reads `isPremium`.
import { DEFAULT_TIME_ZONE, nextServiceMidnight } from "../catalog/service-time.js";

/**
 * Why a reader may (or may not) read a microbook's text and hear its audio.
 * PREMIUM: a trial or paid subscriber reads everything.
 * FREE_TODAY: the free microbook of the day is open to everyone, visitors included: it is how
 *   people discover Brevia.
 * LOCKED: everything else; the reader sees the description and the key-idea titles only.
 */
export type ReadAccess = "PREMIUM" | "FREE_TODAY" | "LOCKED";

/** What a reader can do with a microbook; each action is decided here. */
export const MICROBOOK_ACTIONS = ["read", "listen", "highlight", "markRead", "download"] as const;
export type MicrobookAction = (typeof MICROBOOK_ACTIONS)[number];

/** Why an action is refused: what would open it. */
export type AccessRefusal = "SIGN_IN" | "PREMIUM";

export type Decision = { allowed: true; reason: null } | { allowed: false; reason: AccessRefusal };

/** What the policy needs to know about the viewer (from the session). */
export type AccessViewer = { isPremium: boolean } | null;

/** What the policy needs to know about one microbook, for this viewer. */
export type MicrobookFacts = {
  /** Today's free microbook. */
  freeToday: boolean;
  /** This reader opened it before (while it was free, or while subscribed). */
  started: boolean;
};

/** Whether this viewer reads everything (no per-book decision is needed). */
export const readsEverything = (viewer: AccessViewer): boolean => viewer?.isPremium ?? false;

export function readAccess(viewer: AccessViewer, facts: Pick<MicrobookFacts, "freeToday">): ReadAccess {
  if (readsEverything(viewer)) return "PREMIUM";
  return facts.freeToday ? "FREE_TODAY" : "LOCKED";
}

const ALLOWED: Decision = { allowed: true, reason: null };
const refused = (reason: AccessRefusal): Decision => ({ allowed: false, reason });

/**
 * One action on one microbook for one viewer.
 * - read, listen: a subscriber, or anyone on today's free microbook.
 * - highlight (and annotate): what the reader may read, kept in their account (signed in).
 * - markRead: signed in, and a book they may read or have started (a locked book they never opened
 *   would record a read nobody could have made).
 * - download (EPUB, Send to Kindle): subscribers only; a free day's book is not theirs to keep.
 */
export function decide(action: MicrobookAction, viewer: AccessViewer, facts: MicrobookFacts): Decision {
  const level = readAccess(viewer, facts);
  const canRead = level !== "LOCKED";
  switch (action) {
    case "read":
    case "listen":
      return canRead ? ALLOWED : refused("PREMIUM");
    case "highlight":
      if (!canRead) return refused("PREMIUM");
      return viewer ? ALLOWED : refused("SIGN_IN");
    case "markRead":
      if (!viewer) return refused("SIGN_IN");
      return canRead || facts.started ? ALLOWED : refused("PREMIUM");
    case "download":
      if (level === "PREMIUM") return ALLOWED;
      return viewer || !canRead ? refused("PREMIUM") : refused("SIGN_IN");
  }
}

/** Every action's decision, and the access level, for one microbook. */
export function microbookAccess(viewer: AccessViewer, facts: MicrobookFacts) {
  return {
    level: readAccess(viewer, facts),
    ...(Object.fromEntries(MICROBOOK_ACTIONS.map((action) => [action, decide(action, viewer, facts)])) as Record<
      MicrobookAction,
      Decision
    >),
  };
}
export type MicrobookAccess = ReturnType<typeof microbookAccess>;

const HOUR = 3_600_000;

/**
 * Until when a signed audio URL works, or null when the reader may not hear the microbook. A few
 * hours, rounded up to the hour so a page keeps the same URL (and the browser its cached bytes) for
 * a while. Today's free microbook stops at the end of its day (the service's midnight), plus an hour
 * to finish listening.
 */
export function audioUrlExpiry(access: ReadAccess, now: Date, timeZone: string = DEFAULT_TIME_ZONE): Date | null {
  if (access === "LOCKED") return null;
  const expires = Math.ceil(now.getTime() / HOUR) * HOUR + 6 * HOUR;
  if (access === "PREMIUM") return new Date(expires);
  const endOfDay = nextServiceMidnight(now, timeZone).getTime();
  return new Date(Math.min(expires, endOfDay + HOUR));
}
