import { existsSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import type { z } from "zod";
import { readAlongTimings } from "../audio/timings.js";
import { narrationScript, renarrateCommand } from "../narrate/script.js";
import { CatalogValidationError, type CatalogIssue } from "./errors.js";
import { countWords, parseMicrobookMarkdown } from "./markdown.js";
import {
  audioMetaSchema,
  bookFileSchema,
  CATALOG_LANGUAGES,
  categoriesFileSchema,
  editionFrontMatterSchema,
  LIMITS,
  originalsFileSchema,
  playlistsFileSchema,
  upgradeFileSchema,
  sourcesSchema,
  WORDS_PER_MINUTE,
  type AudioMeta,
  type Catalog,
  type CatalogBook,
  type CatalogEdition,
  type CatalogLanguage,
} from "./model.js";
import { checkSources, SOURCES_REQUIRED, straightQuoteWarning } from "./sources.js";
import { authorNames, authorsFileSchema } from "./author-names.js";
import { titleCaseWarning } from "./title-case.js";
import { YamlFile } from "./yaml-file.js";

export function slugify(name: string): string {
  return name
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/** Validates a YAML file against a schema, turning each problem into a located issue. */
function validate<S extends z.ZodType>(yaml: YamlFile, schema: S, issues: CatalogIssue[]): z.infer<S> | null {
  const result = schema.safeParse(yaml.value());
  if (result.success) return result.data;
  for (const issue of result.error.issues) {
    const keyPath = issue.path.map((p) => (typeof p === "symbol" ? String(p) : p));
    const where = keyPath.length ? `${keyPath.join(".")}: ` : "";
    issues.push({ file: yaml.file, line: yaml.lineOf(keyPath), problem: `${where}${issue.message}` });
  }
  return null;
}

async function readYaml<S extends z.ZodType>(dir: string, name: string, schema: S, issues: CatalogIssue[], required: boolean) {
  const full = path.join(dir, name);
  if (!existsSync(full)) {
    if (required) issues.push({ file: name, line: 1, problem: "file is missing" });
    return null;
  }
  const yaml = YamlFile.parse(name, await readFile(full, "utf8"), issues);
  return yaml ? validate(yaml, schema, issues) : null;
}

export type ReadCatalogOptions = {
  /**
   * "check" (default): read each narration's JSON and require it to match the current text.
   * "skip": ignore the audio folder (catalog:narrate, which is about to rewrite stale or broken narrations).
   */
  audio?: "check" | "skip";
  /** Whether every book.yaml must have a `sources` key; SOURCES_REQUIRED unless set (tests set it). */
  requireSources?: boolean;
};

/**
 * A narration must be of the current text: the hash of the text it read equals the hash of the text now, and it has
 * one chapter per section (introduction, then each key idea) with the section's title.
 */
function checkNarration(slug: string, edition: CatalogEdition, meta: AudioMeta, yaml: YamlFile, issues: CatalogIssue[]) {
  const file = yaml.file;
  const redo = `run ${renarrateCommand(slug, edition.language)}`;
  const script = narrationScript(edition);
  if (meta.textSha256 === undefined) {
    issues.push({ file, line: 1, problem: `narration is stale: it has no textSha256 to match it with the text; ${redo}` });
  } else if (meta.textSha256 !== script.textSha256) {
    issues.push({
      file,
      line: yaml.lineOf(["textSha256"]),
      problem: `narration is stale: the text changed since it was narrated; ${redo}`,
    });
  }
  const titles = script.sections.map((s) => s.chapter);
  if (meta.chapters.length !== titles.length) {
    issues.push({
      file,
      line: yaml.lineOf(["chapters"]),
      problem:
        `has ${meta.chapters.length} chapters but books/${slug}/${edition.language}.md has ${edition.keyIdeas.length} key ideas ` +
        `and an introduction (${titles.length}); ${redo}`,
    });
    return;
  }
  meta.chapters.forEach((chapter, i) => {
    if (chapter.title === titles[i]) return;
    issues.push({
      file,
      line: yaml.lineOf(["chapters", i, "title"]),
      problem: `chapter ${i + 1} is "${chapter.title}" but ${i === 0 ? "the introduction is" : `key idea ${i} is`} "${titles[i]}"; ${redo}`,
    });
  });
  // Timings of another text say nothing: the stale hash already asks for a new narration.
  if (meta.textSha256 !== script.textSha256) return;
  const before = issues.length;
  checkTimings(meta, script.text, yaml, issues, redo);
  // The reader highlights each sentence on its own text (read-along): every sentence must fall on it.
  if (issues.length === before && meta.sentences) {
    const keyIdeas = edition.keyIdeas.map((idea, position) => ({ position, title: idea.title, body: idea.body }));
    if (!readAlongTimings({ ...edition, keyIdeas }, meta.sentences)) {
      issues.push({ file, line: yaml.lineOf(["sentences"]), problem: `sentence timings do not fall on the reader's text; ${redo}` });
    }
  }
}

/** Within this much of the file's length: the sentences' timings and the encoded audio agree. */
const TIMING_TOLERANCE_MS = 20;

/**
 * Sentence timings, required of a synthetic narration (catalog:narrate records them) and optional for a human one:
 * numbered 1…n, in order in time and in the text, inside the text narrated (whose hash the narration carries) and
 * inside the audio.
 */
export function checkTimings(meta: AudioMeta, text: string, yaml: YamlFile, issues: CatalogIssue[], redo: string) {
  const file = yaml.file;
  const sentences = meta.sentences;
  if (!sentences) {
    if (meta.narrator?.kind !== "human") issues.push({ file, line: 1, problem: `narration has no sentence timings; ${redo}` });
    return;
  }
  const durationMs = meta.durationSeconds * 1000;
  let previous = { endMs: 0, to: 0 };
  for (const [i, s] of sentences.entries()) {
    const problem =
      s.id !== i + 1
        ? `is numbered ${s.id}, expected ${i + 1}`
        : s.endMs <= s.startMs || s.startMs < previous.endMs
          ? `has times ${s.startMs}–${s.endMs} ms out of order`
          : s.endMs > durationMs + TIMING_TOLERANCE_MS
            ? `ends at ${s.endMs} ms, after the audio's end (${Math.round(durationMs)} ms)`
            : s.to <= s.from || s.from < previous.to || s.to > text.length || text.slice(s.from, s.to).trim() === ""
              ? `has the character range ${s.from}–${s.to}, not a sentence of the narrated text`
              : null;
    if (problem) {
      issues.push({ file, line: yaml.lineOf(["sentences", i]), problem: `sentence ${i + 1} ${problem}; ${redo}` });
      return;
    }
    previous = s;
  }
}

async function readEdition(
  dir: string,
  slug: string,
  language: CatalogLanguage,
  issues: CatalogIssue[],
  warnings: CatalogIssue[],
  options: ReadCatalogOptions,
) {
  const file = `books/${slug}/${language}.md`;
  const source = await readFile(path.join(dir, file), "utf8");
  if (language !== "en") {
    const warning = straightQuoteWarning(file, source);
    if (warning) warnings.push(warning);
  }
  const before = issues.length;
  const md = parseMicrobookMarkdown(file, source, issues);
  if (!md) return null;
  const yaml = YamlFile.parse(file, md.frontMatter, issues, md.frontMatterLine - 1);
  const front = yaml ? validate(yaml, editionFrontMatterSchema, issues) : null;
  const count = md.keyIdeas.length;
  if (count < LIMITS.keyIdeas.min || count > LIMITS.keyIdeas.max) {
    issues.push({
      file,
      line: md.keyIdeas[0]?.line ?? 1,
      problem: `has ${count} key ideas; a microbook has ${LIMITS.keyIdeas.min} to ${LIMITS.keyIdeas.max}`,
    });
  }
  const wordCount = countWords(md.introduction) + md.keyIdeas.reduce((sum, idea) => sum + countWords(idea.body), 0);
  if (wordCount < LIMITS.words.min || wordCount > LIMITS.words.max) {
    issues.push({
      file,
      line: md.keyIdeas[0]?.line ?? 1,
      problem: `has ${wordCount} words; a microbook has ${LIMITS.words.min} to ${LIMITS.words.max}`,
    });
  }
  if (!front || issues.length > before) return null;
  const edition: CatalogEdition = {
    language,
    ...front,
    introduction: md.introduction,
    keyIdeas: md.keyIdeas.map(({ title, body }) => ({ title, body })),
    wordCount,
    readingMinutes: Math.max(1, Math.round(wordCount / WORDS_PER_MINUTE)),
  };
  const prose = [front.authorBio, front.about, md.introduction, ...md.keyIdeas.map((k) => k.body)].join("\n");
  const titleWarning = titleCaseWarning(file, yaml?.lineOf(["title"]) ?? 1, front.title, language, prose);
  if (titleWarning) warnings.push(titleWarning);
  if (options.audio === "skip") return edition;
  const audioName = `${slug}.${language}`;
  const metaFile = path.join(dir, "audio", `${audioName}.json`);
  if (existsSync(metaFile)) {
    const yamlMeta = YamlFile.parse(`audio/${audioName}.json`, await readFile(metaFile, "utf8"), issues);
    const meta = yamlMeta ? validate(yamlMeta, audioMetaSchema, issues) : null;
    const fileName = `${audioName}.opus`;
    if (meta && !existsSync(path.join(dir, "audio", fileName))) {
      issues.push({ file: `audio/${audioName}.json`, line: 1, problem: `audio file ${fileName} is missing` });
    } else if (meta && yamlMeta) {
      checkNarration(slug, edition, meta, yamlMeta, issues);
      edition.audio = { ...meta, fileName };
    }
  }
  return edition;
}

/**
 * Reads and validates a whole catalogue folder. Throws CatalogValidationError listing every problem of every file
 * (one bad work does not hide another's problems); the result's `warnings` list problems that do not block it.
 */
export async function readCatalog(dir: string, options: ReadCatalogOptions = {}): Promise<Catalog> {
  const issues: CatalogIssue[] = [];
  const warnings: CatalogIssue[] = [];
  const categoriesFile = await readYaml(dir, "categories.yaml", categoriesFileSchema, issues, true);
  const categories = Object.entries(categoriesFile ?? {}).map(([slug, c], position) => ({ ...c, slug, position }));
  const categorySlugs = new Set(categories.map((c) => c.slug));

  const books: CatalogBook[] = [];
  const bookDirs = existsSync(path.join(dir, "books"))
    ? (await readdir(path.join(dir, "books"), { withFileTypes: true }))
        .filter((e) => e.isDirectory())
        .map((e) => e.name)
        .sort()
    : [];
  const bookLines = new Map<string, YamlFile>();
  const authorsFile = await readYaml(dir, "authors.yaml", authorsFileSchema, issues, false);
  for (const slug of bookDirs) {
    const file = `books/${slug}/book.yaml`;
    if (!/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(slug))
      issues.push({ file: `books/${slug}`, line: 1, problem: "folder name must be lowercase words joined by '-'" });
    if (!existsSync(path.join(dir, file))) {
      issues.push({ file, line: 1, problem: "file is missing" });
      continue;
    }
    const yaml = YamlFile.parse(file, await readFile(path.join(dir, file), "utf8"), issues);
    const facts = yaml ? validate(yaml, bookFileSchema, issues) : null;
    const languages = CATALOG_LANGUAGES.filter((l) => existsSync(path.join(dir, "books", slug, `${l}.md`)));
    if (languages.length === 0) issues.push({ file: `books/${slug}`, line: 1, problem: "has no microbook file (en.md, pt.md or es.md)" });
    const editions = (await Promise.all(languages.map((l) => readEdition(dir, slug, l, issues, warnings, options)))).filter(
      (e) => e !== null,
    );
    const english = editions.find((e) => e.language === "en");
    for (const e of editions) {
      if (english && e.keyIdeas.length !== english.keyIdeas.length) {
        issues.push({
          file: `books/${slug}/${e.language}.md`,
          line: 1,
          problem: `has ${e.keyIdeas.length} key ideas but en.md has ${english.keyIdeas.length}: a translation keeps the same key ideas`,
        });
      }
    }
    if (yaml) {
      // Checked even when another field of book.yaml is wrong, so that its problems are listed too.
      const raw = yaml.value();
      const hasKey = typeof raw === "object" && raw !== null && "sources" in raw;
      const enFile = path.join(dir, "books", slug, "en.md");
      checkSources(
        {
          slug,
          yaml,
          hasKey,
          sources: facts ? facts.sources : hasKey ? sourcesSchema.safeParse((raw as { sources: unknown }).sources).data : undefined,
          en: existsSync(enFile) ? await readFile(enFile, "utf8") : null,
          required: options.requireSources ?? SOURCES_REQUIRED,
        },
        issues,
      );
    }
    if (!facts || !yaml) continue;
    if (!categorySlugs.has(facts.category))
      issues.push({ file, line: yaml.lineOf(["category"]), problem: `category "${facts.category}" is not in categories.yaml` });
    bookLines.set(slug, yaml);
    const authorSlug = slugify(facts.author);
    books.push({
      slug,
      author: facts.author,
      authorSlug,
      authorNames: authorNames(facts.author, authorSlug, authorsFile, issues, { file, line: yaml.lineOf(["author"]), problem: "" }),
      category: facts.category,
      year: facts.year,
      similar: facts.similar,
      ...(facts.sources ? { sources: facts.sources } : {}),
      editions,
    });
  }

  const bookSlugs = new Set(bookDirs);
  for (const book of books) {
    book.similar.forEach((other, i) => {
      if (!bookSlugs.has(other) || other === book.slug) {
        issues.push({
          file: `books/${book.slug}/book.yaml`,
          line: bookLines.get(book.slug)!.lineOf(["similar", i]),
          problem: `similar work "${other}" is not another book in the catalogue`,
        });
      }
    });
  }

  const playlists = (await readYaml(dir, "playlists.yaml", playlistsFileSchema, issues, false)) ?? [];
  playlists.forEach((p) =>
    p.books
      .filter((b) => !bookSlugs.has(b))
      .forEach((b) => issues.push({ file: "playlists.yaml", line: 1, problem: `playlist "${p.slug}" lists unknown book "${b}"` })),
  );
  const originals = (await readYaml(dir, "originals.yaml", originalsFileSchema, issues, false)) ?? [];
  originals.forEach((o) =>
    o.steps
      .filter((s) => !bookSlugs.has(s.book))
      .forEach((s) => issues.push({ file: "originals.yaml", line: 1, problem: `original "${o.slug}" has unknown book "${s.book}"` })),
  );

  const upgrade = (await readYaml(dir, "upgrade.yaml", upgradeFileSchema, issues, false)) ?? { testimonials: [], faq: [] };

  const byFile = (a: CatalogIssue, b: CatalogIssue) => (a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line);
  warnings.sort(byFile);
  if (issues.length) throw new CatalogValidationError(issues, warnings);
  return { categories, books, playlists, originals, upgrade, warnings };
}
