// What espeak-ng is given to say for a sentence: the sentence, with the forms it reads wrongly spelt out.
// Each rule comes from reading espeak-ng's phonemes for the catalogue's numbers, years, names and
// abbreviations (README "Narration": the sample checked per language and what it got wrong).
import type { CatalogLanguage } from "../import/model.js";

type Rule = [RegExp, string | ((...match: string[]) => string)];

const ROMAN: Record<string, number> = { I: 1, V: 5, X: 10, L: 50, C: 100, D: 500, M: 1000 };
export function romanValue(numeral: string): number | null {
  if (!/^M{0,3}(CM|CD|D?C{0,3})(XC|XL|L?X{0,3})(IX|IV|V?I{0,3})$/.test(numeral) || numeral === "") return null;
  let total = 0;
  for (let i = 0; i < numeral.length; i++) {
    const value = ROMAN[numeral[i]!]!;
    const next = ROMAN[numeral[i + 1] ?? ""] ?? 0;
    total += value < next ? -value : value;
  }
  return total;
}

/** Words after which a Roman numeral is a number (Book IV, chapter XII, Louis XIV), not a letter or the pronoun I. */
const ROMAN_CONTEXT: Record<CatalogLanguage, RegExp> = {
  en: /\b(Book|Books|Chapter|Chapters|Part|Letter|Canto|Volume|Article|Essay|No\.|Louis|Henry|Charles|George|Edward|William|James|Pius|Leo|Gregory|Philip|Frederick|Richard|Elizabeth|Napoleon|Alexander|Peter|John|Paul|Innocent|Urban|Ptolemy) ([IVXLC]+)\b/g,
  pt: /\b(Livro|Livros|Capítulo|Capítulos|capítulo|capítulos|livro|livros|Parte|parte|Carta|carta|Canto|canto|Volume|volume|Artigo|artigo|Ensaio|ensaio|Luís|Henrique|Carlos|Jorge|Eduardo|Guilherme|Jaime|Pio|Leão|Gregório|Filipe|Frederico|Ricardo|Elizabeth|Isabel|Alexandre|Pedro|João|Paulo|Inocêncio|Urbano|Ptolomeu|século|séculos|Século) ([IVXLC]+)\b/g,
  es: /\b(Libro|Libros|Capítulo|Capítulos|capítulo|capítulos|libro|libros|Parte|parte|Carta|carta|Canto|canto|Volumen|volumen|Artículo|artículo|Ensayo|ensayo|Luis|Enrique|Carlos|Jorge|Eduardo|Guillermo|Jaime|Pío|León|Gregorio|Felipe|Federico|Ricardo|Isabel|Alejandro|Pedro|Juan|Pablo|Inocencio|Urbano|Ptolomeo|siglo|siglos|Siglo) ([IVXLC]+)\b/g,
};

/** Kings and popes are read as ordinals (Louis the Fourteenth); books and chapters as numbers. */
const ORDINAL_NAMES =
  /^(Louis|Henry|Charles|George|Edward|William|James|Pius|Leo|Gregory|Philip|Frederick|Richard|Elizabeth|Napoleon|Alexander|Peter|John|Paul|Innocent|Urban|Ptolemy)$/;
const EN_ORDINALS = [
  "",
  "the First",
  "the Second",
  "the Third",
  "the Fourth",
  "the Fifth",
  "the Sixth",
  "the Seventh",
  "the Eighth",
  "the Ninth",
  "the Tenth",
  "the Eleventh",
  "the Twelfth",
  "the Thirteenth",
  "the Fourteenth",
  "the Fifteenth",
  "the Sixteenth",
];
/** pt and es read regnal numbers as ordinals up to ten and cardinals after (Luís catorze, Luis catorce). */
const PT_ORDINALS = ["", "primeiro", "segundo", "terceiro", "quarto", "quinto", "sexto", "sétimo", "oitavo", "nono", "décimo"];
const ES_ORDINALS = ["", "primero", "segundo", "tercero", "cuarto", "quinto", "sexto", "séptimo", "octavo", "noveno", "décimo"];
const PT_ES_KINGS =
  /^(Luís|Henrique|Carlos|Jorge|Eduardo|Guilherme|Jaime|Pio|Leão|Gregório|Filipe|Frederico|Ricardo|Isabel|Alexandre|Pedro|João|Paulo|Inocêncio|Urbano|Ptolomeu|Luis|Enrique|Guillermo|Pío|León|Gregorio|Felipe|Federico|Alejandro|Juan|Pablo|Inocencio|Ptolomeo)$/;

function romanRule(language: CatalogLanguage): Rule {
  return [
    ROMAN_CONTEXT[language],
    (whole: string, word: string, numeral: string) => {
      const value = romanValue(numeral);
      if (value === null) return whole;
      if (language === "en")
        return ORDINAL_NAMES.test(word) && value < EN_ORDINALS.length ? `${word} ${EN_ORDINALS[value]}` : `${word} ${value}`;
      const ordinals = language === "pt" ? PT_ORDINALS : ES_ORDINALS;
      return PT_ES_KINGS.test(word) && value <= 10 ? `${word} ${ordinals[value]}` : `${word} ${value}`;
    },
  ];
}

