import type { Language } from "../../../generated/prisma/enums.js";

/** What a query tests: a title, an author, a topic, a misspelling, missing accents. */
export type RelevanceKind = "title" | "author" | "topic" | "typo" | "accent";

/** A query a reader might type, and the microbook (slug) that must be among the first three results. */
export type RelevanceCase = { query: string; language: Language; expected: string; kind: RelevanceKind };

const c = (language: Language, kind: RelevanceKind, query: string, expected: string): RelevanceCase => ({
  query,
  language,
  expected,
  kind,
});

/** The relevance suite over the bundled catalogue (prisma/seed/catalog): pt, en and es. */
export const RELEVANCE_CASES: RelevanceCase[] = [
  // The examples.
  c("en", "topic", "walden pond", "walden"),
  c("en", "title", "federalist papers", "the-federalist"),
  c("en", "typo", "candel faraday", "the-chemical-history-of-a-candle"),
  c("pt", "topic", "sonhos freud", "the-interpretation-of-dreams"),
  c("pt", "topic", "enfermagem nightingale", "notes-on-nursing"),
  c("es", "accent", "sentido comun", "common-sense"),
  // English.
  c("en", "title", "origin of species", "on-the-origin-of-species"),
  c("en", "author", "darwin", "on-the-origin-of-species"),
  c("en", "author", "machiavelli", "the-prince"),
  c("en", "typo", "machiaveli prince", "the-prince"),
  c("en", "typo", "meditatons", "meditations"),
  c("en", "author", "marcus aurelius", "meditations"),
  c("en", "typo", "tocquevile democracy", "democracy-in-america"),
  c("en", "title", "wealth of nations", "the-wealth-of-nations"),
  c("en", "author", "adam smith", "the-wealth-of-nations"),
  c("en", "topic", "natural selection", "on-the-origin-of-species"),
  c("en", "topic", "stoic shortness", "on-the-shortness-of-life"),
  c("en", "typo", "art of wor sun tzu", "the-art-of-war"),
  c("en", "title", "five rings", "the-book-of-five-rings"),
  c("en", "author", "douglass", "narrative-of-the-life-of-frederick-douglass"),
  c("en", "typo", "thoreau waldn", "walden"),
  c("en", "topic", "public speaking", "the-art-of-public-speaking"),
  c("en", "author", "wollstonecraft", "a-vindication-of-the-rights-of-woman"),
  c("en", "typo", "peloponesian war", "the-history-of-the-peloponnesian-war"),
  c("en", "title", "leisure class", "the-theory-of-the-leisure-class"),
  c("en", "accent", "niccolo machiavelli", "the-prince"),
  c("en", "title", "24 hours a day", "how-to-live-on-24-hours-a-day"),
  c("en", "author", "emerson", "self-reliance"),
  // Portuguese.
  c("pt", "title", "origem das especies", "on-the-origin-of-species"),
  c("pt", "accent", "meditacoes marco aurelio", "meditations"),
  c("pt", "title", "a arte da guerra", "the-art-of-war"),
  c("pt", "typo", "principe maquiavel", "the-prince"),
  c("pt", "title", "riqueza das nacoes", "the-wealth-of-nations"),
  c("pt", "accent", "historia quimica de uma vela", "the-chemical-history-of-a-candle"),
  c("pt", "title", "brevidade da vida", "on-the-shortness-of-life"),
  c("pt", "topic", "psicologia multidoes", "the-crowd"),
  c("pt", "title", "livro dos cinco aneis", "the-book-of-five-rings"),
  c("pt", "typo", "autobiografia benjamim franklin", "the-autobiography-of-benjamin-franklin"),
  c("pt", "title", "direitos da mulher", "a-vindication-of-the-rights-of-woman"),
  c("pt", "typo", "democrasia na america", "democracy-in-america"),
  c("pt", "title", "falar em publico", "the-art-of-public-speaking"),
  c("pt", "author", "freud", "the-interpretation-of-dreams"),
  // Spanish.
  c("es", "title", "el origen de las especies", "on-the-origin-of-species"),
  c("es", "accent", "interpretacion de los suenos", "the-interpretation-of-dreams"),
  c("es", "title", "el principe", "the-prince"),
  c("es", "typo", "meditasiones", "meditations"),
  c("es", "title", "riqueza de las naciones", "the-wealth-of-nations"),
  c("es", "accent", "psicologia de las masas", "the-crowd"),
  c("es", "title", "enfermeria nightingale", "notes-on-nursing"),
  c("es", "title", "brevedad de la vida seneca", "on-the-shortness-of-life"),
  c("es", "typo", "guerra del peloponeso tucidides", "the-history-of-the-peloponnesian-war"),
  c("es", "title", "esclavitud", "up-from-slavery"),
  c("es", "title", "clase ociosa", "the-theory-of-the-leisure-class"),
  c("es", "author", "maquiavelo", "the-prince"),
  c("es", "typo", "confiansa en uno mismo", "self-reliance"),
  c("es", "title", "vela faraday", "the-chemical-history-of-a-candle"),
];
