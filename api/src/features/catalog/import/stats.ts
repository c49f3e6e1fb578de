import type { Catalog } from "./model.js";

/** The counts `catalog:check` prints as its last line (CI reads them). */
export function catalogStats(catalog: Catalog) {
  const editions = catalog.books.flatMap((b) => b.editions);
  const count = (pred: (e: (typeof editions)[number]) => boolean) => ({
    en: editions.filter((e) => e.language === "en" && pred(e)).length,
    pt: editions.filter((e) => e.language === "pt" && pred(e)).length,
    es: editions.filter((e) => e.language === "es" && pred(e)).length,
  });
  const range = (values: number[]) => ({ min: values.length ? Math.min(...values) : 0, max: values.length ? Math.max(...values) : 0 });
  return {
    microbooks: count(() => true),
    categories: catalog.categories.length,
    keyIdeasPerBook: range(editions.map((e) => e.keyIdeas.length)),
    wordsPerBook: range(editions.map((e) => e.wordCount)),
    audio: count((e) => e.audio !== undefined),
    /** Narrations with sentence timings (every synthetic one; a human one may have none). */
    audioTimed: count((e) => e.audio?.sentences !== undefined),
    playlists: catalog.playlists.length,
    originals: catalog.originals.length,
  };
}
