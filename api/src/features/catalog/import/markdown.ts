import type { CatalogIssue } from "./errors.js";

export type ParsedMarkdown = {
  frontMatter: string;
  /** Line number (1-based) of the first front-matter line. */
  frontMatterLine: number;
  introduction: string;
  keyIdeas: { title: string; body: string; line: number }[];
};

const FORBIDDEN: [RegExp, string][] = [
  [/^#(?!# )/, "only '## ' headings (one per key idea) are allowed"],
  [/^#{3,}/, "only '## ' headings (one per key idea) are allowed"],
  [/^\s*([-*+]|\d+\.)\s/, "lists are not allowed: write paragraphs"],
  [/<\/?[a-z][^>]*>/i, "HTML is not allowed"],
  [/!?\[[^\]]*\]\([^)]*\)/, "links and images are not allowed"],
];

/** Splits a microbook file into front matter, introduction and key ideas, reporting bad structure. */
export function parseMicrobookMarkdown(file: string, source: string, issues: CatalogIssue[]): ParsedMarkdown | null {
  const lines = source.replace(/\r\n?/g, "\n").split("\n");
  if (lines[0] !== "---") {
    issues.push({ file, line: 1, problem: "must start with '---' and a front matter" });
    return null;
  }
  const end = lines.indexOf("---", 1);
  if (end === -1) {
    issues.push({ file, line: 1, problem: "front matter is not closed with a '---' line" });
    return null;
  }
  const paragraphsOf = (chunk: string[]) =>
    chunk
      .join("\n")
      .split(/\n\s*\n/)
      .map((p) => p.replace(/\s*\n\s*/g, " ").trim())
      .filter(Boolean)
      .join("\n\n");

  const intro: string[] = [];
  const ideas: { title: string; lines: string[]; line: number }[] = [];
  for (let i = end + 1; i < lines.length; i++) {
    const line = lines[i]!;
    const lineNo = i + 1;
    if (line.startsWith("## ")) {
      ideas.push({ title: line.slice(3).trim(), lines: [], line: lineNo });
      continue;
    }
    for (const [pattern, problem] of FORBIDDEN) {
      if (pattern.test(line)) issues.push({ file, line: lineNo, problem });
    }
    (ideas.at(-1)?.lines ?? intro).push(line);
  }
  const keyIdeas = ideas.map((idea) => ({ title: idea.title, body: paragraphsOf(idea.lines), line: idea.line }));
  for (const idea of keyIdeas) {
    if (!idea.title) issues.push({ file, line: idea.line, problem: "key idea has an empty title" });
    if (!idea.body) issues.push({ file, line: idea.line, problem: `key idea "${idea.title}" has no text` });
  }
  return {
    frontMatter: lines.slice(1, end).join("\n"),
    frontMatterLine: 2,
    introduction: paragraphsOf(intro),
    keyIdeas,
  };
}

export function countWords(text: string): number {
  return text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
}
