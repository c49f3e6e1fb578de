import { useApolloClient } from "@apollo/client/react";
import { useEffect, type RefObject } from "react";
import type { Language } from "../../gql/graphql";
import { createPositionSync } from "../reader/position-sync";

/**
 * The narration on the microbook page saves the reader's place in the one reading position (text and
 * audio share it): a play or a seek is deliberate (saved at once), playing is saved about every 10 s,
 * a pause at once, and leaving or hiding the page with keepalive. The key idea follows the audio's
 * chapters. (It replaces a startReading per key idea scrolled past; the reader route saves the text.)
 */
export function useNarrationTracker(options: {
  microbookId: string;
  language: Language;
  /** A signed-in reader who may listen. */
  enabled: boolean;
  /** Holds the audio element (its events are caught on the way down: media events do not bubble). */
  pageRef: RefObject<HTMLElement | null>;
  chapters: readonly { startSeconds: number }[];
}) {
  const { microbookId, language, enabled, pageRef, chapters } = options;
  const client = useApolloClient();
  useEffect(() => {
    const page = pageRef.current;
    if (!enabled || !page) return;
    const sync = createPositionSync({ client, microbookId, language, medium: "AUDIO" });
    sync.start();
    const placeOf = (audio: HTMLAudioElement) => {
      const index = chapters.findLastIndex((chapter) => chapter.startSeconds <= audio.currentTime);
      return { keyIdea: Math.max(0, index), keyIdeaOffset: 0, audioSeconds: audio.currentTime };
    };
    const audioOf = (event: Event) => (event.target instanceof HTMLAudioElement ? event.target : null);
    const onPlayOrSeek = (event: Event) => {
      const audio = audioOf(event);
      if (audio) void sync.claim(placeOf(audio));
    };
    const onTime = (event: Event) => {
      const audio = audioOf(event);
      if (audio) sync.update(placeOf(audio));
    };
    const onPause = (event: Event) => {
      const audio = audioOf(event);
      if (!audio) return;
      sync.update(placeOf(audio));
      sync.saveNow();
    };
    page.addEventListener("play", onPlayOrSeek, true);
    page.addEventListener("seeked", onPlayOrSeek, true);
    page.addEventListener("timeupdate", onTime, true);
    page.addEventListener("pause", onPause, true);
    page.addEventListener("ended", onPause, true);
    return () => {
      page.removeEventListener("play", onPlayOrSeek, true);
      page.removeEventListener("seeked", onPlayOrSeek, true);
      page.removeEventListener("timeupdate", onTime, true);
      page.removeEventListener("pause", onPause, true);
      page.removeEventListener("ended", onPause, true);
      sync.stop();
    };
  }, [client, enabled, microbookId, language, pageRef, chapters]);
}
