import type { HighlightColour } from "../../gql/graphql";
import { rangeFor } from "./chapter-text";
import { COLOURS, highlightName } from "./colours";

type Paintable = {
  colour: HighlightColour;
  keyIdeaPosition: number | null;
  startOffset: number;
  endOffset: number;
  quote: string;
  detached: boolean;
};

/** Whether the browser has the CSS Custom Highlight API (marks ranges without touching the DOM). */
export function canPaintHighlights(): boolean {
  return typeof CSS !== "undefined" && "highlights" in CSS && typeof globalThis.Highlight === "function";
}

/**
 * Marks the highlights in the container's text with the CSS Custom Highlight API: one registry entry
 * per colour (`::highlight(brevia-yellow)`…), no element added or changed, so the reader's DOM and its
 * selection stay as they are. Returns how many were placed, and a function that removes the marks.
 */
export function paintHighlights(container: ParentNode, highlights: readonly Paintable[]): { placed: number; clear: () => void } {
  if (!canPaintHighlights()) return { placed: 0, clear: () => undefined };
  let placed = 0;
  for (const { value } of COLOURS) {
    const ranges = highlights
      .filter((h) => h.colour === value && !h.detached)
      .map((h) => rangeFor(container, h))
      .filter((range): range is Range => range !== null);
    placed += ranges.length;
    if (ranges.length) CSS.highlights.set(highlightName(value), new Highlight(...ranges));
    else CSS.highlights.delete(highlightName(value));
  }
  const clear = () => {
    if (canPaintHighlights()) COLOURS.forEach(({ value }) => CSS.highlights.delete(highlightName(value)));
  };
  return { placed, clear };
}
