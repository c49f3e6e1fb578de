import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useRef, useState } from "react";
import { UpgradeDialog } from "./UpgradeModal";

/** What play-all knows of a list item: its title, and whether this reader may hear it. */
export type PlayAllItem = {
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
 * Play all: the list's playable items, in order, one after another in one <audio> element, with
 * previous and next. Locked items are skipped (the API gave no URL); when none is playable, the button
 * opens the upgrade modal instead. `onPlaying` tells the list which item is playing (its key).
 */
export function PlayAll({ items, onPlaying }: { items: readonly PlayAllItem[]; onPlaying: (key: string | null) => void }) {
  const { t } = useLingui();
  const playable = items.filter((item) => hearingOf(item) === "playable");
  const lockedCount = items.filter((item) => hearingOf(item) === "locked").length;
  const [index, setIndex] = useState<number | null>(null);
  const [finished, setFinished] = useState(false);
  const [failed, setFailed] = useState(false);
  const [upgrading, setUpgrading] = useState(false);
  const player = useRef<HTMLAudioElement>(null);
  const current = index === null ? undefined : playable[index];
  const currentKey = current?.key ?? null;

  useEffect(() => {
    onPlaying(currentKey);
    // Each change of item was asked for (a press, or the previous item ending): play it.
    if (currentKey !== null) player.current?.play()?.catch(() => undefined);
  }, [currentKey, onPlaying]);

  function start() {
    if (playable.length === 0) {
      setUpgrading(true);
      return;
    }
    setFinished(false);
    setFailed(false);
    if (index === 0) player.current?.play()?.catch(() => undefined);
    setIndex(0);
  }

  function go(to: number) {
    setFinished(false);
    setFailed(false);
    setIndex(to);
  }

  function ended() {
    if (index !== null && index + 1 < playable.length) go(index + 1);
    else setFinished(true);
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
      {current && index !== null && (
        <div className="play-all__player">
          <p className="play-all__now" aria-live="polite">
            {finished ? (
              <Trans>The playlist has finished.</Trans>
            ) : (
              <NowPlaying title={current.title} language={current.language} position={index + 1} count={playable.length} />
            )}
          </p>
          <audio
            ref={player}
            className="play-all__audio"
            controls
            preload="metadata"
            src={current.audioUrl ?? undefined}
            aria-label={t`Playlist narration`}
            onEnded={ended}
            onError={() => setFailed(true)}
            onLoadedMetadata={() => setFailed(false)}
          />
          {failed && (
            <p className="notice" role="alert">
              <Trans>The audio could not be loaded. Reload the page to try again.</Trans>
            </p>
          )}
          <div className="play-all__controls">
            <button type="button" className="button" disabled={index === 0} onClick={() => go(index - 1)}>
              <Trans>Previous microbook</Trans>
            </button>
            <button type="button" className="button" disabled={index + 1 >= playable.length} onClick={() => go(index + 1)}>
              <Trans>Next microbook</Trans>
            </button>
          </div>
        </div>
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
