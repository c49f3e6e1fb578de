import { useMutation } from "@apollo/client/react";
import { useEffect, type RefObject } from "react";
import { StartReadingMutation } from "./library.graphql";

/**
 * Records a signed-in reader's reading (startReading): when the microbook's text comes into view or its
 * audio starts playing, and then how far through the key ideas they have scrolled. Each key idea is
 * reported once; the API keeps the first start and only moves progress forward.
 */
export function useReadingTracker(options: {
  microbookId: string;
  /** A signed-in reader who may read the microbook. */
  enabled: boolean;
  /** Holds the audio player (its `play` is caught here). */
  pageRef: RefObject<HTMLElement | null>;
  /** The list of key ideas with their text. */
  textRef: RefObject<HTMLElement | null>;
}) {
  const { microbookId, enabled, pageRef, textRef } = options;
  const [startReading] = useMutation(StartReadingMutation);
  useEffect(() => {
    const page = pageRef.current;
    const text = textRef.current;
    if (!enabled || !page) return;
    const record = (progress: number | null) => void startReading({ variables: { microbookId, progress } }).catch(() => undefined);
    let started = false;
    let furthest = -1;
    // `play` does not bubble: caught on its way down.
    const onPlay = () => {
      if (!started) record(null);
      started = true;
    };
    page.addEventListener("play", onPlay, true);
    const ideas = text ? Array.from(text.children) : [];
    const observer =
      typeof IntersectionObserver === "undefined"
        ? null
        : new IntersectionObserver((entries) => {
            for (const entry of entries) {
              const index = ideas.indexOf(entry.target);
              if (!entry.isIntersecting || index <= furthest) continue;
              furthest = index;
              started = true;
              // Ideas before this one are done.
              record(index / ideas.length);
            }
          });
    ideas.forEach((idea) => observer?.observe(idea));
    return () => {
      page.removeEventListener("play", onPlay, true);
      observer?.disconnect();
    };
  }, [enabled, microbookId, pageRef, textRef, startReading]);
}
