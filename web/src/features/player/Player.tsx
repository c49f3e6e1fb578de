import type { InMemoryCache } from "@apollo/client";
import { useApolloClient } from "@apollo/client/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { useCallback, useEffect, useRef, useState, type KeyboardEvent as ReactKeyboardEvent } from "react";
import type { Language } from "../../gql/graphql";
import { createPositionSync, deviceId, type PositionSync, type Resumes } from "../reader/position-sync";
import { registerEngine, reportPlayback, type PlaybackItem } from "./playback";
import { PlayerItemQuery, UpdatePlaybackRateMutation } from "./player.graphql";
import {
  chapterIndexAt,
  clock,
  FADE_MS,
  isFinished,
  keepLocalPlace,
  keepRate,
  localPlace,
  placeAt,
  previousChapter,
  rateToStart,
  savedRate,
  secondsOf,
  shouldAsk,
  SKIP_SECONDS,
  SLEEP_MINUTES,
  SPEEDS,
  type Chapter,
} from "./player-logic";

// The player's words are in the "browse" catalogue (web/lingui.config.ts), off the home page's budget:
// the player loads it for the page's language before it shows.
const CATALOGUE = {
  pt: () => import("../../locales/browse/pt.po"),
  en: () => import("../../locales/browse/en.po"),
  es: () => import("../../locales/browse/es.po"),
} as const;

/** The item being heard, as the player knows it once the API answered. */
type Track = {
  item: PlaybackItem;
  microbookId: string;
  slug: string;
  language: string;
  title: string;
  author: string;
  coverUrl: string;
  duration: number;
  chapters: readonly Chapter[];
  readerId: string | null;
};

/** A question before moving: another device's place, or another session took the position over. */
type Prompt = { seconds: number; here: number };
type Sleep = { kind: "minutes"; endsAt: number } | { kind: "chapter"; endsAtSeconds: number };

/**
 * The one player: a single <audio> mounted above the routes (loaded on first use through
 * playback.ts's engine loader), the mini bar at the bottom of every page and its expanded view. It
 * plays a queue (a microbook, or a playlist's play-all), saves the listening position through
 * position-sync (medium AUDIO: about every 10 s while playing, at once on a seek, on pause and when
 * the page is hidden), asks before taking another device's place, and drives the Media Session and
 * the keyboard shortcuts.
 */
