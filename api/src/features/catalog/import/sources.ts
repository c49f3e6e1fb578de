import type { CatalogIssue } from "./errors.js";
import { countWords } from "./markdown.js";
import type { CatalogSource } from "./model.js";
import type { YamlFile } from "./yaml-file.js";

/** Every book.yaml must have a `sources` key (`sources: []` for a work that quotes nothing). */
export const SOURCES_REQUIRED = true;

/** A quotation of this many words or more in en.md needs a source entry. */
export const MIN_QUOTATION_WORDS = 4;

/** The Markdown body of a microbook (front matter excluded), or null if the file has no closed front matter. */
export function markdownBody(source: string): { lines: string[]; firstLine: number } | null {
  const lines = source.replace(/\r\n?/g, "\n").split("\n");
  if (lines[0] !== "---") return null;
  const end = lines.indexOf("---", 1);
  if (end === -1) return null;
  return { lines: lines.slice(end + 1), firstLine: end + 2 };
}

/** Text as quotations are compared: quotes and apostrophes straight, no `*` emphasis, single spaces, lowercase. */
export function normalizeQuote(text: string): string {
  return text
    .normalize("NFC")
    .replace(/[“”„‟″«»]/g, '"')
    .replace(/[‘’‚‛′]/g, "'")
    .replace(/…/g, "...")
    .replace(/\*/g, "")
    .replace(/\s+/g, " ")
    .trim()
    .toLowerCase();
}

/** Normalized, without the punctuation around it (`Know thyself,` in the text matches a source `Know thyself.`). */
function core(text: string): string {
  return normalizeQuote(text).replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, "");
}

export type Quotation = { text: string; line: number };

/**
 * The quotations of a Markdown body: text between “ and ” or between straight double quotes, within one paragraph
 * (an unclosed quotation at the end of a paragraph is ignored). `firstLine` is the file line of `lines[0]`.
 */
export function findQuotations(lines: string[], firstLine = 1): Quotation[] {
  const found: Quotation[] = [];
  let open: Quotation | null = null;
  for (const [i, line] of lines.entries()) {
    if (!line.trim()) open = null; // a quotation does not run across paragraphs
    const heading = line.startsWith("#");
    if (heading) open = null;
    for (const char of line) {
      if (open === null) {
        if (char === "“" || char === '"') open = { text: "", line: firstLine + i };
      } else if (char === "”" || char === '"') {
        found.push(open);
        open = null;
      } else {
        open.text += char;
      }
    }
    if (heading) open = null;
    else if (open !== null) open.text += " ";
  }
  return found.map((q) => ({ ...q, text: q.text.trim() }));
}

/** Checks a work's `sources` against its en.md: each quote is in en.md, each long quotation of en.md has a source. */
export function checkSources(
  work: {
    slug: string;
    yaml: YamlFile;
    /** Whether book.yaml has a `sources` key (even a malformed one). */
    hasKey: boolean;
    /** The parsed entries; undefined when the key is missing or malformed (already reported). */
    sources: CatalogSource[] | undefined;
    /** The text of en.md, or null if the work has none. */
    en: string | null;
    required: boolean;
  },
  issues: CatalogIssue[],
): void {
  const file = work.yaml.file;
  const enFile = `books/${work.slug}/en.md`;
  if (!work.hasKey) {
    if (work.required) issues.push({ file, line: 1, problem: "sources: missing; list each quotation of en.md as { quote, where }" });
    return;
  }
  if (!work.sources) return;
  if (work.en === null) {
    issues.push({ file, line: work.yaml.lineOf(["sources"]), problem: `sources: there is no ${enFile} to find the quotes in` });
    return;
  }
  const body = markdownBody(work.en);
  if (!body) return; // en.md's structure is reported on its own
  const text = normalizeQuote(body.lines.join("\n"));
  const quotes = work.sources.map((s) => core(s.quote));
  quotes.forEach((quote, i) => {
    if (quote && text.includes(quote)) return;
    issues.push({
      file,
      line: work.yaml.lineOf(["sources", i, "quote"]),
      problem: `sources.${i}.quote is not in en.md: "${excerpt(work.sources![i]!.quote)}" (copy it exactly as en.md has it)`,
    });
  });
  for (const quotation of findQuotations(body.lines, body.firstLine)) {
    if (countWords(quotation.text) < MIN_QUOTATION_WORDS) continue;
    const q = core(quotation.text);
    if (!q || quotes.some((s) => s && (s.includes(q) || q.includes(s)))) continue;
    issues.push({
      file: enFile,
      line: quotation.line,
      problem: `quotation "${excerpt(quotation.text)}" has no source: add { quote, where } to sources in book.yaml`,
    });
  }
}

/** A warning for straight double quotes in the body of a pt.md or es.md file (which use curly quotes), or null. */
export function straightQuoteWarning(file: string, source: string): CatalogIssue | null {
  const body = markdownBody(source);
  if (!body) return null;
  let count = 0;
  let first = 0;
  body.lines.forEach((line, i) => {
    const n = line.split('"').length - 1;
    if (n && !count) first = body.firstLine + i;
    count += n;
  });
  if (!count) return null;
  return {
    file,
    line: first,
    problem: `${count} straight double quote(s) (") in the text, the first on line ${first}: use curly quotes “ ” (‘ ’ inside)`,
  };
}

function excerpt(text: string, max = 60): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}
