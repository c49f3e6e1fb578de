/**
 * The player's rules that need no audio element: where an item starts, when to ask before moving, the
 * speeds, the sleep timer's choices, this device's own place per book and the reader's speed (local).
 */

export type Chapter = { title: string; startSeconds: number };
/** A saved reading position, as the API gives it (text or audio: one model). */
export type SavedPlace = {
  medium: "TEXT" | "AUDIO";
  keyIdea: number;
  keyIdeaOffset: number;
  audioSeconds?: number | null;
  finished: boolean;
  deviceId: string;
};

export const SPEEDS = [0.75, 1, 1.25, 1.5, 1.75, 2] as const;
export const SKIP_SECONDS = 15;
/** A position from another device this far (seconds) from this device's is offered, not taken. */
export const ASK_BEYOND_SECONDS = 30;
export const SLEEP_MINUTES = [5, 15, 30, 45, 60] as const;
/** The sleep timer lowers the volume over this long before it pauses. */
export const FADE_MS = 8_000;

/** The chapter (0 = introduction, then one per key idea) playing at `time`. */
export function chapterIndexAt(chapters: readonly Chapter[], time: number): number {
  let index = 0;
  chapters.forEach((chapter, i) => {
    if (chapter.startSeconds <= time + 0.05) index = i;
  });
  return index;
}

/** Where a saved position is in the narration: the audio's own seconds, or a text place's key idea (its share of the chapter). */
export function secondsOf(place: SavedPlace, chapters: readonly Chapter[], duration: number): number {
  if (place.finished) return 0; // heard or read to the end: a new listen starts over
  if (place.medium === "AUDIO" && place.audioSeconds != null) return Math.min(Math.max(0, place.audioSeconds), duration);
  // Text: chapter 0 is the introduction, key idea k is chapter k + 1.
  const chapter = chapters[place.keyIdea + 1];
  if (!chapter) return 0;
  const end = chapters[place.keyIdea + 2]?.startSeconds ?? duration;
  return chapter.startSeconds + Math.min(Math.max(place.keyIdeaOffset, 0), 1) * (end - chapter.startSeconds);
}

/** The key idea (0-based; the introduction counts as the first) and the share of it at `time`, for a save. */
export function placeAt(chapters: readonly Chapter[], time: number, duration: number) {
  const index = chapterIndexAt(chapters, time);
  const start = chapters[index]?.startSeconds ?? 0;
  const end = chapters[index + 1]?.startSeconds ?? duration;
  const offset = index === 0 || end <= start ? 0 : Math.min(1, (time - start) / (end - start));
  return { keyIdea: Math.max(0, index - 1), keyIdeaOffset: offset, audioSeconds: time };
}

/** Whether the end counts as reached: the `ended` event, or less than max(10 s, 2 %) left. */
export function isFinished(time: number, duration: number): boolean {
  return duration > 0 && duration - time <= Math.max(10, 0.02 * duration);
}

/**
 * Whether to ask before starting where another device left off: the saved position is another
 * device's and more than 30 s from this device's own place (never move, forwards or back, unasked).
 */
export function shouldAsk(saved: { seconds: number; deviceId: string }, here: number | null, thisDevice: string): boolean {
  return saved.deviceId !== thisDevice && Math.abs(saved.seconds - (here ?? 0)) > ASK_BEYOND_SECONDS;
}

/** 492 → "08:12"; 3725 → "1:02:05" (the prompt's clock: two-digit minutes). */
export function clock(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const [h, m, rest] = [Math.floor(s / 3600), Math.floor((s % 3600) / 60), s % 60];
  const mmss = `${String(m).padStart(2, "0")}:${String(rest).padStart(2, "0")}`;
  return h ? `${h}:${mmss}` : mmss;
}

/** The chapter a "previous" goes to: this one's start when more than 3 s in, else the one before. */
export function previousChapter(chapters: readonly Chapter[], time: number): number {
  const index = chapterIndexAt(chapters, time);
  const start = chapters[index]?.startSeconds ?? 0;
  return time - start > 3 || index === 0 ? index : index - 1;
}

function storage(): Storage | null {
  try {
    return localStorage;
  } catch {
    return null;
  }
}

const HEARD_KEY = "brevia_heard:";
/** This device's own last place in a book's narration (seconds), or null. */
export function localPlace(microbookId: string): number | null {
  const value = Number(storage()?.getItem(HEARD_KEY + microbookId) ?? NaN);
  return Number.isFinite(value) ? value : null;
}
export function keepLocalPlace(microbookId: string, seconds: number) {
  try {
    storage()?.setItem(HEARD_KEY + microbookId, String(Math.round(seconds)));
  } catch {
    // storage full or refused: the server's position still holds
  }
}

/**
 * The speed an item starts at: a reader's is the one in their account (every device alike); this browser's
 * copy counts only when the account gives none (a visitor, or an answer without it).
 */
export function rateToStart(accountRate: number | null, localRate: number): number {
  return accountRate !== null && (SPEEDS as readonly number[]).includes(accountRate) ? accountRate : localRate;
}

const RATE_KEY = "brevia_playback_rate:";
/** This browser's copy of the speed (per reader; a visitor has one of their own): the fallback to the account's. */
export function savedRate(readerId: string | null): number {
  const value = Number(storage()?.getItem(RATE_KEY + (readerId ?? "visitor")) ?? NaN);
  return (SPEEDS as readonly number[]).includes(value) ? value : 1;
}
export function keepRate(readerId: string | null, rate: number) {
  try {
    storage()?.setItem(RATE_KEY + (readerId ?? "visitor"), String(rate));
  } catch {
    // refused: the speed lasts for this page
  }
}
