// Where each timed unit is in the reader's DOM (ReaderText's contract, the one highlights rely on): DOM Ranges over the
// existing text nodes, nothing added to or changed in the text.
import { chapterId } from "../reader/ReaderText";
import type { TimedSentence } from "./timeline";

const CHAPTER = "data-reader-chapter";
const SEPARATOR = 2; // paragraphs are joined by a blank line in the chapter's text

/** A unit on the page: what to paint, what a tap or the keyboard reaches (its paragraph, or its chapter's section). */
export type PlacedUnit = { sentence: TimedSentence; paint: Range | null; hit: Range | null; paragraph: HTMLElement | null };

function chapterElement(container: ParentNode, chapter: number | null): Element | null {
  return container.querySelector(`[${CHAPTER}="${chapter === null ? "intro" : chapter}"]`);
}

/** The text nodes of a chapter with their offsets in its text, paragraph by paragraph. */
function textIndex(chapter: Element) {
  const nodes: { node: Text; start: number; paragraph: HTMLElement }[] = [];
  let base = 0;
  for (const p of Array.from(chapter.querySelectorAll("p"))) {
    const walker = p.ownerDocument.createTreeWalker(p, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
      nodes.push({ node, start: base, paragraph: p });
      base += node.data.length;
    }
    base += SEPARATOR;
  }
  return nodes;
}

/** The DOM point of a chapter offset: a start at a node's end moves into the next node, an end stays. */
function pointAt(index: ReturnType<typeof textIndex>, offset: number, edge: "start" | "end") {
  for (let i = 0; i < index.length; i++) {
    const { node, start } = index[i]!;
    const end = start + node.data.length;
    if (offset < end || (edge === "end" && offset === end) || (offset === end && i === index.length - 1)) {
      if (offset < start) return null;
      return { node, offset: offset - start, paragraph: index[i]!.paragraph };
    }
  }
  return null;
}

/** Each unit's ranges in the container (null where the page does not have it: the book's title is outside the text). */
export function placeUnits(container: HTMLElement, sentences: readonly TimedSentence[]): PlacedUnit[] {
  // Without sentence timings (chapters only), a heading's unit is its whole chapter.
  const chaptersOnly = !sentences.some((s) => s.part === "text");
  const doc = container.ownerDocument;
  const indexes = new Map<number | null, ReturnType<typeof textIndex>>();
  const indexOf = (chapter: number | null) => {
    if (!indexes.has(chapter)) {
      const element = chapterElement(container, chapter);
      indexes.set(chapter, element ? textIndex(element) : []);
    }
    return indexes.get(chapter)!;
  };
  return sentences.map((sentence) => {
    if (sentence.part === "title") return { sentence, paint: null, hit: null, paragraph: null };
    if (sentence.part === "heading") {
      const heading = doc.getElementById(sentence.chapter === null ? "reader-intro-title" : `${chapterId(sentence.chapter)}-title`);
      if (!heading || !container.contains(heading)) return { sentence, paint: null, hit: null, paragraph: null };
      const paint = doc.createRange();
      paint.selectNodeContents(heading);
      // Chapters only: tapping anywhere in a chapter plays it from its start.
      const hit = doc.createRange();
      hit.selectNodeContents(chaptersOnly ? (heading.closest("section") ?? heading) : heading);
      return { sentence, paint, hit, paragraph: null };
    }
    const index = indexOf(sentence.chapter);
    const from = pointAt(index, sentence.from, "start");
    const to = pointAt(index, sentence.to, "end");
    if (!from || !to) return { sentence, paint: null, hit: null, paragraph: null };
    const range = doc.createRange();
    range.setStart(from.node, from.offset);
    range.setEnd(to.node, to.offset);
    return { sentence, paint: range, hit: range, paragraph: from.paragraph };
  });
}

/** The unit holding a DOM point (the narrowest: a sentence before the chapter it is in), or -1. */
export function unitAtPoint(units: readonly PlacedUnit[], node: Node, offset: number): number {
  let chapterHit = -1;
  for (let i = 0; i < units.length; i++) {
    const hit = units[i]!.hit;
    if (!hit) continue;
    try {
      if (!hit.isPointInRange(node, offset)) continue;
    } catch {
      continue;
    }
    if (units[i]!.sentence.part === "text") return i;
    chapterHit = i;
  }
  return chapterHit;
}
