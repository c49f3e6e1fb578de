import { Plural, Trans } from "@lingui/react/macro";
import { useEffect, useState } from "react";
import { play, usePlayback } from "../player/playback";
import { UpgradeDialog } from "./UpgradeModal";

/** What play-all knows of a list item: its title, and whether this reader may hear it. */
export type PlayAllItem = {
  /** The microbook's id (Microbook.id). */
  key: string;
  title: string;
  language: string;
  /** Narrated (public), whether or not this reader may hear it. */
  narrated: boolean;
  /** Signed by the API only for a reader who may hear it. */
  audioUrl: string | null;
};

export type Hearing = "playable" | "locked" | "text-only";

/** How an item takes part in play-all: heard, skipped as locked for this reader, or text only. */
export function hearingOf(item: Pick<PlayAllItem, "narrated" | "audioUrl">): Hearing {
  if (!item.narrated) return "text-only";
  return item.audioUrl ? "playable" : "locked";
}

/**
 * Play all: the list's playable items, in order, as the queue of the one player (features/player),
 * which goes on to the next item by itself. Locked items are skipped (the API gave no URL); when none
 * is playable, the button opens the upgrade modal instead. `onPlaying` tells the list which of its
 * items the player is on (its key), while the player plays this list.
 */
export function PlayAll({ items, onPlaying }: { items: readonly PlayAllItem[]; onPlaying: (key: string | null) => void }) {
  const playable = items.filter((item) => hearingOf(item) === "playable");
  const lockedCount = items.filter((item) => hearingOf(item) === "locked").length;
  const [upgrading, setUpgrading] = useState(false);
  const [started, setStarted] = useState(false);
  const playback = usePlayback();
  const index = started && playback ? playable.findIndex((item) => item.key === playback.item.microbookId) : -1;
  const current = index >= 0 ? playable[index] : undefined;
  const currentKey = current?.key ?? null;

  useEffect(() => {
    onPlaying(currentKey);
  }, [currentKey, onPlaying]);

  function start() {
    if (playable.length === 0) {
      setUpgrading(true);
      return;
    }
    setStarted(true);
    // No starting second: each item starts where this reader left it (the player asks when another device was
    // elsewhere), so playing a list never moves a saved position back to the start.
    play(playable.map((item) => ({ microbookId: item.key, language: item.language, title: item.title })));
  }

  return (
    <section className="play-all" aria-labelledby="play-all-title">
      <h2 id="play-all-title" className="visually-hidden">
        <Trans>Listen to the playlist</Trans>
      </h2>
      <button type="button" className="button play-all__start" onClick={start}>
        <Trans>Play all</Trans>
      </button>
      {playable.length > 0 && lockedCount > 0 && (
        <p className="play-all__skipped">
          <Plural
            value={lockedCount}
            one="# narrated microbook is for Premium subscribers and is skipped."
            other="# narrated microbooks are for Premium subscribers and are skipped."
          />
        </p>
      )}
      {current && (
        <p className="play-all__now" aria-live="polite">
          <NowPlaying title={current.title} language={current.language} position={index + 1} count={playable.length} />
        </p>
      )}
      {upgrading && <UpgradeDialog onClose={() => setUpgrading(false)} />}
    </section>
  );
}

function NowPlaying({ title, language, position, count }: { title: string; language: string; position: number; count: number }) {
  return (
    <Trans>
      Now playing: <span lang={language}>{title}</span>, {position} of {count}
    </Trans>
  );
}
