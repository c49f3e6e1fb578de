import { useSyncExternalStore } from "react";

/**
 * The persistent player's public face, for code outside it: the microbook page's "Listen", play-all's
 * queue, the reader's read-along. Small and free of the player's code, so any page may import it: the
 * player (features/player, loaded on first use) registers itself as the engine, and what was asked of
 * it before it loaded waits for it.
 */

/** Something to hear: a microbook's narration in one language. */
export type PlaybackItem = {
  microbookId: string;
  language: string;
  /**
   * Start here (seconds into the narration): only for a place the reader chose (a chapter, a sentence), as it is
   * saved at once and takes the position over. Without it the item starts where this reader's saved position is
   * (asking first when another device left it elsewhere): what a queue does, so it never moves a position back.
   */
  atSeconds?: number;
  /** Its title, for the player's queue before the item is loaded (optional). */
  title?: string;
};

/** What the player is on, for a page to follow; null when nothing was played yet. */
export type PlaybackState = {
  item: PlaybackItem;
  playing: boolean;
} | null;

/** The player's side of the contract, registered once it has loaded. */
export type PlaybackEngine = {
  /** Play these, in order (a single item is a queue of one); replaces the queue. */
  play(items: readonly PlaybackItem[]): void;
  /** Move within the current item (seconds), playing from there. */
  seek(seconds: number): void;
  /** Seconds into the current item, read from the audio element itself (read-along polls it per frame). */
  currentTime(): number;
};

let engine: PlaybackEngine | null = null;
let waiting: readonly PlaybackItem[] | null = null;
let state: PlaybackState = null;
const listeners = new Set<() => void>();
/** Set by the app shell: loads the player's code the first time something is to be played. */
let loadEngine: (() => void) | null = null;

export function setEngineLoader(load: () => void) {
  loadEngine = load;
}

export function registerEngine(registered: PlaybackEngine) {
  engine = registered;
  if (waiting) {
    registered.play(waiting);
    waiting = null;
  }
}

/** The player reports what it is on (each change of item, play or pause). */
export function reportPlayback(next: PlaybackState) {
  state = next;
  for (const listener of listeners) listener();
}

export function play(items: PlaybackItem | readonly PlaybackItem[]) {
  const queue = Array.isArray(items) ? (items as readonly PlaybackItem[]) : [items as PlaybackItem];
  if (engine) engine.play(queue);
  else {
    waiting = queue;
    loadEngine?.();
  }
}

export function seek(seconds: number) {
  engine?.seek(seconds);
}

export function currentTime(): number {
  return engine?.currentTime() ?? 0;
}

export function subscribePlayback(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function getPlayback(): PlaybackState {
  return state;
}

/** The player's state, re-rendering on each change of item, play or pause (not on time: poll currentTime). */
export function usePlayback(): PlaybackState {
  return useSyncExternalStore(subscribePlayback, getPlayback, () => null);
}
