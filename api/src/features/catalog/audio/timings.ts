// Read-along timings as the reader's page counts text. catalog:narrate records each sentence's range in the narrated
// script (narrate/script.ts: title and introduction, then each key idea's heading and body, emphasis unread, a full
// stop added where a heading has none); the reader's DOM holds each chapter as `chapterText` (highlights) gives it.
// This maps one onto the other, so the web paints a sentence with the same offsets its highlights use.
import { chapterText, textVersion } from "../../highlights/chapter-text.js";
import type { CatalogLanguage } from "../import/model.js";
import { narrationScript, speakable } from "../narrate/script.js";

/** A sentence as the AudioTrack stores it (catalog:narrate's JSON). */
export type StoredSentence = { id: number; section: number; startMs: number; endMs: number; from: number; to: number };

/**
 * One timed sentence for the reader:
 * - part "text": characters [from, to) of the chapter's text (`chapter`: a key idea's 0-based position, null for the
 *   introduction), as the highlights count them;
 * - part "heading": the heading of key idea `chapter` (from, to: within its title);
 * - part "title": the book's title (chapter null).
 */
export type ReadAlongSentence = {
  id: number;
  startMs: number;
  endMs: number;
  part: "text" | "heading" | "title";
  chapter: number | null;
  from: number;
  to: number;
};

/** What GET /audio/{slug}.{lang}.timings.json answers: the text version the offsets count (the highlights'), and the sentences in order. */
export type ReadAlongTimings = { textVersion: string; sentences: ReadAlongSentence[] };

export type TimedEdition = {
  language: string;
  title: string;
  introduction: string;
  keyIdeas: { position: number; title: string; body: string }[];
};

/**
 * For each offset of `spoken` (speakable(source)), the offset of the same character in `shown` (chapterText(source)),
 * or -1 when `spoken` has it and `shown` does not (a full stop speakable added). Both come from one source by dropping
 * characters (emphasis markers, outer spaces) or adding a final stop, so a greedy walk aligns them.
 */
function align(spoken: string, shown: string): number[] {
  const map = new Array<number>(spoken.length).fill(-1);
  let j = 0;
  for (let i = 0; i < spoken.length; i++) {
    while (j < shown.length && spoken[i] !== shown[j] && /[\s*]/.test(shown[j]!)) j++;
    if (j < shown.length && spoken[i] === shown[j]) map[i] = j++;
  }
  return map;
}

const letters = (text: string) => text.replace(/[\s*]/g, "");

/**
 * The sentences mapped onto the reader's text, or null when they do not belong to this text (a range outside the
 * script, or a sentence whose letters the page does not have there): the reader then offers chapters only.
 */
export function readAlongTimings(edition: TimedEdition, stored: readonly StoredSentence[]): ReadAlongTimings | null {
  const keyIdeas = [...edition.keyIdeas].sort((a, b) => a.position - b.position);
  const script = narrationScript({ ...edition, language: edition.language as CatalogLanguage, keyIdeas });
  // Where each section starts in the script, and where its body starts (after its heading and a blank line).
  const sections: { start: number; bodyStart: number; end: number; body: string; map: number[]; shown: string }[] = [];
  let offset = 0;
  script.sections.forEach((section, index) => {
    const source = index === 0 ? edition.introduction : keyIdeas[index - 1]!.body;
    const heading = speakable(index === 0 ? edition.title : keyIdeas[index - 1]!.title);
    const body = speakable(source);
    const shown = chapterText(source);
    sections.push({
      start: offset,
      bodyStart: offset + heading.length + 2,
      end: offset + section.text.length,
      body,
      shown,
      map: align(body, shown),
    });
    offset += section.text.length + 2;
  });

  const sentences: ReadAlongSentence[] = [];
  for (const s of stored) {
    const section = sections[s.section];
    if (!section || s.from < section.start || s.to > section.end || s.to <= s.from) return null;
    const chapter = s.section === 0 ? null : keyIdeas[s.section - 1]!.position;
    const timing = { id: s.id, startMs: s.startMs, endMs: s.endMs };
    if (s.to <= section.bodyStart - 2) {
      const title = s.section === 0 ? edition.title : keyIdeas[s.section - 1]!.title;
      sentences.push({ ...timing, part: s.section === 0 ? "title" : "heading", chapter, from: 0, to: title.length });
      continue;
    }
    if (s.from < section.bodyStart) return null;
    const from = s.from - section.bodyStart;
    const to = s.to - section.bodyStart;
    const matched = section.map.slice(from, to).filter((at) => at >= 0);
    if (matched.length === 0) return null;
    const start = matched[0]!;
    const end = matched[matched.length - 1]! + 1;
    // Every letter the narration read is on the page there (only a full stop may have been added).
    if (letters(section.body.slice(from, to)).replace(/\.$/, "") !== letters(section.shown.slice(start, end)).replace(/\.$/, ""))
      return null;
    sentences.push({ ...timing, part: "text", chapter, from: start, to: end });
  }
  return { textVersion: textVersion({ introduction: edition.introduction, keyIdeas }), sentences };
}
