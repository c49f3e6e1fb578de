import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useRef, useState } from "react";
import { chapterAt, formatClock } from "./narration-time";

export type NarrationAudio = {
  durationSeconds: number;
  /** A synthetic voice (the catalogue's own narrations) or a person's recording. */
  synthetic: boolean;
  narratorName?: string | null;
  chapters: readonly { title: string; startSeconds: number }[];
};

/**
 * The narration of a microbook: the browser's own player (it asks the server for byte ranges as it
 * seeks) and the chapters, one per key idea, to jump to. Locked narrations show their length only.
 */
export function Narration({ audio, url, language }: { audio: NarrationAudio; url: string | null; language: string }) {
  const { t } = useLingui();
  const player = useRef<HTMLAudioElement>(null);
  const [current, setCurrent] = useState<number | null>(null);
  // An expired or refused link (403) or a missing file: say so instead of a silent, dead player.
  const [failed, setFailed] = useState(false);
  const minutes = Math.max(1, Math.round(audio.durationSeconds / 60));
  // The server's HTML starts loading the audio before the page hydrates: a failure may have come
  // before React listened for it.
  useEffect(() => {
    if (player.current?.error) setFailed(true);
  }, [url]);

  function jumpTo(index: number) {
    const element = player.current;
    const chapter = audio.chapters[index];
    if (!element || !chapter) return;
    element.currentTime = chapter.startSeconds;
    setCurrent(index);
    // The listener asked for it, so the browser allows playing; a refusal leaves the player paused.
    element.play().catch(() => undefined);
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
          <audio
            ref={player}
            className="narration__player"
            controls
            preload="metadata"
            src={url}
            aria-label={t`Narration`}
            onTimeUpdate={(event) => setCurrent(chapterAt(audio.chapters, event.currentTarget.currentTime))}
            onError={() => setFailed(true)}
            onLoadedMetadata={() => setFailed(false)}
          />
          {failed && (
            <p className="notice" role="alert">
              <Trans>The audio could not be loaded. Reload the page to try again.</Trans>
            </p>
          )}
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
