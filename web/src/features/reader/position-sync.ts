import type { ApolloClient } from "@apollo/client";
import type { Language, ReadingMedium, SaveReadingPositionMutation, SaveReadingPositionMutationVariables } from "../../gql/graphql";
import { SaveReadingPositionMutation as SaveDocument } from "./reader.graphql";

/**
 * Sends a reading position (text or audio: one model, the player will use it too) the way the API's
 * rules expect: every save carries this device's id, this session's id and a growing sequence; saves
 * go about every 10 s while the place changes, at once for a deliberate move (resume, chapter jump,
 * seek, "continue here"), and when the page is hidden or left, with `fetch(…, { keepalive: true })`
 * so the browser delivers it even as the page goes away.
 */

export type Place = { keyIdea: number; keyIdeaOffset: number; audioSeconds?: number | null };
/** The saved position a start resumes, as read (its savedAt; null: none was saved). */
export type Resumes = { savedAt: string | null };
type Saved = Extract<SaveReadingPositionMutation["saveReadingPosition"], { __typename: "ReadingPositionSaved" }>;
export type SavedPosition = Saved["position"];

export const SAVE_INTERVAL_MS = 10_000;
const DEVICE_KEY = "brevia_device";

function randomId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** This browser's device id: random, kept in localStorage (never a fingerprint). */
export function deviceId(): string {
  try {
    const known = localStorage.getItem(DEVICE_KEY);
    if (known && known.length >= 8) return known;
    const id = randomId();
    localStorage.setItem(DEVICE_KEY, id);
    return id;
  } catch {
    return randomId(); // storage refused (private mode): a device per page
  }
}

export type PositionSyncOptions = {
  client: ApolloClient;
  microbookId: string;
  language: Language;
  medium: ReadingMedium;
  /** Another session owns the position: `position` is where it is. */
  onStale?: (position: SavedPosition) => void;
  /** This save reached the end and marked the book read. */
  onMarkedRead?: () => void;
};

export function createPositionSync(options: PositionSyncOptions) {
  const { client, microbookId, language, medium } = options;
  const device = deviceId();
  const session = randomId();
  let sequence = 0;
  let latest: Place | null = null;
  let sent: Place | null = null;
  let stale = false;
  let timer: ReturnType<typeof setInterval> | undefined;

  const same = (a: Place | null, b: Place | null) =>
    a !== null &&
    b !== null &&
    a.keyIdea === b.keyIdea &&
    Math.abs(a.keyIdeaOffset - b.keyIdeaOffset) < 0.002 &&
    a.audioSeconds === b.audioSeconds;

  async function send(place: Place, deliberate: boolean, keepalive: boolean, resumes?: Resumes) {
    sequence += 1;
    sent = place;
    const variables: SaveReadingPositionMutationVariables = {
      microbookId,
      language,
      medium,
      keyIdea: place.keyIdea,
      keyIdeaOffset: place.keyIdeaOffset,
      audioSeconds: place.audioSeconds ?? null,
      deviceId: device,
      sessionId: session,
      sequence,
      deliberate,
      resumes: resumes ?? null,
    };
    // Codegen embeds the registered operation's hash (as web/src/app/apollo.ts reads it): only the hash is sent.
    const hash = ((SaveDocument as { __meta__?: { hash?: string } }).__meta__?.hash ?? "").replace(/^sha256:/, "");
    const response = await fetch("/graphql", {
      method: "POST",
      keepalive,
      credentials: "same-origin",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify({
        operationName: "SaveReadingPosition",
        variables,
        extensions: { persistedQuery: { version: 1, sha256Hash: hash } },
      }),
    });
    if (keepalive && document.visibilityState === "hidden") return; // the page is going: nobody to tell
    const body = (await response.json()) as { data?: SaveReadingPositionMutation | null };
    const result = body.data?.saveReadingPosition;
    if (result?.__typename !== "ReadingPositionSaved") return;
    // The position as the API now has it, into the cached ReadingPosition (by id): no document needed here.
    const { __typename, ...position } = result.position;
    client.cache.modify({
      id: client.cache.identify({ __typename, id: position.id }),
      fields: Object.fromEntries(Object.entries(position).map(([name, value]) => [name, () => value])),
    });
    if (result.status !== null && result.progress !== null) {
      const { status, progress } = result;
      // The book's state (continue reading, the microbook page's buttons) follows without a refetch.
      client.cache.modify<{ viewerState: { status: typeof status; progress: number } | null }>({
        id: client.cache.identify({ __typename: "Microbook", id: microbookId }),
        fields: { viewerState: (state) => (state && typeof state === "object" ? { ...state, status, progress } : state) },
      });
    }
    if (result.outcome === "STALE") {
      stale = true;
      options.onStale?.(result.position);
    }
    if (result.markedRead) options.onMarkedRead?.();
  }

  function flush(keepalive = false) {
    if (stale || latest === null || same(latest, sent)) return;
    void send(latest, false, keepalive).catch(() => undefined);
  }

  const onHidden = () => {
    if (document.visibilityState === "hidden") flush(true);
  };
  const onPageHide = () => flush(true);

  return {
    /** Where the reader is now; saved within SAVE_INTERVAL_MS if it changed. */
    update(place: Place) {
      latest = place;
    },
    /**
     * The reader chose this place: save it at once, taking the position over from any other session. With `resumes`
     * (a start at the saved place read, not the reader's choice): only while the position is still that one; one
     * saved since by another session stays, and the answer is STALE (onStale: ask).
     */
    async claim(place: Place, resumes?: Resumes) {
      latest = place;
      stale = false;
      await send(place, true, false, resumes).catch(() => undefined);
    },
    /** Saves the latest place now if it changed (a pause). */
    saveNow() {
      flush();
    },
    start() {
      timer = setInterval(() => flush(), SAVE_INTERVAL_MS);
      document.addEventListener("visibilitychange", onHidden);
      addEventListener("pagehide", onPageHide);
    },
    /** Leaving the page (another route): the last place goes out with keepalive. */
    stop() {
      clearInterval(timer);
      document.removeEventListener("visibilitychange", onHidden);
      removeEventListener("pagehide", onPageHide);
      flush(true);
    },
  };
}
export type PositionSync = ReturnType<typeof createPositionSync>;
