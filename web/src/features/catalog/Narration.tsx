import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { play } from "../player/playback";
import { formatClock } from "./narration-time";

export type NarrationAudio = {
  durationSeconds: number;
  /** A synthetic voice (the catalogue's own narrations) or a person's recording. */
  synthetic: boolean;
  narratorName?: string | null;
  chapters: readonly { title: string; startSeconds: number }[];
};

/**
 * The narration of a microbook: "Listen" starts it in the one player (features/player, at the bottom
 * of every page, where the saved position is), and the chapters, one per key idea, start it there.
 * Offered wherever the access policy lets the reader listen (the API signs a URL for them only); a
 * locked narration shows its length only.
 */
export function Narration({
  microbookId,
  audio,
  url,
  language,
}: {
  microbookId: string;
  audio: NarrationAudio;
  url: string | null;
  language: string;
}) {
  const { t } = useLingui();
  const [current, setCurrent] = useState<number | null>(null);
  const minutes = Math.max(1, Math.round(audio.durationSeconds / 60));

  function jumpTo(index: number) {
    const chapter = audio.chapters[index];
    if (!chapter) return;
    setCurrent(index);
    play({ microbookId, language, atSeconds: chapter.startSeconds });
  }

  return (
    <section aria-labelledby="listen-title" className="narration">
      <h2 id="listen-title">
        <Trans>Listen</Trans>
      </h2>
      <p className="narration__length">
        <Trans>Narrated audio, {minutes} min</Trans>
      </p>
      <p className="narration__voice">
        {audio.synthetic ? (
          <Trans>Read by a synthetic voice, not a person.</Trans>
        ) : audio.narratorName ? (
          <Trans>Read by {audio.narratorName}.</Trans>
        ) : (
          <Trans>Read by a person.</Trans>
        )}
      </p>
      {url ? (
        <>
          <button type="button" className="button narration__listen" onClick={() => play({ microbookId, language })}>
            <Trans>Listen</Trans>
          </button>
          <ol className="narration__chapters" aria-label={t`Chapters`} lang={language}>
            {audio.chapters.map((chapter, index) => (
              <li key={chapter.startSeconds}>
                <button type="button" aria-current={current === index ? "true" : undefined} onClick={() => jumpTo(index)}>
                  <span className="narration__chapter-title">{chapter.title}</span>
                  <span className="narration__chapter-time">{formatClock(chapter.startSeconds)}</span>
                </button>
              </li>
            ))}
          </ol>
        </>
      ) : (
        <p className="notice notice--locked">
          <Trans>The narration is for Premium subscribers, like the full text.</Trans>
        </p>
      )}
    </section>
  );
}