const COMMON: Rule[] = [
  // Dashes are pauses, not words; an en dash between numbers is a range.
  [/(\d)\s*–\s*(\d)/g, "$1 – $2"],
  [/\s*—\s*/g, ", "],
  // Curly and guillemet quotes: espeak-ng says nothing for them, but some voices pause oddly inside words.
  [/[“”«»]/g, ""],
];

/** Foreign names the pt and es voices read by their own spelling rules (Thoreau as "to-re-au"): respelt. */
const RESPELT: Record<"pt" | "es", Record<string, string>> = {
  pt: { Thoreau: "Toró", Tocqueville: "Tokvíl", Wollstonecraft: "Uólstonecráft", Freud: "Fróid", Paine: "Pêine", George: "Djórdj" },
  es: { Thoreau: "Toró", Tocqueville: "Tokvíl", Wollstonecraft: "Uólstonkraft", Freud: "Fróid", Paine: "Péin", George: "Yorch" },
};
const respell = (language: "pt" | "es"): Rule => [
  new RegExp(`(?<![\\p{L}])(${Object.keys(RESPELT[language]).join("|")})(?![\\p{L}])`, "gu"),
  (name: string) => RESPELT[language][name] ?? name,
];
const TENS = ["", "tens", "twenties", "thirties", "forties", "fifties", "sixties", "seventies", "eighties", "nineties"];
const PT_ORDINAL_ABBREVIATIONS = ["", "primeiro", "segundo", "terceiro", "quarto", "quinto", "sexto", "sétimo", "oitavo", "nono", "décimo"];
const ES_ORDINAL_ABBREVIATIONS = [
  "",
  "primero",
  "segundo",
  "tercero",
  "cuarto",
  "quinto",
  "sexto",
  "séptimo",
  "octavo",
  "noveno",
  "décimo",
];

const RULES: Record<CatalogLanguage, Rule[]> = {
  en: [
    romanRule("en"),
    [/(\d) – (\d)/g, "$1 to $2"],
    // Decades: "the 1790s" is "the seventeen nineties", not "one thousand seven hundred ninety z".
    [
      /\b(1[1-9])(\d)0s\b/g,
      (_: string, century: string, tens: string) => (tens === "0" ? `${century} hundreds` : `${century} ${TENS[Number(tens)]}`),
    ],
    // espeak-ng reads 1732 as "one thousand seven hundred thirty-two"; English says years in pairs.
    [
      /(?<![\d$£.,])\b(1[1-9])(\d)(\d)\b(?![.,]\d|%)/g,
      (_: string, century: string, tens: string, units: string) =>
        tens === "0" ? (units === "0" ? `${century} hundred` : `${century} oh ${units}`) : `${century} ${tens}${units}`,
    ],
    [/\bB\.C\.(?=\s|$)/g, "B C"],
    [/\bA\.D\.(?=\s|$)/g, "A D"],
    [/\bc\. (\d)/g, "circa $1"],
    [/\be\.g\./g, "for example"],
    [/\bi\.e\./g, "that is"],
    [/\bvs\./g, "versus"],
  ],
  pt: [
    romanRule("pt"),
    respell("pt"),
    [/\b([1-9]|10)\.?º/g, (_: string, n: string) => PT_ORDINAL_ABBREVIATIONS[Number(n)]!],
    [/(\d) – (\d)/g, "$1 a $2"],
    [/\ba\. ?C\./g, "antes de Cristo"],
    [/\bd\. ?C\./g, "depois de Cristo"],
    [/\bSr\.(?=\s)/g, "senhor"],
    [/\bSra\.(?=\s)/g, "senhora"],
    [/\bDr\.(?=\s)/g, "doutor"],
    [/\bséc\.(?=\s)/g, "século"],
    [/\bc\. (\d)/g, "cerca de $1"],
  ],
  es: [
    romanRule("es"),
    respell("es"),
    [/\b([1-9]|10)\.?º/g, (_: string, n: string) => ES_ORDINAL_ABBREVIATIONS[Number(n)]!],
    [/\bEE\. ?UU\./g, "Estados Unidos"],
    [/(\d) – (\d)/g, "$1 a $2"],
    [/\ba\. ?C\./g, "antes de Cristo"],
    [/\bd\. ?C\./g, "después de Cristo"],
    [/\bSr\.(?=\s)/g, "señor"],
    [/\bSra\.(?=\s)/g, "señora"],
    [/\bDr\.(?=\s)/g, "doctor"],
    [/\bc\. (\d)/g, "hacia $1"],
  ],
};

/** The sentence as espeak-ng should be given it in `language`. */
export function spokenForm(sentence: string, language: CatalogLanguage): string {
  let text = sentence;
  for (const [pattern, replacement] of [...COMMON, ...RULES[language]]) {
    text =
      typeof replacement === "string"
        ? text.replace(pattern, replacement)
        : text.replace(pattern, replacement as (...a: string[]) => string);
  }
  return text;
}
