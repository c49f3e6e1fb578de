import { builder } from "../../builder.js";
import type { Context } from "../../context.js";
import type { Prisma } from "../../generated/prisma/client.js";
import type { Language } from "../../generated/prisma/enums.js";
import { coverImagePath, coverSrcSet } from "./covers/cover-paths.js";

export const LanguageEnum = builder.enumType("Language", {
  description: "Interface and content languages.",
  values: { pt: { description: "Portuguese (default)" }, en: { description: "English" }, es: { description: "Spanish" } } as const,
});

export const ReadAccessEnum = builder.enumType("ReadAccess", {
  values: {
    PREMIUM: { description: "The reader subscribes: everything is open." },
    FREE_TODAY: { description: "Today's free microbook: open to everyone." },
    LOCKED: { description: "Premium content: description and key-idea titles only." },
  } as const,
});

/** Languages to try, in order: the argument if given, then the request's content languages. */
export function languageOrder(ctx: Context, wanted: Language | null | undefined): Language[] {
  return wanted ? [...new Set([wanted, ...ctx.contentLanguages])] : ctx.contentLanguages;
}

/**
 * The edition in the first language of `order` that the book is published in: each later language
 * only when the book has none of the earlier ones. One row per book, whatever the fallbacks.
 */
export function bestEditionWhere(order: Language[]): Prisma.MicrobookEditionWhereInput {
  return {
    OR: order.map((language, i) =>
      i === 0 ? { language } : { language, microbook: { editions: { none: { language: { in: order.slice(0, i) } } } } },
    ),
  };
}

type Selection = Record<string, unknown>;

/**
 * A microbook query (as Pothos builds it for a list's nodes) whose `edition` without a language
 * argument shows the edition in `language`: a list filtered to a language (discovery's `language`
 * argument) shows each book in it. The language travels as this argument, into the query (and so
 * into the loader's key), not as state beside the request.
 */
export function withEditionsIn<Q extends { select?: Selection; include?: Selection }>(ctx: Context, query: Q, language: Language): Q {
  const asked = JSON.stringify(bestEditionWhere(languageOrder(ctx, null)));
  const rewrite = (selection: Selection | undefined) => {
    const editions = selection?.editions as { where?: unknown } | undefined;
    if (!selection || !editions || JSON.stringify(editions.where) !== asked) return selection;
    return { ...selection, editions: { ...editions, where: bestEditionWhere(languageOrder(ctx, language)) } };
  };
  return {
    ...query,
    ...(query.select ? { select: rewrite(query.select) } : {}),
    ...(query.include ? { include: rewrite(query.include) } : {}),
  };
}

export function pickByLanguage<T extends { language: Language }>(rows: T[], order: Language[]): T | undefined {
  for (const language of order) {
    const row = rows.find((r) => r.language === language);
    if (row) return row;
  }
  return undefined;
}

/** A translation table's rows in the interface language, with the fallbacks; the resolver picks the best. */
const inLocale = (ctx: Context) => ({
  where: { language: { in: languageOrder(ctx, ctx.locale).slice(0, 2) } },
  select: { language: true, name: true, description: true },
});

export const Category = builder.prismaNode("Category", {
  id: { field: "id" },
  // An unknown id answers null, not an error.
  nullable: true,
  select: {},
  fields: (t) => ({
    slug: t.exposeString("slug"),
    color: t.exposeString("color", { description: "Tile and cover colour; white text is legible on it." }),
    icon: t.exposeString("icon"),
    name: t.string({
      select: (_args, ctx) => ({ slug: true, translations: inLocale(ctx) }),
      resolve: (category, _args, ctx) => pickByLanguage(category.translations, languageOrder(ctx, ctx.locale))?.name ?? category.slug,
    }),
    description: t.string({
      select: (_args, ctx) => ({ translations: inLocale(ctx) }),
      resolve: (category, _args, ctx) => pickByLanguage(category.translations, languageOrder(ctx, ctx.locale))?.description ?? "",
    }),
    microbookCount: t.exposeInt("microbookCount", {
      description: "How many published microbooks the category holds (stored, kept by a trigger).",
    }),
  }),
});

export const Author = builder.prismaNode("Author", {
  id: { field: "id" },
  // An unknown id answers null, not an error.
  nullable: true,
  select: {},
  fields: (t) => ({
    slug: t.exposeString("slug"),
    name: t.string({
      description:
        "The byline in the interface language (Marco Aurélio on pt, several people joined as the language joins a list), " +
        "English where the language has none.",
      select: (_args, ctx) => ({ name: true, translations: authorInLocale(ctx) }),
      resolve: (author) => author.translations[0]?.name ?? author.name,
    }),
    sortName: t.string({
      description: "The name the A–Z order sorts by in the interface language (family name first: Maquiavel, Nicolau).",
      select: (_args, ctx) => ({ name: true, translations: authorInLocale(ctx) }),
      resolve: (author) => author.translations[0]?.sortName ?? author.name,
    }),
  }),
});

