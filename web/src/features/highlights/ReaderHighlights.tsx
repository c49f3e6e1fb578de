import { useQuery } from "@apollo/client/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { useCallback, useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from "react";
import type { HighlightColour } from "../../gql/graphql";
import { Link } from "react-router-dom";
import { useLocalizedPath } from "../../app/useLocale";
import { HIGHLIGHTS_EXPORT } from "./export-links";
import { rangeFor, selectionIn, type ChapterSelection } from "./chapter-text";
import { COLOURS } from "./colours";
import { HighlightItem } from "./HighlightItem";
import { BookHighlightsQuery } from "./highlights.graphql";
import { canPaintHighlights, paintHighlights } from "./paint";
import { useHighlightActions } from "./useHighlightActions";

type Selected = ChapterSelection & { top: number; left: number };

/**
 * Highlights inside the reader, for a signed-in reader. The reader mounts it with its text's container:
 * each key idea's paragraphs inside an element with `data-reader-chapter="<0-based position>"` (the
 * introduction: "intro"). Selecting text in a chapter offers a toolbar (a colour, or a note first),
 * usable with the keyboard (Alt+H moves to it, arrows between its buttons, Escape closes it); saving
 * is optimistic. Existing highlights are marked with the CSS Custom Highlight API (no DOM rewriting)
 * and listed below, to recolour, annotate, share or delete. The API's access policy decides whether
 * the reader may highlight this book (`viewerAccess.canHighlight`).
 */
