import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useMemo, useRef, useState } from "react";
import { currentTime, play, seek, usePlayback } from "../player/playback";
import { placeUnits, unitAtPoint, type PlacedUnit } from "./ranges";
import { chapterUnits, sentenceAt, type ReadAlongTimings, type TimedSentence } from "./timeline";

/** CSS Custom Highlight names (styles.css: ::highlight(brevia-read-along)…). */
export const SPOKEN = "brevia-read-along";
export const CURSOR = "brevia-read-along-cursor";

const canPaint = () => typeof CSS !== "undefined" && "highlights" in CSS && typeof globalThis.Highlight === "function";
function paint(name: string, range: Range | null) {
  if (!canPaint()) return;
  if (range) CSS.highlights.set(name, new Highlight(range));
  else CSS.highlights.delete(name);
}

/** Keys that scroll the page: the reader moving on their own. */
const SCROLL_KEYS = new Set(["PageUp", "PageDown", "Home", "End", " ", "ArrowUp", "ArrowDown"]);

type Props = {
  /** The reader's text (ReaderText's container), once mounted. */
  container: HTMLElement | null;
  microbookId: string;
  language: string;
  /** EditionContent.timingsUrl: signed, only for a reader who may listen. */
  timingsUrl: string;
  /** The narration's chapters (the introduction, then each key idea): the units when there are no sentence timings. */
  chapters: readonly { startSeconds: number }[];
  durationSeconds: number;
};

/**
 * Read-along: while the player plays this book, the sentence being spoken is painted (CSS Custom Highlight API, Ranges
 * over ReaderText's own text nodes: its DOM stays as the highlights layer expects) and kept in view; scrolling or
 * selecting pauses the following until "Back to narration". Tapping a sentence, or Enter on one, plays from its start.
 *
 * Keyboard: the text is one Tab stop (roving focus over its paragraphs, no element added): in it ↑ and ↓ move a
 * sentence cursor (painted, and said through a polite live region), Enter listens from it. A button per sentence would
 * add hundreds of Tab stops and text to the paragraphs; one stop with arrows is how a screen reader's user already
 * moves through text, and Tab leaves the text at once.
 * Without sentence timings the units are the key ideas (the narration's chapters).
 */