/** An author's names in the interface language; without them, Author.name (English) is the fallback, never another language. */
const authorInLocale = (ctx: Context) => ({
  where: { language: ctx.locale },
  select: { language: true, name: true, sortName: true },
});

export const KeyIdea = builder.prismaObject("KeyIdea", {
  description: "A lesson of a microbook: its place and title, public. Its text is in MicrobookEdition.content.",
  select: {},
  fields: (t) => ({
    position: t.exposeInt("position"),
    title: t.exposeString("title"),
  }),
});

export const MicrobookEdition = builder.prismaNode("MicrobookEdition", {
  description: "A microbook in one language: what anyone may see of it. Its text is behind `content`.",
  id: { field: "id" },
  // An unknown id answers null, not an error.
  nullable: true,
  select: { microbookId: true },
  fields: (t) => ({
    language: t.expose("language", { type: LanguageEnum }),
    title: t.exposeString("title"),
    subtitle: t.exposeString("subtitle"),
    authorBio: t.exposeString("authorBio"),
    about: t.exposeString("about"),
    audience: t.exposeString("audience", { description: "Who the microbook is for." }),
    readingMinutes: t.exposeInt("readingMinutes"),
    wordCount: t.exposeInt("wordCount"),
    keyIdeaCount: t.exposeInt("keyIdeaCount"),
    coverUrl: t.string({
      description: "The edition's cover: a 450×675 WebP image (2:3), in the edition's language.",
      // By the microbook's id, which the edition row holds: no join back to Microbook for its slug.
      select: { language: true },
      resolve: (edition) => coverImagePath(edition.microbookId, edition.language),
    }),
    coverSrcSet: t.string({
      description:
        "The same cover 150, 300 and 450 px wide, as an image's `srcset` (width descriptors): a screen fetches the one its size and density need.",
      select: { language: true },
      resolve: (edition) => coverSrcSet(edition.microbookId, edition.language),
    }),
    access: t.field({
      type: ReadAccessEnum,
      description: "What this reader may do with the edition; `content` is null when LOCKED.",
      resolve: (edition, _args, ctx) => ctx.access.level(edition.microbookId),
    }),
    keyIdeas: t.relation("keyIdeas", { description: "Key-idea titles, in order.", query: { orderBy: { position: "asc" } } }),
  }),
});

export const Microbook = builder.prismaNode("Microbook", {
  description: "A work in the catalogue, the same in every language it is published in.",
  id: { field: "id" },
  // An unknown id answers null, not an error.
  nullable: true,
  select: {},
  fields: (t) => ({
    slug: t.exposeString("slug", { description: "The address of its page: /microbook/{slug}." }),
    publishedYear: t.exposeInt("publishedYear", { nullable: true, description: "Negative before the common era." }),
    author: t.relation("author"),
    category: t.relation("category"),
    languages: t.field({
      type: [LanguageEnum],
      description: "Languages it is published in.",
      select: { languages: true },
      resolve: (book) => book.languages,
    }),
    edition: t.field({
      type: MicrobookEdition,
      nullable: true,
      description: "The edition in `language` if published, else in the reader's next best language.",
      args: { language: t.arg({ type: LanguageEnum, required: false }) },
      // Only the edition the reader will see is read (with whatever its fields select, the text included
      // for a premium reader): the first language of the order the book is published in.
      select: (args, ctx, nestedSelection) => ({
        editions: nestedSelection({
          where: bestEditionWhere(languageOrder(ctx, args.language)),
          select: { language: true, microbookId: true },
        }),
      }),
      // One row: the select chose it (a list filtered to a language chose that one: withEditionsIn).
      resolve: (book, args, ctx) => pickByLanguage(book.editions, languageOrder(ctx, args.language)) ?? null,
    }),
    isFreeToday: t.boolean({
      select: { id: true },
      resolve: async (book, _args, ctx) => (await ctx.loaders.freeTodayId()) === book.id,
    }),
  }),
});

// Defined after Microbook: the field returns Microbooks itself.
builder.prismaObjectFields("Microbook", (t) => ({
  similar: t.field({
    type: [Microbook],
    description: "Works a reader of this one tends to enjoy, most similar first.",
    select: (_args, _ctx, nestedSelection) => ({
      similar: { orderBy: { position: "asc" }, take: 6, select: { similar: nestedSelection() } },
    }),
    resolve: (book) => book.similar.map((s) => s.similar),
  }),
}));