export function Player() {
  const { t, i18n } = useLingui();
  const client = useApolloClient();
  const locale = i18n.locale as keyof typeof CATALOGUE;
  const [wordsFor, setWordsFor] = useState<string | null>(null);
  const audio = useRef<HTMLAudioElement>(null);
  const help = useRef<HTMLDialogElement>(null);
  const promptButton = useRef<HTMLButtonElement>(null);
  const [queue, setQueue] = useState<readonly PlaybackItem[]>([]);
  const [index, setIndex] = useState(0);
  const [track, setTrack] = useState<Track | null>(null);
  const [playing, setPlaying] = useState(false);
  const [time, setTime] = useState(0);
  const [rate, setRate] = useState(1);
  const [expanded, setExpanded] = useState(false);
  const [prompt, setPrompt] = useState<Prompt | null>(null);
  const [failed, setFailed] = useState(false);
  const [sleep, setSleep] = useState<Sleep | null>(null);

  // The engine's internals, read by event handlers and the registered engine (never stale closures).
  const sync = useRef<PositionSync | null>(null);
  const current = useRef<{ track: Track | null; queue: readonly PlaybackItem[]; index: number }>({ track: null, queue: [], index: 0 });
  const pendingSeek = useRef<number | null>(null);
  const loads = useRef(0);
  const lastLocal = useRef(0);
  /** The speed chosen in this page: later items keep it, even if the account has not heard of it yet. */
  const chosenRate = useRef<number | null>(null);

  // The reader view reads some reader settings, the player its speed: merged in the cache, neither replacing the
  // other's. Registered here, where the second reader of them comes in (not in the home page's first-visit code).
  useEffect(() => {
    (client.cache as InMemoryCache).policies.addTypePolicies({ ReaderSettings: { merge: true } });
  }, [client]);

  useEffect(() => {
    let gone = false;
    void CATALOGUE[locale]?.().then(({ messages }) => {
      if (gone) return;
      i18n.load(locale, messages);
      setWordsFor(locale);
    });
    return () => {
      gone = true;
    };
  }, [i18n, locale]);

  const element = () => audio.current;
  // Where the narration is: a seek waiting for the audio's metadata counts already.
  const timeNow = useCallback(() => pendingSeek.current ?? audio.current?.currentTime ?? 0, []);

  const place = useCallback((seconds: number) => {
    const playingTrack = current.current.track;
    return placeAt(playingTrack?.chapters ?? [], seconds, playingTrack?.duration ?? 0);
  }, []);

  /**
   * Moves to `seconds` as the listener asked: saved at once, taking the position over. `resumes`: not asked, a start
   * at the saved place read, which takes the position over only while it is still that one (never a newer one).
   */
  const seekTo = useCallback(
    (seconds: number, andPlay = false, resumes?: Resumes) => {
      const media = element();
      const playingTrack = current.current.track;
      if (!media || !playingTrack) return;
      const to = Math.min(Math.max(0, seconds), playingTrack.duration);
      if (media.readyState === 0) pendingSeek.current = to;
      else media.currentTime = to;
      setTime(to);
      keepLocalPlace(playingTrack.microbookId, to);
      void sync.current?.claim(place(to), resumes);
      if (andPlay) media.play().catch(() => undefined);
    },
    [place],
  );

  const load = useCallback(
    async (items: readonly PlaybackItem[], from: number) => {
      const media = audio.current;
      if (!items[from] || !media) return;
      const token = ++loads.current;
      sync.current?.stop();
      sync.current = null;
      media.pause();
      setFailed(false);
      setPrompt(null);
      setSleep(null);
      setQueue(items);
      // The first item this reader may hear, from `from` on (not narrated, or no URL for them: skipped).
      let found = null;
      for (let at = from; at < items.length && !found; at++) {
        const item = items[at]!;
        setIndex(at);
        current.current = { ...current.current, queue: items, index: at };
        let data;
        try {
          ({ data } = await client.query({
            query: PlayerItemQuery,
            variables: { id: item.microbookId, language: item.language as Language },
            fetchPolicy: "network-only",
          }));
        } catch {
          data = null;
        }
        if (token !== loads.current) return; // something else was asked for meanwhile
        const book = data?.node?.__typename === "Microbook" ? data.node : null;
        const edition = book?.edition;
        const url = edition?.content?.audioUrl;
        if (book && edition?.audio && url) found = { item, at, data: data!, book, edition: { ...edition, audio: edition.audio }, url };
      }
      if (!found) {
        setFailed(true);
        return;
      }
      const { item, at, data, book, edition, url } = found;
      const readerId = data.viewer?.id ?? null;
      const next: Track = {
        item,
        microbookId: book.id,
        slug: book.slug,
        language: edition.language,
        title: edition.title,
        author: book.author.name,
        coverUrl: edition.coverUrl,
        duration: edition.audio.durationSeconds,
        chapters: edition.audio.chapters,
        readerId,
      };
      current.current = { queue: items, index: at, track: next };
      setTrack(next);
      const speed = chosenRate.current ?? rateToStart(data.viewer?.readerSettings.playbackRate ?? null, savedRate(readerId));
      setRate(speed);
      media.src = url;
      media.defaultPlaybackRate = speed;
      media.playbackRate = speed;
      media.volume = 1;
      if (readerId) {
        const positions = createPositionSync({
          client,
          microbookId: book.id,
          language: edition.language,
          medium: "AUDIO",
          // A newer tab or device owns the position now: offer its place, move nothing unasked.
          // (Another session on this same device, e.g. the reading view, owns it: nothing to ask across devices.)
          onStale: (position) =>
            position.deviceId !== deviceId() &&
            setPrompt({
              seconds: secondsOf(position, next.chapters, next.duration),
              here: element()?.currentTime ?? 0,
            }),
        });
        positions.start();
        sync.current = positions;
      }
      const here = localPlace(book.id);
      const saved = book.viewerPosition;
      if (item.atSeconds != null) return seekTo(item.atSeconds, true);
      if (saved && readerId) {
        const seconds = secondsOf(saved, next.chapters, next.duration);
        if (shouldAsk({ seconds, deviceId: saved.deviceId }, here, deviceId())) {
          const stay = here ?? 0;
          pendingSeek.current = stay;
          setTime(stay);
          setPrompt({ seconds, here: stay });
          return;
        }
        return seekTo(seconds, true, { savedAt: saved.savedAt });
      }
      // Nothing saved when asked: the start applies only if nothing was saved since (a queue never overwrites).
      seekTo(0, true, { savedAt: null });
    },
    [client, seekTo],
  );

  // The engine, registered once: pages reach it through playback.ts.
  useEffect(() => {
    registerEngine({
      play: (items) => void load(items, 0),
      seek: (seconds) => seekTo(seconds, true),
      currentTime: timeNow,
    });
  }, [load, seekTo, timeNow]);

  useEffect(() => {
    reportPlayback(track ? { item: track.item, playing } : null);
  }, [track, playing]);

  // The prompt takes focus when it appears: it answers the listener's own press.
  useEffect(() => {
    if (prompt) promptButton.current?.focus();
  }, [prompt]);

  const toggle = useCallback(() => {
    const media = element();
    if (!media || !current.current.track) return;
    if (media.paused) {
      media.play().catch(() => undefined);
      void sync.current?.claim(place(timeNow()));
    } else media.pause();
  }, [place, timeNow]);

  const skip = useCallback((seconds: number) => seekTo(timeNow() + seconds), [seekTo, timeNow]);

  const goChapter = useCallback(
    (direction: -1 | 1) => {
      const playingTrack = current.current.track;
      if (!playingTrack) return;
      const { chapters } = playingTrack;
      const time = timeNow();
      if (direction < 0) return seekTo(chapters[previousChapter(chapters, time)]?.startSeconds ?? 0);
      const next = chapters[chapterIndexAt(chapters, time) + 1];
      if (next) return seekTo(next.startSeconds);
      const { queue: items, index: at } = current.current;
      if (at + 1 < items.length) void load(items, at + 1);
    },
    [load, seekTo, timeNow],
  );

  const changeRate = (value: number) => {
    const media = element();
    setRate(value);
    if (media) {
      media.defaultPlaybackRate = value;
      media.playbackRate = value;
    }
    chosenRate.current = value;
    const readerId = current.current.track?.readerId ?? null;
    keepRate(readerId, value);
    // A reader's speed goes to their account (every device starts at it); this browser's copy is the fallback.
    if (readerId) void client.mutate({ mutation: UpdatePlaybackRateMutation, variables: { playbackRate: value } }).catch(() => undefined);
  };

  // The sleep timer: the volume fades over its last seconds, then the narration pauses.
  useEffect(() => {
    if (!sleep) return;
    const tick = setInterval(() => {
      const media = element();
      if (!media) return;
      const left =
        sleep.kind === "minutes" ? sleep.endsAt - Date.now() : ((sleep.endsAtSeconds - media.currentTime) / media.playbackRate) * 1000;
      if (left <= 0) {
        media.pause();
        media.volume = 1;
        setSleep(null);
      } else if (!media.paused) media.volume = Math.min(1, left / FADE_MS);
    }, 200);
    return () => {
      clearInterval(tick);
      const media = element();
      if (media) media.volume = 1;
    };
  }, [sleep]);

  function chooseSleep(value: string) {
    const playingTrack = current.current.track;
    if (value === "chapter" && playingTrack) {
      const next = playingTrack.chapters[chapterIndexAt(playingTrack.chapters, timeNow()) + 1];
      setSleep({ kind: "chapter", endsAtSeconds: next?.startSeconds ?? playingTrack.duration });
    } else if (value) setSleep({ kind: "minutes", endsAt: Date.now() + Number(value) * 60_000 });
    else setSleep(null);
  }

  // Media Session: the lock screen and headset keys.
  const chapterIndex = track ? chapterIndexAt(track.chapters, time) : 0;
  const chapterTitle = track?.chapters[chapterIndex]?.title ?? "";
  useEffect(() => {
    if (!track || !("mediaSession" in navigator) || typeof MediaMetadata === "undefined") return;
    navigator.mediaSession.metadata = new MediaMetadata({
      title: track.title,
      artist: track.author,
      album: chapterTitle,
      artwork: [{ src: new URL(track.coverUrl, location.href).href }],
    });
  }, [track, chapterTitle]);
  useEffect(() => {
    if (!track || !("mediaSession" in navigator)) return;
    const session = navigator.mediaSession;
    const handlers: [MediaSessionAction, MediaSessionActionHandler][] = [
      ["play", () => element()?.paused && toggle()],
      ["pause", () => element()?.pause()],
      ["seekbackward", (details) => skip(-(details.seekOffset ?? SKIP_SECONDS))],
      ["seekforward", (details) => skip(details.seekOffset ?? SKIP_SECONDS)],
      ["previoustrack", () => goChapter(-1)],
      ["nexttrack", () => goChapter(1)],
      ["seekto", (details) => details.seekTime != null && seekTo(details.seekTime)],
    ];
    for (const [action, handler] of handlers) {
      try {
        session.setActionHandler(action, handler);
      } catch {
        // an action this browser does not know
      }
    }
  }, [track, toggle, skip, goChapter, seekTo]);
  const positionState = () => {
    const media = element();
    if (!media || !("mediaSession" in navigator) || !navigator.mediaSession.setPositionState) return;
    const duration = Number.isFinite(media.duration) ? media.duration : (current.current.track?.duration ?? 0);
    if (!(duration > 0)) return;
    try {
      navigator.mediaSession.setPositionState({
        duration,
        playbackRate: media.playbackRate || 1,
        position: Math.min(media.currentTime, duration),
      });
    } catch {
      // a position the browser refuses (mid-load): the next event sets it
    }
  };

  // Keyboard shortcuts, anywhere on the page but in a field: space, ←/→ 15 s, shift+←/→ key ideas, ? the list.
  useEffect(() => {
    if (!track) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
      const target = event.target as HTMLElement | null;
      const typing = target?.closest("input, textarea, select, [contenteditable]:not([contenteditable='false'])");
      if (typing) return;
      const onControl = target?.closest("button, a, summary, [role='button']");
      if (event.key === " " && !onControl) {
        event.preventDefault();
        toggle();
      } else if (event.key === "ArrowLeft" || event.key === "ArrowRight") {
        // The reading view turns key ideas with plain arrows (its own shortcuts): the player keeps Shift+arrows there.
        if (!event.shiftKey && document.querySelector(".reader")) return;
        event.preventDefault();
        const direction = event.key === "ArrowLeft" ? -1 : 1;
        if (event.shiftKey) goChapter(direction);
        else skip(direction * SKIP_SECONDS);
      } else if (event.key === "?") {
        event.preventDefault();
        if (!help.current?.open) help.current?.showModal();
      }
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [track, toggle, skip, goChapter]);

  function answer(continueThere: boolean) {
    if (!prompt) return;
    const to = continueThere ? prompt.seconds : prompt.here;
    setPrompt(null);
    seekTo(to, true);
  }

  function onEnded() {
    const playingTrack = current.current.track;
    setPlaying(false);
    if (!playingTrack) return;
    sync.current?.update(place(playingTrack.duration));
    sync.current?.saveNow();
    keepLocalPlace(playingTrack.microbookId, 0);
    const { queue: items, index: at } = current.current;
    if (at + 1 < items.length) void load(items, at + 1);
  }

  function onTimeUpdate() {
    const media = element();
    const playingTrack = current.current.track;
    if (!media || !playingTrack) return;
    setTime(media.currentTime);
    // While the reader is asked where to continue, nothing is saved (they have not chosen yet).
    if (!prompt)
      sync.current?.update(place(isFinished(media.currentTime, playingTrack.duration) ? playingTrack.duration : media.currentTime));
    if (Math.abs(media.currentTime - lastLocal.current) >= 2) {
      lastLocal.current = media.currentTime;
      keepLocalPlace(playingTrack.microbookId, media.currentTime);
    }
    positionState();
  }

  function onPause() {
    setPlaying(false);
    const media = element();
    const playingTrack = current.current.track;
    if (!media || !playingTrack || media.ended) return;
    keepLocalPlace(playingTrack.microbookId, media.currentTime);
    if (!prompt) {
      sync.current?.update(place(media.currentTime));
      sync.current?.saveNow();
    }
  }

  function onPanelKey(event: ReactKeyboardEvent) {
    if (event.key === "Escape") {
      event.stopPropagation();
      setExpanded(false);
    }
  }

  const audioElement = (
    <audio
      ref={audio}
      className="player__audio"
      preload="metadata"
      onPlay={() => setPlaying(true)}
      onPause={onPause}
      onEnded={onEnded}
      onTimeUpdate={onTimeUpdate}
      onRateChange={positionState}
      onLoadedMetadata={() => {
        const media = element();
        if (media && pendingSeek.current !== null) {
          media.currentTime = pendingSeek.current;
          pendingSeek.current = null;
        }
        setFailed(false);
        positionState();
      }}
      onError={() => setFailed(true)}
    />
  );
  // The audio element stays where it is whatever shows, so nothing remounts it mid-play.
  if (wordsFor !== locale)
    return (
      <>
        {audioElement}
        {null}
      </>
    );
  if (!track)
    return (
      <>
        {audioElement}
        {failed && (
          <section className="player" aria-label={t`Audio player`}>
            <FailedNotice />
          </section>
        )}
      </>
    );

  const duration = track.duration;
  const playLabel = playing ? t`Pause` : t`Play`;
  const timeText = t`${clock(time)} of ${clock(duration)}`;
  return (
    <>
      {audioElement}
      <section className="player" aria-label={t`Audio player`} data-expanded={expanded ? "true" : undefined}>
        {prompt && (
          <div className="player__prompt" role="group" aria-labelledby="player-prompt-text">
            <p id="player-prompt-text">
              <Trans>Continue from {clock(prompt.seconds)} (on another device)?</Trans>
            </p>
            <div className="player__prompt-choices">
              <button ref={promptButton} type="button" className="button" onClick={() => answer(true)}>
                <Trans>Continue from {clock(prompt.seconds)}</Trans>
              </button>
              <button type="button" className="button button--secondary" onClick={() => answer(false)}>
                <Trans>Stay at {clock(prompt.here)}</Trans>
              </button>
            </div>
          </div>
        )}
        {failed && <FailedNotice />}
        {expanded && (
          <div id="player-panel" className="player__panel" role="group" aria-label={t`Player controls`} onKeyDown={onPanelKey}>
            <div className="player__heading">
              <img className="player__cover player__cover--large" src={track.coverUrl} alt="" width={96} height={144} />
              <div>
                <p className="player__title" lang={track.language}>
                  {track.title}
                </p>
                <p className="player__author">{track.author}</p>
                <p className="player__chapter" lang={track.language}>
                  {chapterTitle}
                </p>
              </div>
            </div>
            <div className="player__seek">
              <span aria-hidden="true">{clock(time)}</span>
              <input
                type="range"
                min={0}
                max={Math.round(duration)}
                step={1}
                value={Math.round(time)}
                aria-label={t`Position`}
                aria-valuetext={timeText}
                onChange={(event) => seekTo(Number(event.currentTarget.value))}
              />
              <span aria-hidden="true">{clock(duration)}</span>
            </div>
            <div className="player__controls player__controls--large">
              <button type="button" className="player__button" aria-label={t`Previous key idea`} onClick={() => goChapter(-1)}>
                <span aria-hidden="true">⏮</span>
              </button>
              <button type="button" className="player__button" aria-label={t`Back 15 seconds`} onClick={() => skip(-SKIP_SECONDS)}>
                <span aria-hidden="true">−15</span>
              </button>
              <button type="button" className="player__button player__button--main" aria-label={playLabel} onClick={toggle}>
                <span aria-hidden="true">{playing ? "⏸" : "▶"}</span>
              </button>
              <button type="button" className="player__button" aria-label={t`Forward 15 seconds`} onClick={() => skip(SKIP_SECONDS)}>
                <span aria-hidden="true">+15</span>
              </button>
              <button type="button" className="player__button" aria-label={t`Next key idea`} onClick={() => goChapter(1)}>
                <span aria-hidden="true">⏭</span>
              </button>
            </div>
            <div className="player__settings">
              <label>
                <Trans>Speed</Trans>{" "}
                <select value={String(rate)} onChange={(event) => changeRate(Number(event.currentTarget.value))}>
                  {SPEEDS.map((speed) => (
                    <option key={speed} value={String(speed)}>
                      {i18n.number(speed)}×
                    </option>
                  ))}
                </select>
              </label>
              <label>
                <Trans>Sleep timer</Trans>{" "}
                <select
                  value={sleep ? (sleep.kind === "chapter" ? "chapter" : "set") : ""}
                  onChange={(event) => chooseSleep(event.currentTarget.value)}
                >
                  <option value="">{t`Off`}</option>
                  {sleep?.kind === "minutes" && (
                    <option value="set">{t`Pauses at ${new Date(sleep.endsAt).toLocaleTimeString(locale, { hour: "2-digit", minute: "2-digit" })}`}</option>
                  )}
                  {SLEEP_MINUTES.map((minutes) => (
                    <option key={minutes} value={String(minutes)}>
                      {t`${minutes} minutes`}
                    </option>
                  ))}
                  <option value="chapter">{t`End of the key idea`}</option>
                </select>
              </label>
              <button type="button" className="button button--secondary" onClick={() => help.current?.showModal()}>
                <Trans>Keyboard shortcuts</Trans>
              </button>
            </div>
            {queue.length > 1 && (
              <div className="player__queue-section">
                <div className="player__controls">
                  <button
                    type="button"
                    className="button button--secondary"
                    disabled={index === 0}
                    onClick={() => void load(queue, index - 1)}
                  >
                    <Trans>Previous microbook</Trans>
                  </button>
                  <button
                    type="button"
                    className="button button--secondary"
                    disabled={index + 1 >= queue.length}
                    onClick={() => void load(queue, index + 1)}
                  >
                    <Trans>Next microbook</Trans>
                  </button>
                </div>
                <ol className="player__queue" aria-label={t`Queue`}>
                  {queue.map((item, at) => (
                    <li key={`${item.microbookId}-${at}`} aria-current={at === index ? "true" : undefined}>
                      {at === index ? (
                        <span lang={track.language}>{track.title}</span>
                      ) : (
                        <button type="button" className="player__queue-item" onClick={() => void load(queue, at)}>
                          {item.title ?? t`Play item ${at + 1}`}
                        </button>
                      )}
                    </li>
                  ))}
                </ol>
              </div>
            )}
          </div>
        )}
        <div className="mini-player">
          <img className="player__cover" src={track.coverUrl} alt="" width={32} height={48} />
          <div className="mini-player__text">
            <p className="player__title" lang={track.language}>
              {track.title}
            </p>
            <p className="mini-player__time">
              <span className="visually-hidden">{chapterTitle} · </span>
              <span aria-hidden="true">{clock(time)}</span>
              <span className="visually-hidden">{timeText}</span>
            </p>
          </div>
          <div className="player__controls">
            <button type="button" className="player__button" aria-label={t`Back 15 seconds`} onClick={() => skip(-SKIP_SECONDS)}>
              <span aria-hidden="true">−15</span>
            </button>
            <button type="button" className="player__button player__button--main" aria-label={playLabel} onClick={toggle}>
              <span aria-hidden="true">{playing ? "⏸" : "▶"}</span>
            </button>
            <button type="button" className="player__button" aria-label={t`Forward 15 seconds`} onClick={() => skip(SKIP_SECONDS)}>
              <span aria-hidden="true">+15</span>
            </button>
            <button
              type="button"
              className="player__button"
              aria-expanded={expanded}
              aria-controls={expanded ? "player-panel" : undefined}
              aria-label={expanded ? t`Close the player` : t`Open the player`}
              onClick={() => setExpanded(!expanded)}
            >
              <span aria-hidden="true">{expanded ? "▾" : "▴"}</span>
            </button>
          </div>
        </div>
        <dialog ref={help} className="player__help" aria-labelledby="player-help-title">
          <h2 id="player-help-title">
            <Trans>Keyboard shortcuts</Trans>
          </h2>
          <dl>
            <dt>
              <kbd>
                <Trans>Space</Trans>
              </kbd>
            </dt>
            <dd>
              <Trans>Play or pause</Trans>
            </dd>
            <dt>
              <kbd>←</kbd> / <kbd>→</kbd>
            </dt>
            <dd>
              <Trans>Back or forward 15 seconds</Trans>
            </dd>
            <dt>
              <kbd>
                <Trans>Shift</Trans>
              </kbd>{" "}
              + <kbd>←</kbd> / <kbd>→</kbd>
            </dt>
            <dd>
              <Trans>Previous or next key idea</Trans>
            </dd>
            <dt>
              <kbd>?</kbd>
            </dt>
            <dd>
              <Trans>This list</Trans>
            </dd>
          </dl>
          <button type="button" className="button" onClick={() => help.current?.close()}>
            <Trans>Close</Trans>
          </button>
        </dialog>
      </section>
    </>
  );
}

function FailedNotice() {
  return (
    <p className="notice player__failed" role="alert">
      <Trans>The audio could not be loaded. Reload the page to try again.</Trans>
    </p>
  );
}
