import { foldText, fragment, matchRanges, type TextRange } from "./search.text.js";

export type HighlightedText = { text: string; matches: TextRange[] };
export type SnippetSource = "KEY_IDEA_TITLE" | "KEY_IDEA_TEXT" | "ABOUT";
export type Snippet = HighlightedText & { source: SnippetSource; keyIdeaPosition: number | null };
export type Highlights = { title: HighlightedText; subtitle: HighlightedText; author: HighlightedText; snippet: Snippet | null };

/** The public fields of an edition that results show and highlight. */
export type PublicEditionText = {
  title: string;
  subtitle: string;
  about: string;
  author: string;
  keyIdeas: { position: number; title: string }[];
};

/**
 * What to mark: the query's lexemes (stemmed, corrected) and its longer words as typed or corrected,
 * folded (a stem may not be a prefix of its word: "history" stems to "histori"). Short words ("the",
 * "dos") are left to the lexemes, which have no stop words.
 */
export function highlightStems(lexemes: readonly string[], words: readonly string[]): string[] {
  return [...new Set([...lexemes.map(foldText), ...words.filter((w) => w.length >= 4)])];
}

const highlight = (text: string, stems: readonly string[]): HighlightedText => ({ text, matches: matchRanges(text, stems) });

function distinctMatches(text: string, ranges: TextRange[]): number {
  return new Set(ranges.map((r) => foldText(text.slice(r.start, r.end)))).size;
}

/**
 * Highlights of one result. `keyIdeaTexts` are the key-idea texts of an edition the reader may read,
 * and null otherwise: a reader who may not read it gets snippets from its public fields only.
 * The snippet is the passage with the most distinct matched words (key-idea title first on a tie,
 * then key-idea text, then the description).
 */
export function buildHighlights(
  edition: PublicEditionText,
  stems: readonly string[],
  keyIdeaTexts: { position: number; body: string }[] | null,
): Highlights {
  const candidates: Snippet[] = [];
  for (const idea of edition.keyIdeas) {
    const matches = matchRanges(idea.title, stems);
    if (matches.length) candidates.push({ source: "KEY_IDEA_TITLE", keyIdeaPosition: idea.position, text: idea.title, matches });
  }
  for (const idea of keyIdeaTexts ?? []) {
    const part = fragment(idea.body, stems);
    if (part) candidates.push({ source: "KEY_IDEA_TEXT", keyIdeaPosition: idea.position, text: part.text, matches: part.ranges });
  }
  const about = fragment(edition.about, stems);
  if (about) candidates.push({ source: "ABOUT", keyIdeaPosition: null, text: about.text, matches: about.ranges });
  let snippet: Snippet | null = null;
  for (const candidate of candidates) {
    if (!snippet || distinctMatches(candidate.text, candidate.matches) > distinctMatches(snippet.text, snippet.matches))
      snippet = candidate;
  }
  return {
    title: highlight(edition.title, stems),
    subtitle: highlight(edition.subtitle, stems),
    author: highlight(edition.author, stems),
    snippet,
  };
}
