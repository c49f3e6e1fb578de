// Text as search sees it, and highlights as data: pure functions, shared by the resolver and its tests.

/** The most words of a query that are searched; the rest are ignored. */
export const MAX_QUERY_WORDS = 8;
/** The longest query accepted, in characters. */
export const MAX_QUERY_LENGTH = 200;

/** Lower case without accents ("Interpretação" → "interpretacao"), like brevia_search_text in SQL. */
export function foldText(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
}

/** The words of a query, folded: letters and digits only, so they are safe in a tsquery. */
export function queryWords(query: string): string[] {
  const words = foldText(query)
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 0 && w.length <= 40);
  return words.slice(0, MAX_QUERY_WORDS);
}

/** A matched part of a text: UTF-16 offsets, as JavaScript and most clients index strings. */
export type TextRange = { start: number; end: number };

/**
 * The words of `text` that a query matches: a folded word that begins with one of `stems` (the
 * query's lexemes after stemming, e.g. "sonh" for "sonhos", or a word typed so far). Stems shorter
 * than two characters match nothing.
 */
export function matchRanges(text: string, stems: readonly string[]): TextRange[] {
  const usable = stems.filter((s) => s.length >= 2);
  if (!usable.length) return [];
  const ranges: TextRange[] = [];
  for (const match of text.matchAll(/[\p{L}\p{N}]+/gu)) {
    const word = foldText(match[0]);
    if (usable.some((stem) => word.startsWith(stem))) ranges.push({ start: match.index, end: match.index + match[0].length });
  }
  return ranges;
}

/**
 * A short passage of `text` around its best run of matches (about `words` words), with the matched
 * ranges inside it; null when nothing matches. Cut at word boundaries and marked with "…" where cut.
 */
export function fragment(text: string, stems: readonly string[], words = 24): { text: string; ranges: TextRange[] } | null {
  const ranges = matchRanges(text, stems);
  if (!ranges.length) return null;
  const tokens = [...text.matchAll(/\S+/g)].map((m) => ({ start: m.index, end: m.index + m[0].length }));
  const hits = tokens.map((t) => ranges.some((r) => r.start >= t.start && r.start < t.end));
  // The window of `words` tokens holding the most matches (first such window).
  let best = 0;
  let bestCount = -1;
  for (let i = 0; i < Math.max(1, tokens.length - words + 1); i++) {
    let count = 0;
    for (let j = i; j < Math.min(tokens.length, i + words); j++) if (hits[j]) count++;
    if (count > bestCount) {
      best = i;
      bestCount = count;
    }
  }
  // Start a few words before the window's first match, so it reads in context (the words dropped
  // from the window's start hold no match, and later matches stay inside).
  const from = Math.max(0, hits.indexOf(true, best) - 3);
  const to = Math.min(tokens.length, from + words);
  const start = tokens[from]!.start;
  const end = tokens[to - 1]!.end;
  const prefix = from > 0 ? "…" : "";
  const suffix = to < tokens.length ? "…" : "";
  const shift = prefix.length - start;
  return {
    text: prefix + text.slice(start, end) + suffix,
    ranges: ranges.filter((r) => r.start >= start && r.end <= end).map((r) => ({ start: r.start + shift, end: r.end + shift })),
  };
}

/** The lexemes of a tsquery's text form ("'walden':* | ( 'pond' | 'pound' )" → ["walden", "pond", "pound"]). */
export function tsqueryLexemes(tsquery: string): string[] {
  return [...new Set([...tsquery.matchAll(/'((?:[^']|'')+)'/g)].map((m) => m[1]!.replace(/''/g, "'")))];
}
