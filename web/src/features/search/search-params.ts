// The search page's state lives in its URL (?q=…&category=…&format=…&lang=…&after=…): shareable,
// kept on reload, rendered by the server. Plain TypeScript, unit-tested.
import { LOCALES, type Locale } from "@brevia/routes";

export const MAX_QUERY_LENGTH = 200;
export type SearchFormat = "AUDIO" | "TEXT";

export type SearchState = {
  query: string;
  language: Locale;
  category: string | null;
  format: SearchFormat | null;
  after: string | null;
};

/** Whether a Relay id or cursor looks like one of this kind ("Category:…"), so a mangled URL is not an error. */
function opaque(value: string | null, prefix: string): string | null {
  if (!value) return null;
  try {
    return atob(value).startsWith(prefix) ? value : null;
  } catch {
    return null;
  }
}

/** The state a URL's parameters describe; anything malformed is ignored, never an error page. */
export function readSearchParams(params: URLSearchParams, locale: Locale): SearchState {
  const lang = params.get("lang");
  const format = params.get("format");
  return {
    query: (params.get("q") ?? "").slice(0, MAX_QUERY_LENGTH),
    language: (LOCALES as readonly string[]).includes(lang ?? "") ? (lang as Locale) : locale,
    category: opaque(params.get("category"), "Category:"),
    format: format === "AUDIO" || format === "TEXT" ? format : null,
    after: opaque(params.get("after"), "OffsetConnection:"),
  };
}

/** The URL parameters of a state, leaving out defaults (the page language, no filter, the first page). */
export function writeSearchParams(state: SearchState, locale: Locale): URLSearchParams {
  const params = new URLSearchParams();
  if (state.query) params.set("q", state.query);
  if (state.language !== locale) params.set("lang", state.language);
  if (state.category) params.set("category", state.category);
  if (state.format) params.set("format", state.format);
  if (state.after) params.set("after", state.after);
  return params;
}

/** A text split into plain and matched parts, from the API's match ranges (UTF-16 offsets). */
export function splitHighlights(text: string, matches: readonly { start: number; end: number }[]): { text: string; match: boolean }[] {
  const parts: { text: string; match: boolean }[] = [];
  let at = 0;
  for (const { start, end } of [...matches].sort((a, b) => a.start - b.start)) {
    if (start < at || end > text.length || end <= start) continue;
    if (start > at) parts.push({ text: text.slice(at, start), match: false });
    parts.push({ text: text.slice(start, end), match: true });
    at = end;
  }
  if (at < text.length) parts.push({ text: text.slice(at), match: false });
  return parts;
}
