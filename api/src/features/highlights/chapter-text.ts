import { createHash } from "node:crypto";

/**
 * The text a reader sees of a key idea (or the introduction), as the reader's DOM holds it: the
 * catalogue's paragraphs (split on blank lines) with their `*italic*` and `**bold**` markers gone,
 * joined by a blank line. Highlight offsets count characters of this text; the web computes the same
 * string from a chapter's paragraphs (web/src/features/highlights/chapter-text.ts, which renders as
 * RichText does).
 */
export function chapterText(source: string): string {
  return source
    .split(/\n\s*\n/)
    .map((paragraph) => stripInline(paragraph))
    .join("\n\n");
}

/** RichText's inline rule: `**bold**` then `*italic*`, markers dropped. */
function stripInline(paragraph: string): string {
  return paragraph
    .split(/(\*\*[^*]+\*\*|\*[^*]+\*)/g)
    .map((part) => {
      if (part.startsWith("**") && part.endsWith("**") && part.length > 4) return part.slice(2, -2);
      if (part.startsWith("*") && part.endsWith("*") && part.length > 2) return part.slice(1, -1);
      return part;
    })
    .join("");
}

/** A chapter's key: a key idea's position, or null for the introduction. */
export type ChapterKey = number | null;

/** An edition's readable text, chapter by chapter. */
export type EditionText = { introduction: string; keyIdeas: { position: number; body: string }[] };

/** Each chapter's plain text, by key (the introduction under null). */
export function editionChapters(edition: EditionText): Map<ChapterKey, string> {
  const chapters = new Map<ChapterKey, string>([[null, chapterText(edition.introduction)]]);
  for (const idea of edition.keyIdeas) chapters.set(idea.position, chapterText(idea.body));
  return chapters;
}

/** The edition's text version: a short hash of every chapter, so a highlight knows the text its offsets refer to. */
export function textVersion(edition: EditionText): string {
  const ordered = [...edition.keyIdeas].sort((a, b) => a.position - b.position).map((idea) => [idea.position, idea.body]);
  return createHash("sha256")
    .update(JSON.stringify([edition.introduction, ordered]))
    .digest("base64url")
    .slice(0, 22);
}
