// Authors' names per language (authors.yaml): the byline each language shows, the name A–Z sorts by, and every
// name together for search. English is the fallback; several people are joined as each language joins a list.
import { z } from "zod";
import type { CatalogIssue } from "./errors.js";
import { CATALOG_LANGUAGES, type CatalogLanguage } from "./model.js";

const name = z.string().trim().min(1, "must not be empty");
const entry = z.object({ names: z.array(name).min(1, "needs at least one name"), sort: name }).strict();
export const authorsFileSchema = z.record(
  z.string(),
  z.object({ en: entry, pt: entry.optional(), es: entry.optional() }, { error: "needs en (and pt, es where they differ)" }).strict(),
);
export type AuthorsFile = z.infer<typeof authorsFileSchema>;

export type AuthorName = { name: string; sortName: string };
export type AuthorNames = { byLanguage: Record<CatalogLanguage, AuthorName>; searchNames: string };

/** "A, B and C" / "A, B e C" / "A, B y C". */
export function joinNames(names: string[], language: CatalogLanguage): string {
  return new Intl.ListFormat(language, { type: "conjunction", style: "long" }).format(names);
}

/**
 * The names of the author of book.yaml's `author` (its slug `authorSlug`). Without an entry, the byline is the same in
 * every language. An entry's English names must join to book.yaml's author, so the two files cannot drift apart.
 */
export function authorNames(
  author: string,
  authorSlug: string,
  file: AuthorsFile | null,
  issues: CatalogIssue[],
  where: CatalogIssue,
): AuthorNames {
  const entry = file?.[authorSlug];
  const fallback = { names: [author], sort: author };
  // English lists take a serial comma ("A, B, and C"); book.yaml may leave it out.
  const sameList = (a: string, b: string) => a.replace(/, and /g, " and ") === b.replace(/, and /g, " and ");
  if (entry && !sameList(joinNames(entry.en.names, "en"), author)) {
    issues.push({
      ...where,
      problem: `author "${author}" is "${joinNames(entry.en.names, "en")}" in authors.yaml (${authorSlug}.en.names)`,
    });
  }
  const byLanguage = Object.fromEntries(
    CATALOG_LANGUAGES.map((language) => {
      const own = entry?.[language] ?? entry?.en ?? fallback;
      return [language, { name: joinNames(own.names, language), sortName: own.sort }];
    }),
  ) as Record<CatalogLanguage, AuthorName>;
  const every = new Set([author, ...CATALOG_LANGUAGES.flatMap((l) => [...(entry?.[l]?.names ?? []), byLanguage[l].sortName])]);
  return { byLanguage, searchNames: [...every].join(" ") };
}
