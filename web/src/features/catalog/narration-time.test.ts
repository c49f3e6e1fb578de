import { describe, expect, it } from "vitest";
import { chapterAt, formatClock } from "./narration-time";

describe("narration time", () => {
  it("formats a position as m:ss, or h:mm:ss past an hour", () => {
    expect(formatClock(0)).toBe("0:00");
    expect(formatClock(75.9)).toBe("1:15");
    expect(formatClock(600)).toBe("10:00");
    expect(formatClock(3725)).toBe("1:02:05");
    expect(formatClock(-3)).toBe("0:00");
  });

  it("finds the chapter playing at a time", () => {
    const chapters = [{ startSeconds: 0 }, { startSeconds: 61.2 }, { startSeconds: 150 }];
    expect(chapterAt(chapters, 0)).toBe(0);
    expect(chapterAt(chapters, 61.1)).toBe(0);
    expect(chapterAt(chapters, 61.2)).toBe(1);
    expect(chapterAt(chapters, 9999)).toBe(2);
  });
});