export function ReadAlong({ container, microbookId, language, timingsUrl, chapters, durationSeconds }: Props) {
  const { t } = useLingui();
  const playback = usePlayback();
  const thisBook = playback !== null && playback.item.microbookId === microbookId && playback.item.language === language;
  const playing = thisBook && playback.playing;
  const [following, setFollowing] = useState(true);
  const [cursor, setCursor] = useState(-1);
  const [said, setSaid] = useState("");
  const currentRef = useRef(-1);
  // Until when scroll events are ours (following the narration), not the reader's.
  const ourScrollUntil = useRef(0);

  // The timings (null: not loaded yet); none, or none that load: the narration's chapters instead.
  const [timings, setTimings] = useState<TimedSentence[] | null>(null);
  useEffect(() => {
    let live = true;
    void fetch(timingsUrl, { credentials: "same-origin" })
      .then((response) => (response.ok ? (response.json() as Promise<ReadAlongTimings>) : null))
      .catch(() => null)
      .then((loaded) => {
        if (live) setTimings(loaded?.sentences ?? []);
      });
    return () => {
      live = false;
    };
  }, [timingsUrl]);
  const sentences = useMemo(
    () => (timings === null ? null : timings.length ? timings : chapterUnits(chapters, durationSeconds)),
    [timings, chapters, durationSeconds],
  );

  const units = useMemo<PlacedUnit[]>(() => (container && sentences ? placeUnits(container, sentences) : []), [container, sentences]);
  const timeline = useMemo(() => units.map((unit) => unit.sentence), [units]);
  const textUnits = useMemo(() => units.flatMap((unit, i) => (unit.paragraph ? [i] : [])), [units]);

  function reveal(unit: PlacedUnit | undefined, always = false) {
    const rect = unit?.paint?.getBoundingClientRect();
    if (!rect || (!always && rect.top >= innerHeight * 0.15 && rect.bottom <= innerHeight * 0.7)) return;
    const smooth = !matchMedia("(prefers-reduced-motion: reduce)").matches;
    ourScrollUntil.current = performance.now() + (smooth ? 1000 : 150);
    scrollBy({ top: rect.top - innerHeight * 0.3, behavior: smooth ? "smooth" : "auto" });
  }

  // The spoken unit: read from the audio element every frame while this book plays, once when it pauses.
  useEffect(() => {
    if (!thisBook || units.length === 0) return;
    let frame = 0;
    const tick = () => {
      const index = sentenceAt(timeline, currentTime() * 1000);
      if (index !== currentRef.current) {
        currentRef.current = index;
        paint(SPOKEN, units[index]?.paint ?? null);
        if (following) reveal(units[index]);
      }
      if (playing) frame = requestAnimationFrame(tick);
    };
    currentRef.current = -2;
    tick();
    return () => cancelAnimationFrame(frame);
  }, [thisBook, playing, units, timeline, following]);

  // Off the page, nothing stays painted.
  useEffect(
    () => () => {
      paint(SPOKEN, null);
      paint(CURSOR, null);
    },
    [],
  );

  // The reader scrolling or selecting on their own pauses the following.
  useEffect(() => {
    if (!thisBook || !following) return;
    const stop = () => setFollowing(false);
    const onScroll = () => {
      if (performance.now() > ourScrollUntil.current) stop();
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented) return;
      if (SCROLL_KEYS.has(event.key) && !(event.target as HTMLElement | null)?.closest("input, select, textarea, button")) stop();
    };
    const onSelection = () => {
      const selection = getSelection();
      if (selection && !selection.isCollapsed && container?.contains(selection.anchorNode)) stop();
    };
    addEventListener("wheel", stop, { passive: true });
    addEventListener("touchmove", stop, { passive: true });
    addEventListener("scroll", onScroll, { passive: true });
    addEventListener("keydown", onKey);
    document.addEventListener("selectionchange", onSelection);
    return () => {
      removeEventListener("wheel", stop);
      removeEventListener("touchmove", stop);
      removeEventListener("scroll", onScroll);
      removeEventListener("keydown", onKey);
      document.removeEventListener("selectionchange", onSelection);
    };
  }, [thisBook, following, container]);

  function listenFrom(index: number) {
    const unit = units[index];
    if (!unit) return;
    const seconds = unit.sentence.startMs / 1000;
    if (thisBook) seek(seconds);
    else play({ microbookId, language, atSeconds: seconds });
    setFollowing(true);
  }

  /** The cursor's unit when it is in this paragraph, else the paragraph's first. */
  function cursorIn(paragraph: HTMLElement): number {
    if (units[cursor]?.paragraph === paragraph) return cursor;
    return textUnits.find((i) => units[i]!.paragraph === paragraph) ?? -1;
  }

  function moveCursor(index: number, focus = true) {
    const unit = units[index];
    if (!unit?.paragraph) return;
    setCursor(index);
    paint(CURSOR, unit.paint);
    setSaid(unit.paint?.toString() ?? "");
    if (!focus) return;
    if (document.activeElement !== unit.paragraph) unit.paragraph.focus({ preventScroll: true });
    reveal(unit);
  }

  // Tap (a click that selected nothing) and the keyboard, on the text itself.
  useEffect(() => {
    if (!container || units.length === 0) return;
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || (event.target as HTMLElement).closest("a, button, input, select, textarea"))
        return;
      const selection = getSelection();
      if (selection && !selection.isCollapsed) return;
      const point = pointFromEvent(event) ?? (selection?.rangeCount ? { node: selection.focusNode!, offset: selection.focusOffset } : null);
      if (!point) return;
      const index = unitAtPoint(units, point.node, point.offset);
      if (index >= 0) listenFrom(index);
    };
    const onKey = (event: KeyboardEvent) => {
      const paragraph = event.target as HTMLElement;
      if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey || !paragraph.matches("[data-read-along-paragraph]")) return;
      const here = cursorIn(paragraph);
      if (event.key === "Enter") listenFrom(here);
      else if (event.key === "ArrowDown" || event.key === "ArrowUp") {
        const at = textUnits.indexOf(here);
        const next = textUnits[at + (event.key === "ArrowDown" ? 1 : -1)];
        if (next === undefined) return;
        moveCursor(next);
      } else return;
      event.preventDefault();
    };
    const onFocus = (event: FocusEvent) => {
      const paragraph = event.target as HTMLElement;
      if (paragraph.matches?.("[data-read-along-paragraph]")) moveCursor(cursorIn(paragraph), false);
    };
    const onBlur = (event: FocusEvent) => {
      if (!container.contains(event.relatedTarget as Node | null)) paint(CURSOR, null);
    };
    container.addEventListener("click", onClick);
    container.addEventListener("keydown", onKey);
    container.addEventListener("focusin", onFocus);
    container.addEventListener("focusout", onBlur);
    return () => {
      container.removeEventListener("click", onClick);
      container.removeEventListener("keydown", onKey);
      container.removeEventListener("focusin", onFocus);
      container.removeEventListener("focusout", onBlur);
    };
    // The handlers read the latest state through these closures, re-attached on each change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [container, units, textUnits, cursor, thisBook]);

  // Roving focus: the paragraphs with timed sentences are focusable (attributes only: their text is unchanged), the
  // one holding the cursor (else the first) is the text's Tab stop.
  const hint = t`Enter listens from this sentence; ↑ and ↓ move from sentence to sentence.`;
  useEffect(() => {
    const paragraphs = [...new Set(textUnits.map((i) => units[i]!.paragraph!))];
    for (const p of paragraphs) {
      p.setAttribute("tabindex", "-1");
      p.setAttribute("data-read-along-paragraph", "");
      p.setAttribute("aria-description", hint);
    }
    return () => {
      for (const p of paragraphs) {
        p.removeAttribute("tabindex");
        p.removeAttribute("data-read-along-paragraph");
        p.removeAttribute("aria-description");
      }
    };
  }, [textUnits, units, hint]);
  // Moving the Tab stop changes values only: removing a focused paragraph's tabindex would blur it.
  useEffect(() => {
    const stop = units[cursor]?.paragraph ?? (textUnits.length ? units[textUnits[0]!]!.paragraph : null);
    for (const i of textUnits) {
      const p = units[i]!.paragraph!;
      p.setAttribute("tabindex", p === stop ? "0" : "-1");
    }
  }, [textUnits, units, cursor]);

  if (units.length === 0) return null;
  const chaptersOnly = textUnits.length === 0;
  return (
    <div className="read-along">
      <p className="visually-hidden" aria-live="polite">
        {said}
      </p>
      {!chaptersOnly && (
        <p className="read-along__keys">
          <Trans>
            Read along: tap a sentence, or press Enter on it, to listen from there; in the text, ↑ and ↓ move from sentence to sentence.
          </Trans>
        </p>
      )}
      {thisBook && !following && (
        <button
          type="button"
          className="button read-along__back"
          onClick={() => {
            setFollowing(true);
            reveal(units[currentRef.current], true);
          }}
        >
          <Trans>Back to narration</Trans>
        </button>
      )}
    </div>
  );
}

/** The text position under a pointer (where the browser can tell). */
function pointFromEvent(event: MouseEvent): { node: Node; offset: number } | null {
  const doc = document as Document & {
    caretPositionFromPoint?: (x: number, y: number) => { offsetNode: Node; offset: number } | null;
    caretRangeFromPoint?: (x: number, y: number) => Range | null;
  };
  if (typeof doc.caretPositionFromPoint === "function") {
    const position = doc.caretPositionFromPoint(event.clientX, event.clientY);
    if (position) return { node: position.offsetNode, offset: position.offset };
  }
  if (typeof doc.caretRangeFromPoint === "function") {
    const range = doc.caretRangeFromPoint(event.clientX, event.clientY);
    if (range) return { node: range.startContainer, offset: range.startOffset };
  }
  return null;
}
