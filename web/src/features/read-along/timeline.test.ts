// The timing → sentence lookup: the highlight switches at most 100 ms before a sentence starts, never after.
import { describe, expect, it } from "vitest";
import { chapterUnits, LEAD_MS, sentenceAt } from "./timeline";

const sentences = [
  { startMs: 0, endMs: 1200 },
  { startMs: 1520, endMs: 4000 },
  { startMs: 4650, endMs: 9000 },
  { startMs: 10_100, endMs: 12_000 },
];

describe("sentenceAt", () => {
  it("switches within LEAD_MS before a start, never after it, and keeps a sentence through the pause after it", () => {
    expect(LEAD_MS).toBeGreaterThan(0);
    expect(LEAD_MS).toBeLessThanOrEqual(100);
    expect(sentenceAt(sentences, 0)).toBe(0);
    expect(sentenceAt(sentences, 1300)).toBe(0); // the pause after the first
    expect(sentenceAt(sentences, 1520 - LEAD_MS - 1)).toBe(0);
    expect(sentenceAt(sentences, 1520 - LEAD_MS)).toBe(1);
    expect(sentenceAt(sentences, 1520)).toBe(1);
    expect(sentenceAt(sentences, 10_100 - 101)).toBe(2);
    expect(sentenceAt(sentences, 10_100)).toBe(3);
    expect(sentenceAt(sentences, 60_000)).toBe(3);
    expect(sentenceAt([], 5)).toBe(-1);
    expect(sentenceAt([{ startMs: 500 }], 0)).toBe(-1);
  });

  it("agrees with a linear scan at every millisecond", () => {
    for (let ms = -200; ms < 12_500; ms++) {
      let expected = -1;
      sentences.forEach((s, i) => {
        if (s.startMs - LEAD_MS <= ms) expected = i;
      });
      expect(sentenceAt(sentences, ms)).toBe(expected);
    }
  });

  /**
   * The lead as the reader sees it: the time is read once a frame (60 Hz) and the new highlight painted a frame later;
   * at each speed and every phase of the frames against the sentence's start, the switch lands 0–100 ms before it.
   */
  it.each([0.75, 1, 1.5, 2])("at %s× with 60 Hz frames, the highlight appears 0–100 ms before the sentence", (rate) => {
    const frame = 1000 / 60;
    const leads: number[] = [];
    for (let phase = 0; phase < frame; phase += 0.5) {
      // The first frame whose reading of the audio clock selects sentence 2, then one frame to paint.
      let wall = phase;
      while (sentenceAt(sentences, wall * rate) < 2) wall += frame;
      const paintedAt = (wall + frame) * rate;
      leads.push(4650 - paintedAt);
    }
    expect(Math.min(...leads)).toBeGreaterThan(0);
    expect(Math.max(...leads)).toBeLessThanOrEqual(100);
  });
});

describe("chapterUnits", () => {
  it("makes the introduction and each key idea a unit, from the narration's chapters", () => {
    expect(chapterUnits([{ startSeconds: 0 }, { startSeconds: 61.2 }, { startSeconds: 130 }], 200)).toEqual([
      { id: 1, startMs: 0, endMs: 61_200, part: "heading", chapter: null, from: 0, to: 0 },
      { id: 2, startMs: 61_200, endMs: 130_000, part: "heading", chapter: 0, from: 0, to: 0 },
      { id: 3, startMs: 130_000, endMs: 200_000, part: "heading", chapter: 1, from: 0, to: 0 },
    ]);
  });
});
