import { builder } from "../../builder.js";
import type { Context } from "../../context.js";
import { pageSizeAtMost } from "../../schema/pagination.js";
import { languageOrder, pickByLanguage } from "../catalog/catalog.schema.js";
import type { CatalogueStats } from "./catalogue-stats.js";

// What the upgrade modal shows a visitor or free reader: numbers computed from the catalogue, and
// testimonials and FAQ entries that are content in the database (prisma/seed/catalog/upgrade.yaml).

/** An FAQ answer with the catalogue's numbers in place of {microbooks}, {categories}, {languages}, {narrated}. */
export function fillNumbers(text: string, stats: CatalogueStats): string {
  return text.replace(/\{(microbooks|categories|languages|narrated)\}/g, (_, name: keyof CatalogueStats) => String(stats[name]));
}

const CatalogueStatsRef = builder.objectRef<CatalogueStats>("CatalogueStats").implement({
  description: "The catalogue's own numbers, for marketing copy that must be true.",
  fields: (t) => ({
    microbooks: t.exposeInt("microbooks", { description: "Published microbooks." }),
    categories: t.exposeInt("categories", { description: "Categories holding at least one microbook." }),
    languages: t.exposeInt("languages", { description: "Languages with at least one edition." }),
    narrated: t.exposeInt("narrated", { description: "Narrated editions." }),
  }),
});

const inLocale = <S extends Record<string, true>>(ctx: Context, select: S) => ({
  where: { language: { in: languageOrder(ctx, ctx.locale).slice(0, 2) } },
  select: { language: true as const, ...select },
});
const TESTIMONIAL_TEXTS = { quote: true, source: true } as const;
const FAQ_TEXTS = { question: true, answer: true } as const;

builder.prismaObject("Testimonial", {
  description: "A quotation about reading, attributed (public domain until real readers' words exist).",
  select: {},
  fields: (t) => ({
    author: t.exposeString("author"),
    quote: t.string({
      select: (_args, ctx) => ({ translations: inLocale(ctx, TESTIMONIAL_TEXTS) }),
      resolve: (row, _args, ctx) => pickByLanguage(row.translations, languageOrder(ctx, ctx.locale))?.quote ?? "",
    }),
    source: t.string({
      description: "The work it is from, with its date (and who translated it).",
      select: (_args, ctx) => ({ translations: inLocale(ctx, TESTIMONIAL_TEXTS) }),
      resolve: (row, _args, ctx) => pickByLanguage(row.translations, languageOrder(ctx, ctx.locale))?.source ?? "",
    }),
  }),
});

builder.prismaObject("FaqEntry", {
  description: "A question and answer of the upgrade FAQ, in the interface language.",
  select: {},
  fields: (t) => ({
    question: t.string({
      select: (_args, ctx) => ({ translations: inLocale(ctx, FAQ_TEXTS) }),
      resolve: (row, _args, ctx) => pickByLanguage(row.translations, languageOrder(ctx, ctx.locale))?.question ?? "",
    }),
    answer: t.string({
      description: "With the catalogue's own numbers filled in.",
      select: (_args, ctx) => ({ translations: inLocale(ctx, FAQ_TEXTS) }),
      resolve: async (row, _args, ctx) =>
        fillNumbers(pickByLanguage(row.translations, languageOrder(ctx, ctx.locale))?.answer ?? "", await ctx.loaders.catalogueStats()),
    }),
  }),
});

builder.queryFields((t) => ({
  catalogueStats: t.field({
    type: CatalogueStatsRef,
    description: "How many microbooks, categories, languages and narrations the catalogue has.",
    authScopes: { public: true },
    resolve: (_root, _args, ctx) => ctx.loaders.catalogueStats(),
  }),
  testimonials: t.prismaConnection({
    type: "Testimonial",
    cursor: "id",
    description: "The upgrade modal's testimonials, in order.",
    authScopes: { public: true },
    maxSize: pageSizeAtMost(20),
    defaultSize: 6,
    resolve: (query, _root, _args, ctx) => ctx.prisma.testimonial.findMany({ ...query, orderBy: [{ position: "asc" }, { id: "asc" }] }),
  }),
  faq: t.prismaConnection({
    type: "FaqEntry",
    cursor: "id",
    description: "The upgrade modal's questions and answers, in order.",
    authScopes: { public: true },
    maxSize: pageSizeAtMost(20),
    defaultSize: 10,
    resolve: (query, _root, _args, ctx) => ctx.prisma.faqEntry.findMany({ ...query, orderBy: [{ position: "asc" }, { id: "asc" }] }),
  }),
}));