export function ReaderHighlights({ slug, editionId, container }: { slug: string; editionId: string; container: HTMLElement | null }) {
  const { t, i18n } = useLingui();
  const actions = useHighlightActions();
  const localize = useLocalizedPath();
  // Mounted in the browser only (LazyReaderHighlights): the reader's own highlights never shape the server's HTML.
  const { data } = useQuery(BookHighlightsQuery, { variables: { slug } });
  const book = data?.microbook;
  const highlights = useMemo(() => book?.viewerHighlights ?? [], [book]);
  const canHighlight = book?.viewerAccess.canHighlight ?? false;

  const [selected, setSelected] = useState<Selected | null>(null);
  const [noting, setNoting] = useState(false);
  const [note, setNote] = useState("");
  const toolbarRef = useRef<HTMLDivElement>(null);
  const noteId = useId();
  const listId = useId();

  // What is selected, kept while the toolbar is in use (clicking it, typing a note, must not lose it).
  const readSelection = useCallback(() => {
    if (!container || noting) return;
    const found = selectionIn(container, document.getSelection());
    if (!found) {
      if (!toolbarRef.current?.contains(document.activeElement)) setSelected(null);
      return;
    }
    const rect = document.getSelection()!.getRangeAt(0).getBoundingClientRect();
    // Above the selection, kept inside the window (a selection made with the keyboard may be scrolled away).
    const top = Math.min(Math.max(8, rect.top - 56), window.innerHeight - 64);
    const left = Math.min(Math.max(8, rect.left), Math.max(8, window.innerWidth - 360));
    setSelected({ ...found, top, left });
  }, [container, noting]);

  useEffect(() => {
    if (!canHighlight) return;
    document.addEventListener("selectionchange", readSelection);
    window.addEventListener("scroll", readSelection, { passive: true });
    return () => {
      document.removeEventListener("selectionchange", readSelection);
      window.removeEventListener("scroll", readSelection);
    };
  }, [canHighlight, readSelection]);

  // Alt+H: to the toolbar, for a reader who selected with the keyboard.
  useEffect(() => {
    if (!selected) return;
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.altKey && event.key.toLowerCase() === "h") {
        event.preventDefault();
        toolbarRef.current?.querySelector("button")?.focus();
      }
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [selected]);

  // Marks, painted again when the highlights or the reader's text change (chapters rendered later).
  const [textVersion, setTextVersion] = useState(0);
  useEffect(() => {
    if (!container || typeof MutationObserver === "undefined") return;
    let frame = 0;
    const observer = new MutationObserver(() => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => setTextVersion((v) => v + 1));
    });
    observer.observe(container, { childList: true, subtree: true, characterData: true });
    return () => (observer.disconnect(), cancelAnimationFrame(frame));
  }, [container]);
  useEffect(() => {
    if (!container) return;
    return paintHighlights(container, highlights).clear;
  }, [container, highlights, textVersion]);

  const close = () => {
    setSelected(null);
    setNoting(false);
    setNote("");
  };

  async function save(colour: HighlightColour) {
    if (!selected || !book) return;
    const selection = {
      keyIdeaPosition: selected.keyIdeaPosition,
      startOffset: selected.startOffset,
      endOffset: selected.endOffset,
      quote: selected.quote,
    };
    close();
    document.getSelection()?.removeAllRanges();
    await actions.create(book, editionId, selection, colour, note.trim() || null);
  }

  // Arrow keys move between the toolbar's buttons; Escape closes it.
  function onToolbarKey(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === "Escape") return close();
    if (!["ArrowRight", "ArrowLeft", "Home", "End"].includes(event.key) || (event.target as HTMLElement).tagName === "TEXTAREA") return;
    const buttons = Array.from(toolbarRef.current?.querySelectorAll<HTMLButtonElement>("button") ?? []);
    const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
    const next = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: buttons.length - 1 }[event.key]!;
    buttons[(next + buttons.length) % buttons.length]?.focus();
    event.preventDefault();
  }

  const show = (h: (typeof highlights)[number]) => {
    if (!container) return;
    const range = rangeFor(container, h);
    const element = range?.startContainer.parentElement;
    element?.scrollIntoView({ block: "center", behavior: "smooth" });
  };

  return (
    <>
      {selected && canHighlight && (
        <div
          ref={toolbarRef}
          role="toolbar"
          aria-label={t`Highlight the selected text (Alt+H)`}
          className="highlight-toolbar"
          style={{ top: selected.top, left: selected.left }}
          onKeyDown={onToolbarKey}
          // Pressing a button must not clear the reader's selection.
          onMouseDown={(event) => (event.target as HTMLElement).tagName !== "TEXTAREA" && event.preventDefault()}
        >
          {COLOURS.map((colour) => (
            <button
              key={colour.value}
              type="button"
              className={`highlight-toolbar__colour highlight-toolbar__colour--${colour.value.toLowerCase()}`}
              aria-label={noting ? t`Save with a note, in ${i18n._(colour.name)}` : t`Highlight in ${i18n._(colour.name)}`}
              title={i18n._(colour.name)}
              onClick={() => void save(colour.value)}
            />
          ))}
          {noting ? (
            <span className="highlight-toolbar__note">
              <label htmlFor={noteId} className="visually-hidden">
                <Trans>Note</Trans>
              </label>
              <textarea
                id={noteId}
                value={note}
                rows={2}
                maxLength={2000}
                placeholder={t`Your note, then choose a colour`}
                onChange={(event) => setNote(event.target.value)}
                autoFocus
              />
            </span>
          ) : (
            <button type="button" className="button button--secondary" onClick={() => setNoting(true)}>
              <Trans>Add note</Trans>
            </button>
          )}
          <button type="button" className="button button--secondary" aria-label={t`Close`} onClick={close}>
            ×
          </button>
        </div>
      )}
      {book && highlights.length > 0 && (
        <section className="reader-highlights" aria-labelledby={listId}>
          <h2 id={listId}>
            <Trans>Your highlights in this book</Trans>
          </h2>
          {!canPaintHighlights() && (
            <p className="reader-highlights__hint">
              <Trans>This browser cannot mark highlights in the text; they are all listed here.</Trans>
            </p>
          )}
          <p className="highlights-page__export">
            <Trans>Export this book's highlights:</Trans>{" "}
            <a href={HIGHLIGHTS_EXPORT.markdown(i18n.locale, slug)} download>
              <Trans>Markdown</Trans>
            </a>{" "}
            ·{" "}
            <a href={HIGHLIGHTS_EXPORT.csv(i18n.locale, slug)} download>
              <Trans>CSV (Readwise)</Trans>
            </a>{" "}
            · <Link to={localize("/library/highlights")}>{t`All your highlights`}</Link>
          </p>
          <ul className="highlight-list">
            {highlights.map((h) => (
              <li key={h.id}>
                <HighlightItem highlight={h} showBook={false} onShow={() => show(h)} />
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
