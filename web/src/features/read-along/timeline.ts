// Which sentence the narration is on: a pure lookup over the read-along timings (GET …/timings.json, api
// features/catalog/audio/timings.ts), shared by the reader's highlight and its tests.

/** One timed unit of the narration, as the API sends it (offsets count the chapter's text, as highlights do). */
export type TimedSentence = {
  id: number;
  startMs: number;
  endMs: number;
  /** "text": characters [from, to) of the chapter's text; "heading": a key idea's heading; "title": the book's title. */
  part: "text" | "heading" | "title";
  /** The key idea's 0-based position; null for the introduction (and the title). */
  chapter: number | null;
  from: number;
  to: number;
};
export type ReadAlongTimings = { textVersion: string | null; sentences: TimedSentence[] };

/**
 * How long before a sentence starts its highlight switches. The time is read once a frame (requestAnimationFrame,
 * ~16.7 ms) and the highlight painted on the next, so at 2× speed up to ~67 ms of audio pass between the threshold and
 * the paint: 90 ms keeps the switch before the sentence starts at every speed up to 2×, and never more than 100 ms early.
 */
export const LEAD_MS = 90;

/**
 * The index of the sentence to highlight at `ms` into the narration: the last one whose start is at most `lead` ms
 * away (so the highlight switches at most `lead` ms early, never late), kept through the pause after it; -1 before the
 * first. Binary search: called every frame.
 */
export function sentenceAt(sentences: readonly Pick<TimedSentence, "startMs">[], ms: number, lead = LEAD_MS): number {
  let low = 0;
  let high = sentences.length - 1;
  let found = -1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    if (sentences[mid]!.startMs - lead <= ms) {
      found = mid;
      low = mid + 1;
    } else high = mid - 1;
  }
  return found;
}

/** Keyed audio chapters (public: the Audio type's chapters) as timed units, for an edition without sentence timings. */
export function chapterUnits(chapters: readonly { startSeconds: number }[], durationSeconds: number): TimedSentence[] {
  return chapters.map((chapter, i) => ({
    id: i + 1,
    startMs: Math.round(chapter.startSeconds * 1000),
    endMs: Math.round((chapters[i + 1]?.startSeconds ?? durationSeconds) * 1000),
    part: "heading",
    // The narration's first chapter is the introduction, then one per key idea in order.
    chapter: i === 0 ? null : i - 1,
    from: 0,
    to: 0,
  }));
}
