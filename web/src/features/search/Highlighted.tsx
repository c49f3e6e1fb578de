import { splitHighlights } from "./search-params";

/** A text with the parts a search matched in <mark>. */
export function Highlighted({ text, matches }: { text: string; matches: readonly { start: number; end: number }[] }) {
  return <>{splitHighlights(text, matches).map((part, i) => (part.match ? <mark key={i}>{part.text}</mark> : part.text))}</>;
}
