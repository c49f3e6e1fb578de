// One capitalisation rule for titles per language (prisma/seed/CONTENT.md): English title case, Portuguese and
// Spanish sentence case. catalog:check warns where a title breaks it, as far as a program can tell.
import type { CatalogIssue } from "./errors.js";
import type { CatalogLanguage } from "./model.js";

/** Words English title case keeps lowercase unless first, last or after a colon (Chicago style). */
const EN_SMALL = new Set("a an the and but or nor for so yet as at by in of off on per to up via from with into over".split(" "));

const words = (title: string) => [...title.replace(/[*"“”«»]/g, "").matchAll(/[\p{L}\d][\p{L}\d'’-]*|:/gu)].map((m) => m[0]);
const capitalised = (word: string) => /^\p{Lu}/u.test(word);

/** The words of `title` that break its language's rule; `text` (the edition's own prose) tells proper nouns apart. */
export function titleCaseProblems(title: string, language: CatalogLanguage, text: string): string[] {
  const list = words(title);
  const bad: string[] = [];
  list.forEach((word, i) => {
    if (word === ":" || /^\d/.test(word)) return;
    const starts = i === 0 || list[i - 1] === ":";
    if (language === "en") {
      const last = i === list.length - 1;
      const small = EN_SMALL.has(word.toLowerCase());
      if (!starts && !last && small ? capitalised(word) : !capitalised(word)) bad.push(word);
      return;
    }
    if (starts || !capitalised(word)) return;
    // A capital inside a pt or es title is right for a proper noun: the text never writes the word in lowercase,
    // or writes it capitalised in the middle of a sentence too (Guerra do Peloponeso).
    const escaped = word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    const lower = new RegExp(`(?<![\\p{L}])${escaped.toLowerCase()}(?![\\p{L}])`, "u").test(text);
    const midSentence = new RegExp(`[\\p{Ll},;] ${escaped}(?![\\p{L}])`, "u").test(text);
    if (lower && !midSentence) bad.push(word);
  });
  return bad;
}

export function titleCaseWarning(file: string, line: number, title: string, language: CatalogLanguage, text: string): CatalogIssue | null {
  const bad = titleCaseProblems(title, language, text);
  if (!bad.length) return null;
  const rule =
    language === "en" ? "title case (CONTENT.md)" : "sentence case (CONTENT.md): lowercase after the first word but for proper nouns";
  return { file, line, problem: `title "${title}" is not in ${rule}: ${bad.map((w) => `"${w}"`).join(", ")}` };
}
