// The reader's DOM as the API counts it. The reader renders each key idea's body inside an element with
// `data-reader-chapter="<0-based position>"` (the introduction: "intro") holding its paragraphs in order
// (RichText: emphasis as <em>/<strong>, no markers). A chapter's text is its paragraphs' text joined by a
// blank line: the API's `chapterText` (api/src/features/highlights/chapter-text.ts) gives the same string.

export const CHAPTER_ATTRIBUTE = "data-reader-chapter";
const PARAGRAPH_SEPARATOR = "\n\n";

/** The chapter's key: its key idea's position, or null for the introduction. */
export function chapterKey(chapter: Element): number | null {
  const value = chapter.getAttribute(CHAPTER_ATTRIBUTE);
  return value === "intro" || value === null ? null : Number(value);
}

/** The chapter element of a key (null: the introduction) inside a container. */
export function findChapter(container: ParentNode, key: number | null): Element | null {
  return container.querySelector(`[${CHAPTER_ATTRIBUTE}="${key === null ? "intro" : key}"]`);
}

const paragraphsOf = (chapter: Element) => Array.from(chapter.querySelectorAll("p"));

/** The chapter's text, as offsets count it. */
export function chapterText(chapter: Element): string {
  return paragraphsOf(chapter)
    .map((p) => p.textContent ?? "")
    .join(PARAGRAPH_SEPARATOR);
}

/** The character offset in the chapter's text of a DOM point inside it (a point outside any paragraph snaps to the nearest edge). */
export function offsetOf(chapter: Element, node: Node, offset: number): number {
  let base = 0;
  const paragraphs = paragraphsOf(chapter);
  for (const p of paragraphs) {
    const length = (p.textContent ?? "").length;
    if (p === node || p.contains(node)) {
      const range = p.ownerDocument.createRange();
      range.setStart(p, 0);
      range.setEnd(node, offset);
      return base + range.toString().length;
    }
    // A point before this paragraph (between paragraphs, in a heading): its start.
    if (node.compareDocumentPosition(p) & Node.DOCUMENT_POSITION_FOLLOWING) return base;
    base += length + PARAGRAPH_SEPARATOR.length;
  }
  return Math.max(0, base - PARAGRAPH_SEPARATOR.length);
}

/** The DOM point of a character offset in the chapter's text (a text node and an offset in it). */
function pointAt(chapter: Element, target: number, edge: "start" | "end"): { node: Node; offset: number } | null {
  let base = 0;
  for (const p of paragraphsOf(chapter)) {
    const walker = p.ownerDocument.createTreeWalker(p, NodeFilter.SHOW_TEXT);
    let last: Text | null = null;
    for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
      const length = node.data.length;
      // An end at a node's end stays in it; a start there moves to the next node.
      if (target < base + length || (edge === "end" && target === base + length)) return { node, offset: target - base };
      base += length;
      last = node;
    }
    if (target === base && last) return { node: last, offset: last.data.length };
    base += PARAGRAPH_SEPARATOR.length;
    if (target < base) return null;
  }
  return null;
}

/**
 * A DOM Range over a highlight, or null when the chapter is not on the page. The API's offsets are
 * tried first; when the text there differs (the page is older or newer than the highlight), the quote
 * is looked for nearest to them.
 */
export function rangeFor(
  container: ParentNode,
  highlight: { keyIdeaPosition: number | null; startOffset: number; endOffset: number; quote: string },
): Range | null {
  const chapter = findChapter(container, highlight.keyIdeaPosition);
  if (!chapter) return null;
  const text = chapterText(chapter);
  let start = highlight.startOffset;
  let end = highlight.endOffset;
  if (text.slice(start, end) !== highlight.quote) {
    const found = nearestOccurrence(text, highlight.quote, start);
    if (found < 0) return null;
    start = found;
    end = found + highlight.quote.length;
  }
  const from = pointAt(chapter, start, "start");
  const to = pointAt(chapter, end, "end");
  if (!from || !to) return null;
  const range = chapter.ownerDocument.createRange();
  range.setStart(from.node, from.offset);
  range.setEnd(to.node, to.offset);
  return range;
}

function nearestOccurrence(text: string, needle: string, near: number): number {
  let best = -1;
  for (let at = text.indexOf(needle); at >= 0 && needle; at = text.indexOf(needle, at + 1)) {
    if (best < 0 || Math.abs(at - near) < Math.abs(best - near)) best = at;
  }
  return best;
}

/** What the reader selected inside one chapter: its key, offsets and quote (whitespace at the ends left out). */
export type ChapterSelection = { keyIdeaPosition: number | null; startOffset: number; endOffset: number; quote: string };

/** The selection as a highlight would anchor it, or null when it is empty or not inside one chapter of the container. */
export function selectionIn(container: Element, selection: Selection | null): ChapterSelection | null {
  if (!selection || selection.rangeCount === 0 || selection.isCollapsed) return null;
  const range = selection.getRangeAt(0);
  const chapterOf = (node: Node) => (node instanceof Element ? node : node.parentElement)?.closest(`[${CHAPTER_ATTRIBUTE}]`) ?? null;
  const chapter = chapterOf(range.startContainer);
  if (!chapter || chapter !== chapterOf(range.endContainer) || !container.contains(chapter)) return null;
  const text = chapterText(chapter);
  let start = offsetOf(chapter, range.startContainer, range.startOffset);
  let end = offsetOf(chapter, range.endContainer, range.endOffset);
  while (start < end && /\s/.test(text[start]!)) start++;
  while (end > start && /\s/.test(text[end - 1]!)) end--;
  if (end <= start) return null;
  return { keyIdeaPosition: chapterKey(chapter), startOffset: start, endOffset: end, quote: text.slice(start, end) };
}
