import { describe, expect, it } from "vitest";
import { audioUrlExpiry, decide, microbookAccess, readAccess, type AccessViewer, type MicrobookAction } from "./access.policy.js";

const VISITOR: AccessViewer = null;
const FREE: AccessViewer = { isPremium: false };
const PREMIUM: AccessViewer = { isPremium: true };
const LOCKED_BOOK = { freeToday: false, started: false };
const STARTED_LOCKED_BOOK = { freeToday: false, started: true };
const FREE_TODAY = { freeToday: true, started: false };

/** Each action's answer as a word: "yes", or the refusal's reason. */
const answers = (viewer: AccessViewer, facts: typeof LOCKED_BOOK) =>
  Object.fromEntries(
    (["read", "listen", "highlight", "markRead", "download"] as MicrobookAction[]).map((action) => {
      const decision = decide(action, viewer, facts);
      return [action, decision.allowed ? "yes" : decision.reason];
    }),
  );

describe("the access policy", () => {
  it("opens everything to a subscriber, on any book", () => {
    for (const facts of [LOCKED_BOOK, FREE_TODAY, STARTED_LOCKED_BOOK]) {
      expect(answers(PREMIUM, facts)).toEqual({ read: "yes", listen: "yes", highlight: "yes", markRead: "yes", download: "yes" });
      expect(readAccess(PREMIUM, facts)).toBe("PREMIUM");
    }
  });

  it("opens today's free microbook to everyone to read and hear; keeping things needs an account; downloading, Premium", () => {
    expect(answers(VISITOR, FREE_TODAY)).toEqual({
      read: "yes",
      listen: "yes",
      highlight: "SIGN_IN",
      markRead: "SIGN_IN",
      download: "SIGN_IN",
    });
    expect(answers(FREE, FREE_TODAY)).toEqual({ read: "yes", listen: "yes", highlight: "yes", markRead: "yes", download: "PREMIUM" });
    expect(readAccess(FREE, FREE_TODAY)).toBe("FREE_TODAY");
  });

  it("locks any other book, but a reader who started it may still mark it read", () => {
    expect(answers(VISITOR, LOCKED_BOOK)).toEqual({
      read: "PREMIUM",
      listen: "PREMIUM",
      highlight: "PREMIUM",
      markRead: "SIGN_IN",
      download: "PREMIUM",
    });
    expect(answers(FREE, LOCKED_BOOK)).toEqual({
      read: "PREMIUM",
      listen: "PREMIUM",
      highlight: "PREMIUM",
      markRead: "PREMIUM",
      download: "PREMIUM",
    });
    expect(answers(FREE, STARTED_LOCKED_BOOK)).toMatchObject({ read: "PREMIUM", markRead: "yes" });
    expect(readAccess(FREE, LOCKED_BOOK)).toBe("LOCKED");
  });

  it("answers every action at once, with the level", () => {
    expect(microbookAccess(FREE, FREE_TODAY)).toMatchObject({
      level: "FREE_TODAY",
      read: { allowed: true, reason: null },
      download: { allowed: false, reason: "PREMIUM" },
    });
  });

  it("signs audio for hours, today's free book only until the end of its day (plus an hour)", () => {
    const now = new Date("2026-11-27T22:10:00Z"); // 19:10 in São Paulo
    expect(audioUrlExpiry("LOCKED", now)).toBeNull();
    expect(audioUrlExpiry("PREMIUM", now)?.toISOString()).toBe("2026-11-28T05:00:00.000Z");
    // São Paulo's midnight is 03:00 UTC; plus an hour.
    expect(audioUrlExpiry("FREE_TODAY", now)?.toISOString()).toBe("2026-11-28T04:00:00.000Z");
  });
});
