import { builder } from "../../builder.js";
import type { Context } from "../../context.js";
import type { Language } from "../../generated/prisma/enums.js";
import { canReadFullText } from "./catalog.policy.js";

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
function languageOrder(ctx: Context, wanted: Language | null | undefined): Language[] {
  return wanted ? [...new Set([wanted, ...ctx.contentLanguages])] : ctx.contentLanguages;
}

function pickByLanguage<T extends { language: Language }>(rows: T[], order: Language[]): T | undefined {
  for (const language of order) {
    const row = rows.find((r) => r.language === language);
    if (row) return row;
  }
  return undefined;
}

/** Select a translation table's rows in the request's languages; the resolver picks the best. */
const inLocale = (ctx: Context) => ({ where: { language: { in: [...new Set([ctx.locale, "en", "pt"] as Language[])] } } });

export const Category = builder.prismaNode("Category", {
  id: { field: "id" },
  fields: (t) => ({
    slug: t.exposeString("slug"),
    color: t.exposeString("color", { description: "Tile and cover colour; white text is legible on it." }),
    icon: t.exposeString("icon"),
    name: t.string({
      select: (_args, ctx) => ({ translations: inLocale(ctx) }),
      resolve: (category, _args, ctx) => pickByLanguage(category.translations, languageOrder(ctx, ctx.locale))?.name ?? category.slug,
    }),
    description: t.string({
      select: (_args, ctx) => ({ translations: inLocale(ctx) }),
      resolve: (category, _args, ctx) => pickByLanguage(category.translations, languageOrder(ctx, ctx.locale))?.description ?? "",
    }),
    microbooks: t.relatedConnection("microbooks", {
      cursor: "id",
      query: { orderBy: [{ createdAt: "desc" }, { id: "asc" }] },
      totalCount: true,
      maxSize: 50,
      defaultSize: 20,
    }),
  }),
});

export const Author = builder.prismaNode("Author", {
  id: { field: "id" },
  fields: (t) => ({
    slug: t.exposeString("slug"),
    name: t.exposeString("name"),
  }),
});

export const KeyIdea = builder.prismaObject("KeyIdea", {
  description: "A lesson of a microbook. Its title is public; its body only for readers with access.",
  select: { id: true },
  fields: (t) => ({
    position: t.exposeInt("position"),
    title: t.exposeString("title"),
    body: t.string({
      nullable: true,
      description: "Null unless the reader may read this microbook (see MicrobookEdition.access).",
      select: { body: true, edition: { select: { microbookId: true } } },
      resolve: async (idea, _args, ctx) => (canReadFullText(await ctx.loaders.accessTo(idea.edition.microbookId)) ? idea.body : null),
    }),
  }),
});

export const MicrobookEdition = builder.prismaNode("MicrobookEdition", {
  description: "A microbook in one language.",
  id: { field: "id" },
  fields: (t) => ({
    language: t.expose("language", { type: LanguageEnum }),
    title: t.exposeString("title"),
    subtitle: t.exposeString("subtitle"),
    authorBio: t.exposeString("authorBio"),
    about: t.exposeString("about"),
    audience: t.exposeString("audience", { description: "Who the microbook is for." }),
    readingMinutes: t.exposeInt("readingMinutes"),
    wordCount: t.exposeInt("wordCount"),
    coverUrl: t.string({
      select: { language: true, microbook: { select: { slug: true } } },
      resolve: (edition) => `/covers/${edition.microbook.slug}.${edition.language}.svg`,
    }),
    access: t.field({
      type: ReadAccessEnum,
      select: { microbookId: true },
      resolve: (edition, _args, ctx) => ctx.loaders.accessTo(edition.microbookId),
    }),
    introduction: t.string({
      nullable: true,
      description: "Null unless the reader may read this microbook.",
      select: { introduction: true, microbookId: true },
      resolve: async (edition, _args, ctx) =>
        canReadFullText(await ctx.loaders.accessTo(edition.microbookId)) ? edition.introduction : null,
    }),
    keyIdeaCount: t.relationCount("keyIdeas"),
    keyIdeas: t.relation("keyIdeas", { query: { orderBy: { position: "asc" } } }),
  }),
});

export const Microbook = builder.prismaNode("Microbook", {
  description: "A work in the catalogue, the same in every language it is published in.",
  id: { field: "id" },
  fields: (t) => ({
    slug: t.exposeString("slug", { description: "The address of its page: /microbook/{slug}." }),
    publishedYear: t.exposeInt("publishedYear", { nullable: true, description: "Negative before the common era." }),
    author: t.relation("author"),
    category: t.relation("category"),
    languages: t.field({
      type: [LanguageEnum],
      select: { editions: { select: { language: true } } },
      resolve: (book) => book.editions.map((e) => e.language),
    }),
    edition: t.field({
      type: MicrobookEdition,
      nullable: true,
      description: "The edition in `language` if published, else in the reader's next best language.",
      args: { language: t.arg({ type: LanguageEnum, required: false }) },
      // Every edition (three at most), unfiltered: the selection then merges with `languages` into one load.
      select: (_args, _ctx, nestedSelection) => ({ editions: nestedSelection() }),
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
