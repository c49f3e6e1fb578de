import { z } from "zod";
import type { AuthorNames } from "./author-names.js";
import type { CatalogIssue } from "./errors.js";

export const CATALOG_LANGUAGES = ["pt", "en", "es"] as const;
export type CatalogLanguage = (typeof CATALOG_LANGUAGES)[number];

const slug = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "must be lowercase words joined by '-'");
const text = z.string().trim().min(1, "must not be empty");
const perLanguage = z.object({ pt: text, en: text, es: text }, { error: "needs pt, en and es" }).strict();

export const categoriesFileSchema = z.record(
  slug,
  z
    .object({
      color: z.string().regex(/^#[0-9a-fA-F]{6}$/, "must be a colour like #3d5a80"),
      icon: z.string().regex(/^[a-z][a-z0-9-]*$/, "must be a lowercase icon name"),
      name: perLanguage,
      description: perLanguage,
    })
    .strict(),
);

/** One quotation of en.md and where it is in the original work. */
export const sourceEntrySchema = z
  .object(
    {
      /** The quotation exactly as en.md has it, without the quotation marks. */
      quote: z.string({ error: "must be the quoted text as en.md has it" }).trim().min(1, "must not be empty"),
      /** Its place in the original: "Chapter 12", "Book IV, 3", "Letter 7". */
      where: z.string({ error: 'must say where the quotation is in the original, e.g. "Chapter 12"' }).trim().min(1, "must not be empty"),
    },
    { error: "each source is { quote: ..., where: ... }" },
  )
  .strict();

export const sourcesSchema = z.array(sourceEntrySchema, { error: "must be a list of { quote, where }" });

export const bookFileSchema = z
  .object({
    author: text,
    category: slug,
    year: z.number().int().min(-3000).max(2100),
    similar: z.array(slug).min(1, "list at least one similar work").max(6),
    sources: sourcesSchema.optional(),
  })
  .strict();

export type CatalogSource = z.infer<typeof sourceEntrySchema>;

export const editionFrontMatterSchema = z
  .object({
    title: text,
    subtitle: text,
    authorBio: text,
    about: text,
    audience: text,
  })
  .strict();

export const playlistsFileSchema = z.array(
  z
    .object({
      slug,
      week: z.string().regex(/^\d{4}-W(0[1-9]|[1-4]\d|5[0-3])$/, "must be an ISO week like 2026-W47"),
      title: perLanguage,
      description: perLanguage,
      books: z.array(slug).min(3, "needs at least 3 books").max(8, "has more than 8 books"),
    })
    .strict(),
);

export const originalsFileSchema = z.array(
  z
    .object({
      slug,
      specialist: z.object({ name: text, role: perLanguage }).strict(),
      title: perLanguage,
      introduction: perLanguage,
      steps: z
        .array(z.object({ book: slug, text: perLanguage }).strict())
        .min(3, "needs at least 3 steps")
        .max(8),
    })
    .strict(),
);

/** The upgrade modal's content: attributed public-domain quotations about reading, and an FAQ. */
export const upgradeFileSchema = z
  .object({
    testimonials: z
      .array(z.object({ slug, author: text, quote: perLanguage, source: perLanguage }).strict())
      .max(12, "has more than 12 testimonials"),
    faq: z.array(z.object({ slug, question: perLanguage, answer: perLanguage }).strict()).max(20, "has more than 20 questions"),
  })
  .strict();
export type UpgradeContent = z.infer<typeof upgradeFileSchema>;

export const audioMetaSchema = z
  .object({
    mimeType: z.string(),
    byteSize: z.number().int().positive(),
    durationSeconds: z.number().positive(),
    /** SHA-256 (hex) of the text narrated (see narrate/script.ts); optional here so that catalog:check can say
     * "stale, re-narrate" instead of a schema error when an older narration lacks it. */
    textSha256: z
      .string()
      .regex(/^[0-9a-f]{64}$/, "must be the SHA-256 of the narrated text (64 lowercase hex digits)")
      .optional(),
    /** Who reads: a synthetic voice (catalog:narrate, which records sentence timings) or a person (a narration file
     * recorded elsewhere; its timings are optional). Absent in older narrations: synthetic. */
    narrator: z
      .object({ kind: z.enum(["synthetic", "human"]), voice: text.optional(), name: text.optional() })
      .strict()
      .optional(),
    chapters: z.array(z.object({ title: text, startSeconds: z.number().min(0) }).strict()),
    /** Each sentence read: its place in time (ms) and its [from, to) character range in the narrated text (script.ts). */
    sentences: z
      .array(
        z
          .object({
            id: z.number().int().positive(),
            section: z.number().int().min(0),
            startMs: z.number().int().min(0),
            endMs: z.number().int().min(0),
            from: z.number().int().min(0),
            to: z.number().int().positive(),
          })
          .strict(),
      )
      .optional(),
  })
  .strict();

export type AudioMeta = z.infer<typeof audioMetaSchema>;

export type CatalogEdition = {
  language: CatalogLanguage;
  title: string;
  subtitle: string;
  authorBio: string;
  about: string;
  audience: string;
  introduction: string;
  keyIdeas: { title: string; body: string }[];
  wordCount: number;
  readingMinutes: number;
  audio?: AudioMeta & { fileName: string };
};

export type CatalogBook = {
  slug: string;
  author: string;
  authorSlug: string;
  /** The byline and sort name in each language (authors.yaml, English as fallback) and every name for search. */
  authorNames: AuthorNames;
  category: string;
  year: number;
  similar: string[];
  /** The quotations of en.md and where they are in the original; undefined while the work has no `sources` key. */
  sources?: CatalogSource[];
  editions: CatalogEdition[];
};

export type CatalogCategory = z.infer<typeof categoriesFileSchema>[string] & { slug: string; position: number };
export type CatalogPlaylist = z.infer<typeof playlistsFileSchema>[number];
export type CatalogOriginal = z.infer<typeof originalsFileSchema>[number];

export type Catalog = {
  categories: CatalogCategory[];
  books: CatalogBook[];
  playlists: CatalogPlaylist[];
  originals: CatalogOriginal[];
  /** The upgrade modal's testimonials and FAQ (upgrade.yaml; optional, empty without it). */
  upgrade?: UpgradeContent;
  /** Problems that do not block an import (catalog:check prints them), e.g. straight quotes in pt.md. */
  warnings: CatalogIssue[];
};

/** Limits a microbook must meet (about 12 minutes of reading). */
export const LIMITS = { keyIdeas: { min: 6, max: 10 }, words: { min: 1200, max: 2500 } } as const;
/** Reading pace used for reading time: an attentive, unhurried reader. */
export const WORDS_PER_MINUTE = 170;
