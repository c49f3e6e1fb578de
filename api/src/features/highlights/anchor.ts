import type { ChapterKey } from "./chapter-text.js";

/** Characters of context kept on each side of a quote. */
export const CONTEXT_LENGTH = 32;

/** Where a highlight sits: the chapter, character offsets in its plain text, the quote and its context. */
export type Anchor = {
  keyIdeaPosition: ChapterKey;
  startOffset: number;
  endOffset: number;
  quote: string;
  prefix: string;
  suffix: string;
};

/** The anchor of `text.slice(start, end)` in a chapter. */
export function anchorAt(keyIdeaPosition: ChapterKey, text: string, start: number, end: number): Anchor {
  return {
    keyIdeaPosition,
    startOffset: start,
    endOffset: end,
    quote: text.slice(start, end),
    prefix: text.slice(Math.max(0, start - CONTEXT_LENGTH), start),
    suffix: text.slice(end, end + CONTEXT_LENGTH),
  };
}

/**
 * Finds a quote the reader selected in a chapter: where the client says it is, or, when the client's
 * offsets are off (its text differed slightly), the occurrence nearest to them. Null when the chapter
 * does not contain it.
 */
export function locateQuote(text: string, quote: string, near: number): { start: number; end: number } | null {
  if (text.slice(near, near + quote.length) === quote) return { start: near, end: near + quote.length };
  const found = occurrences(text, quote);
  if (found.length === 0) return null;
  const start = found.reduce((best, at) => (Math.abs(at - near) < Math.abs(best - near) ? at : best));
  return { start, end: start + quote.length };
}

/** How close a re-found passage must be to the original quote (1 − edit distance / length). */
export const MIN_SIMILARITY = 0.75;

/**
 * Places an anchor in an edited text. In order: the same place unchanged; the quote found verbatim
 * (the occurrence whose context and place agree best: a paragraph inserted above moves it); a passage
 * between its context, or between its own first and last words, close enough to the quote (a typo
 * fixed inside it). Null when none is: the caller keeps the highlight, detached.
 */
export function reanchor(anchor: Anchor, chapters: Map<ChapterKey, string>): Anchor | null {
  const home = chapters.get(anchor.keyIdeaPosition);
  if (home !== undefined && home.slice(anchor.startOffset, anchor.endOffset) === anchor.quote) {
    return anchorAt(anchor.keyIdeaPosition, home, anchor.startOffset, anchor.endOffset);
  }
  // The anchor's own chapter first, then the others in order (a key idea split or merged).
  const order: [ChapterKey, string][] = [
    ...(home !== undefined ? [[anchor.keyIdeaPosition, home] as [ChapterKey, string]] : []),
    ...[...chapters].filter(([key]) => key !== anchor.keyIdeaPosition),
  ];
  let best: { key: ChapterKey; start: number; end: number; score: number } | null = null;
  for (const [key, text] of order) {
    for (const start of occurrences(text, anchor.quote)) {
      const score = 2 + contextScore(anchor, text, start, start + anchor.quote.length) - (key === anchor.keyIdeaPosition ? 0 : 0.5);
      if (!best || score > best.score) best = { key, start, end: start + anchor.quote.length, score };
    }
  }
  if (best) return anchorAt(best.key, chapters.get(best.key)!, best.start, best.end);
  for (const [key, text] of order) {
    for (const span of fuzzySpans(anchor, text)) {
      const similarity = similarityOf(text.slice(span.start, span.end), anchor.quote);
      if (similarity < MIN_SIMILARITY) continue;
      const score = similarity + contextScore(anchor, text, span.start, span.end) - (key === anchor.keyIdeaPosition ? 0 : 0.5);
      if (!best || score > best.score) best = { key, ...span, score };
    }
  }
  return best ? anchorAt(best.key, chapters.get(best.key)!, best.start, best.end) : null;
}

/** 0..1: how much of the stored context surrounds this span (exactly, from the quote outwards). */
function contextScore(anchor: Anchor, text: string, start: number, end: number): number {
  const before = commonSuffixLength(text.slice(Math.max(0, start - anchor.prefix.length), start), anchor.prefix);
  const after = commonPrefixLength(text.slice(end, end + anchor.suffix.length), anchor.suffix);
  const total = anchor.prefix.length + anchor.suffix.length;
  return total === 0 ? 1 : (before + after) / total;
}

/** Candidate passages for a quote that changed: between its context, or between its first and last words. */
function fuzzySpans(anchor: Anchor, text: string): { start: number; end: number }[] {
  const spans: { start: number; end: number }[] = [];
  const maxLength = Math.ceil(anchor.quote.length * 1.3) + 8;
  const bounds = (left: string, right: string, leftIsContext: boolean) => {
    if (left.length < 4 || right.length < 4) return;
    for (const at of occurrences(text, left)) {
      const start = leftIsContext ? at + left.length : at;
      const from = start + (leftIsContext ? 0 : left.length);
      const rightAt = text.indexOf(right, from);
      if (rightAt < 0) continue;
      const end = leftIsContext ? rightAt : rightAt + right.length;
      if (end > start && end - start <= maxLength) spans.push({ start, end });
    }
  };
  const edge = Math.min(12, Math.floor(anchor.quote.length / 3));
  // The context's nearest 16 characters on each side (the quote itself changed).
  bounds(anchor.prefix.slice(-16), anchor.suffix.slice(0, 16), true);
  // The quote's own ends (its context changed, and perhaps its middle).
  if (edge >= 4) {
    const head = anchor.quote.slice(0, edge);
    const tail = anchor.quote.slice(-edge);
    bounds(head, tail, false);
    // One end only (the typo near the other): the quote's length from it, a few characters either way.
    const slack = [0, -1, 1, -2, 2, -3, 3];
    for (const at of occurrences(text, head)) spans.push(...slack.map((d) => ({ start: at, end: at + anchor.quote.length + d })));
    for (const at of occurrences(text, tail)) {
      const end = at + tail.length;
      spans.push(...slack.map((d) => ({ start: end - anchor.quote.length - d, end })));
    }
  }
  return spans.filter((span) => span.start >= 0 && span.end <= text.length && span.end > span.start);
}

/** 1 − Levenshtein distance / the longer length. */
export function similarityOf(a: string, b: string): number {
  const longest = Math.max(a.length, b.length);
  return longest === 0 ? 1 : 1 - levenshtein(a, b) / longest;
}

function levenshtein(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length]!;
}

function occurrences(text: string, needle: string): number[] {
  const found: number[] = [];
  if (!needle) return found;
  for (let at = text.indexOf(needle); at >= 0; at = text.indexOf(needle, at + 1)) found.push(at);
  return found;
}

function commonPrefixLength(a: string, b: string): number {
  let n = 0;
  while (n < a.length && n < b.length && a[n] === b[n]) n++;
  return n;
}

function commonSuffixLength(a: string, b: string): number {
  let n = 0;
  while (n < a.length && n < b.length && a[a.length - 1 - n] === b[b.length - 1 - n]) n++;
  return n;
}
