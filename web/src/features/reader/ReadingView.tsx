import type { ApolloClient } from "@apollo/client";
import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useRef, useState, type ReactNode, type RefObject } from "react";
import type { Language } from "../../gql/graphql";
import { createPositionSync, type Place, type PositionSync, type SavedPosition } from "./position-sync";
import { measurePlace, scrollToPlace } from "./reading-place";
import { chapterId, type ReaderKeyIdea } from "./ReaderText";

/**
 * The reading view's behaviour around the text: where the reader is (table of contents with each key
 * idea's progress, the whole book's), their place restored on opening and saved as they read,
 * previous/next key idea by button and by keyboard (← and →; the usual scroll keys scroll the page),
 * a notice when another device has moved on, and the end of the book marking it read (by the API).
 */
export function ReadingView({
  client,
  microbookId,
  language,
  keyIdeas,
  saved,
  alreadyRead,
  children,
}: {
  client: ApolloClient;
  microbookId: string;
  language: Language;
  keyIdeas: readonly ReaderKeyIdea[];
  saved: SavedPosition | null;
  alreadyRead: boolean;
  /** Renders the text (ReaderText) with the ref the view measures. */
  children: (textRef: RefObject<HTMLDivElement | null>) => ReactNode;
}) {
  const { t } = useLingui();
  const textRef = useRef<HTMLDivElement>(null);
  const syncRef = useRef<PositionSync | null>(null);
  const count = keyIdeas.length;
  const clampPlace = (place: Place): Place => ({
    keyIdea: Math.min(Math.max(place.keyIdea, 0), count - 1),
    keyIdeaOffset: Math.min(Math.max(place.keyIdeaOffset, 0), 1),
  });
  const [place, setPlace] = useState<Place>(() => clampPlace(saved ?? { keyIdea: 0, keyIdeaOffset: 0 }));
  const [elsewhere, setElsewhere] = useState<SavedPosition | null>(null);
  const [finished, setFinished] = useState(false);

  useEffect(() => {
    const text = textRef.current;
    if (!text) return;
    const sync = createPositionSync({
      client,
      microbookId,
      language,
      medium: "TEXT",
      onStale: (position) => setElsewhere(position),
      onMarkedRead: () => setFinished(true),
    });
    syncRef.current = sync;
    // Back where they left off (any device), then this session takes the position: opening and
    // resuming is the reader's deliberate choice.
    const start = clampPlace(saved ?? { keyIdea: 0, keyIdeaOffset: 0 });
    if (saved) scrollToPlace(text, start);
    void sync.claim(start);
    sync.start();
    let scrolled = false;
    let frame = 0;
    const onScroll = () => {
      scrolled = true;
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const now = measurePlace(text, scrolled);
        setPlace(now);
        sync.update(now);
      });
    };
    addEventListener("scroll", onScroll, { passive: true });
    return () => {
      removeEventListener("scroll", onScroll);
      cancelAnimationFrame(frame);
      sync.stop();
      syncRef.current = null;
    };
    // Once per book: the saved place is where this visit starts, not something to follow.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [client, microbookId, language]);

  /** A chapter jump: the reader's choice, saved at once. */
  function goTo(keyIdea: number) {
    const text = textRef.current;
    if (!text || keyIdea < 0 || keyIdea >= count) return;
    const target = { keyIdea, keyIdeaOffset: 0 };
    scrollToPlace(text, target);
    document.getElementById(`${chapterId(keyIdea)}-title`)?.focus({ preventScroll: true });
    setPlace(target);
    setElsewhere(null);
    void syncRef.current?.claim(target);
  }
  // The keyboard handler and "stay here" read the latest of these (kept current after each render).
  const goToRef = useRef(goTo);
  const placeRef = useRef(place);
  useEffect(() => {
    goToRef.current = goTo;
    placeRef.current = place;
  });

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
      const target = event.target as HTMLElement | null;
      // Arrow keys belong to form controls (the theme radios, the line length select) and editable text.
      if (target?.closest("input, select, textarea, [contenteditable=true], [role=slider]")) return;
      if (event.key === "ArrowRight") goToRef.current(placeRef.current.keyIdea + 1);
      else if (event.key === "ArrowLeft") goToRef.current(placeRef.current.keyIdea - 1);
      else return;
      event.preventDefault();
    };
    addEventListener("keydown", onKey);
    return () => removeEventListener("keydown", onKey);
  }, []);

  const overall = count > 0 ? (place.keyIdea + place.keyIdeaOffset) / count : 0;
  const percent = Math.round(overall * 100);
  const current = place.keyIdea + 1;
  const chapterProgress = (position: number) => (position < place.keyIdea ? 1 : position === place.keyIdea ? place.keyIdeaOffset : 0);

  return (
    <div className="reader__body">
      <div className="reader__status">
        <p className="reader__where" data-key-idea={place.keyIdea}>
          <Trans>
            Key idea {current} of {count} · {percent}% read
          </Trans>
        </p>
        <progress className="reader__overall" max={1} value={overall} aria-label={t`Progress through the microbook`} />
      </div>
      {elsewhere && (
        <div className="notice reader__elsewhere">
          <p>
            <Trans>You have read on in another session, at key idea {elsewhere.keyIdea + 1}.</Trans>
          </p>
          <button
            type="button"
            className="button"
            onClick={() => {
              const there = clampPlace(elsewhere);
              if (textRef.current) scrollToPlace(textRef.current, there);
              setPlace(there);
              setElsewhere(null);
              void syncRef.current?.claim(there);
            }}
          >
            <Trans>Go there</Trans>
          </button>{" "}
          <button
            type="button"
            className="button button--secondary"
            onClick={() => {
              setElsewhere(null);
              void syncRef.current?.claim(placeRef.current);
            }}
          >
            <Trans>Stay here</Trans>
          </button>
        </div>
      )}
      <nav className="reader__toc" aria-label={t`Contents`}>
        <details open>
          <summary>
            <Trans>Contents</Trans>
          </summary>
          <ol>
            {keyIdeas.map((idea) => (
              <li key={idea.position}>
                <a
                  href={`#${chapterId(idea.position)}`}
                  aria-current={idea.position === place.keyIdea ? "location" : undefined}
                  onClick={(event) => {
                    event.preventDefault();
                    goTo(idea.position);
                  }}
                >
                  {idea.title}
                </a>
                <progress max={1} value={chapterProgress(idea.position)} aria-label={t`Progress through "${idea.title}"`} />
              </li>
            ))}
          </ol>
        </details>
      </nav>
      {children(textRef)}
      <nav className="reader__chapters-nav" aria-label={t`Key ideas`}>
        <button type="button" className="button button--secondary" disabled={place.keyIdea <= 0} onClick={() => goTo(place.keyIdea - 1)}>
          <Trans>Previous key idea</Trans>
        </button>
        <button type="button" className="button" disabled={place.keyIdea >= count - 1} onClick={() => goTo(place.keyIdea + 1)}>
          <Trans>Next key idea</Trans>
        </button>
      </nav>
      {(finished || alreadyRead) && (
        <p className="notice reader__finished" role="status">
          {finished ? <Trans>You finished this microbook: it is marked as read.</Trans> : <Trans>You have read this microbook.</Trans>}
        </p>
      )}
      <p className="reader__keys">
        <Trans>Keys: ← and → for the previous and next key idea; Space, Page Up and Page Down scroll.</Trans>
      </p>
    </div>
  );
}
