import { describe, expect, it } from "vitest";
import { chapterIndexAt, clock, isFinished, placeAt, previousChapter, secondsOf, shouldAsk } from "./player-logic";

const chapters = [
  { title: "Intro", startSeconds: 0 },
  { title: "One", startSeconds: 60 },
  { title: "Two", startSeconds: 300 },
];

describe("the player's rules", () => {
  it("finds the chapter at a time, and a save's key idea (the introduction counts as the first)", () => {
    expect(chapterIndexAt(chapters, 59)).toBe(0);
    expect(chapterIndexAt(chapters, 60)).toBe(1);
    expect(placeAt(chapters, 180, 600)).toEqual({ keyIdea: 0, keyIdeaOffset: 0.5, audioSeconds: 180 });
    expect(placeAt(chapters, 450, 600)).toEqual({ keyIdea: 1, keyIdeaOffset: 0.5, audioSeconds: 450 });
  });

  it("starts an audio position at its seconds, a text one at its key idea's share of the chapter, a finished one at 0", () => {
    const base = { keyIdeaOffset: 0, finished: false, deviceId: "d" };
    expect(secondsOf({ ...base, medium: "AUDIO", keyIdea: 0, audioSeconds: 123 }, chapters, 600)).toBe(123);
    expect(secondsOf({ ...base, medium: "AUDIO", keyIdea: 0, audioSeconds: 9999 }, chapters, 600)).toBe(600);
    expect(secondsOf({ ...base, medium: "TEXT", keyIdea: 1, keyIdeaOffset: 0.5 }, chapters, 600)).toBe(450);
    expect(secondsOf({ ...base, medium: "AUDIO", keyIdea: 1, audioSeconds: 500, finished: true }, chapters, 600)).toBe(0);
  });

  it("asks only for another device's place more than 30 s from this device's", () => {
    expect(shouldAsk({ seconds: 492, deviceId: "other" }, null, "me")).toBe(true);
    expect(shouldAsk({ seconds: 492, deviceId: "other" }, 470, "me")).toBe(false);
    expect(shouldAsk({ seconds: 100, deviceId: "other" }, 400, "me")).toBe(true); // backwards too
    expect(shouldAsk({ seconds: 492, deviceId: "me" }, null, "me")).toBe(false);
  });

  it("counts less than max(10 s, 2 %) left as finished", () => {
    expect(isFinished(591, 600)).toBe(true);
    expect(isFinished(587, 600)).toBe(false); // 2 % of 600 s is 12 s
    expect(isFinished(191, 200)).toBe(true);
    expect(isFinished(189, 200)).toBe(false); // at least 10 s
    expect(isFinished(1000 * 0.981, 1000)).toBe(true);
  });

  it("goes back to this chapter's start, or the one before within 3 s of it; writes two-digit minutes", () => {
    expect(previousChapter(chapters, 100)).toBe(1);
    expect(previousChapter(chapters, 61)).toBe(0);
    expect(clock(492)).toBe("08:12");
    expect(clock(3725)).toBe("1:02:05");
  });
});
