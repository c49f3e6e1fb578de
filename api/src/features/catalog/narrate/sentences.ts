// The narration script cut into sentences, each with its character range in the script's text (the text whose
// SHA-256 is the audio's textSha256), so a reader can highlight the sentence being spoken.
import type { CatalogLanguage } from "../import/model.js";
import type { NarrationScript } from "./script.js";

/** What comes before a sentence: the start of a chapter, of a paragraph, or another sentence of the same paragraph. */
export type Boundary = "section" | "paragraph" | "sentence";
export type ScriptSentence = { section: number; from: number; to: number; text: string; after: Boundary };

/** Abbreviations whose full stop does not end a sentence (lowercase, without the stop). */
const ABBREVIATIONS: Record<CatalogLanguage, string[]> = {
  en: ["mr", "mrs", "ms", "dr", "st", "vs", "etc", "e.g", "i.e", "no", "vol", "ch", "p", "pp", "c", "ca", "jr", "sr"],
  pt: ["sr", "sra", "srta", "dr", "dra", "sto", "sta", "s", "etc", "p", "pp", "vol", "cap", "séc", "a.c", "d.c", "c", "n"],
  es: [
    "sr",
    "sra",
    "srta",
    "dr",
    "dra",
    "d",
    "dña",
    "sto",
    "sta",
    "etc",
    "p",
    "pp",
    "vol",
    "cap",
    "a.c",
    "d.c",
    "c",
    "n",
    "ud",
    "uds",
    "ee",
  ],
};

/** A candidate end: . ! ? or … with any closing quotes or brackets, then a space. */
const END = /[.!?…]+["'”’»)\]]*(?=\s)/g;

function endsAbbreviation(text: string, stop: number, language: CatalogLanguage): boolean {
  if (text[stop] !== ".") return false;
  const word = /([\p{L}.]+)$/u.exec(text.slice(Math.max(0, stop - 12), stop))?.[1] ?? "";
  // A lone capital is an initial (W. E. B. Du Bois); a known abbreviation keeps the sentence going.
  if (/^\p{Lu}$/u.test(word) || ABBREVIATIONS[language].includes(word.toLowerCase())) return true;
  // "499 a. C." and "d. C." (es, pt): the era, not the end of a sentence.
  return language !== "en" && /^[ad]$/.test(word) && /^\s*C\./.test(text.slice(stop + 1, stop + 5));
}

/** Sentences of one paragraph, as [from, to) offsets into `text` (trimmed of spaces). */
function splitParagraph(text: string, from: number, to: number, language: CatalogLanguage): [number, number][] {
  const paragraph = text.slice(from, to);
  const ranges: [number, number][] = [];
  let start = 0;
  for (const match of paragraph.matchAll(END)) {
    const end = match.index + match[0].length;
    const next = paragraph.slice(end).trimStart();
    // A new sentence starts with a capital, a digit, an opening quote or a Spanish ¿ ¡.
    if (!/^["“‘«¿¡(\p{Lu}\d]/u.test(next)) continue;
    if (endsAbbreviation(paragraph, match.index, language)) continue;
    ranges.push([start, end]);
    start = end + (paragraph.length - end - paragraph.slice(end).trimStart().length);
  }
  if (start < paragraph.length) ranges.push([start, paragraph.length]);
  return ranges.map(([a, b]) => [from + a, from + b] as [number, number]).filter(([a, b]) => text.slice(a, b).trim() !== "");
}

/** Every sentence of the script, in reading order; offsets index the joined text (sections joined by a blank line). */
export function scriptSentences(script: NarrationScript, language: CatalogLanguage): ScriptSentence[] {
  const sentences: ScriptSentence[] = [];
  let offset = 0;
  script.sections.forEach((section, index) => {
    let paragraphStart = 0;
    const paragraphs = section.text.split("\n\n");
    paragraphs.forEach((paragraph, p) => {
      const from = offset + paragraphStart;
      const full = script.text;
      splitParagraph(full, from, from + paragraph.length, language).forEach(([a, b], s) => {
        const after: Boundary = s > 0 ? "sentence" : p > 0 ? "paragraph" : "section";
        sentences.push({ section: index, from: a, to: b, text: full.slice(a, b), after });
      });
      paragraphStart += paragraph.length + 2;
    });
    offset += section.text.length + 2;
  });
  return sentences;
}
