import { builder } from "../../builder.js";
import type { Context } from "../../context.js";
import { noRow, pageSizeAtMost } from "../../schema/pagination.js";
import type { Language } from "../../generated/prisma/enums.js";
import { LanguageEnum, Microbook, languageOrder, pickByLanguage } from "../catalog/catalog.schema.js";
import { serviceDay, weekStart } from "../catalog/service-time.js";
import { countPublishedIn, microbooksInOrder, type MicrobookSort } from "./microbook-lists.js";
import { queryFromConnection, resolvePage, type PageArgs } from "./paging.js";

export const MicrobookSortEnum = builder.enumType("MicrobookSort", {
  description: "Orders of microbook lists. A read is a reader starting a microbook; each reader counts once per microbook.",
  values: {
    TRENDING: { description: "Most read in the last 7 days, then most read ever, then newest." },
    POPULAR: { description: "Most read ever, then newest." },
    NEWEST: { description: "Latest added first." },
    TITLE: { description: "A–Z by title in the reader's language, ignoring case and accents." },
  } as const satisfies Record<MicrobookSort, unknown>,
});

const LIST_SIZES = { defaultSize: 20, maxSize: 50 };

type MicrobookPage = Awaited<ReturnType<typeof resolvePage<Awaited<ReturnType<typeof microbooksInOrder>>[number]>>> & {
  /** How many microbooks the whole list holds (read only when asked for). */
  total: () => Promise<number>;
};

export const MicrobookConnection = builder.connectionObject({ type: Microbook, name: "MicrobookConnection" }, { name: "MicrobookEdge" });
builder.objectFields(MicrobookConnection, (t) => ({
  totalCount: t.int({
    description: "How many microbooks the whole list holds: with `first`, it gives the number of pages.",
    resolve: (connection) => (connection as unknown as MicrobookPage).total(),
  }),
}));

/** One page of a microbook list: ids in order (one statement), then the books as asked (one more). */
async function microbookPage(
  ctx: Context,
  info: Parameters<typeof microbooksInOrder>[1],
  args: PageArgs & { sort: MicrobookSort; language?: Language | null },
  options: { categoryId?: string; total: () => Promise<number> },
): Promise<MicrobookPage> {
  const language = args.language ?? null;
  const page = await resolvePage(args, LIST_SIZES, async ({ offset, limit }) => {
    const ids = await ctx.loaders.rankedIds.load({
      sort: args.sort,
      categoryId: options.categoryId,
      publishedIn: language,
      // The titles the reader sees: the filter's language, else their content language and its fallbacks.
      languages: languageOrder(ctx, language),
      offset,
      limit,
    });
    // A list filtered to a language selects each book's edition in it.
    return microbooksInOrder(ctx, info, ids, language);
  });
  // Filtered, the stored counts do not apply: counted (only when asked for) over the languages column.
  const total = language ? () => countPublishedIn(ctx, language, options.categoryId) : options.total;
  return Object.assign(page, { total });
}

const languageArg = {
  type: LanguageEnum,
  required: false,
  description: "Only microbooks published in this language, each shown in it. Default: all, in the reader's content language.",
} as const;

/** Every published microbook: the sum of the categories' stored counts (a few rows, no COUNT over books). */
async function publishedCount(ctx: Context): Promise<number> {
  const { _sum } = await ctx.prisma.category.aggregate({ _sum: { microbookCount: true } });
  return _sum.microbookCount ?? 0;
}

builder.queryFields((t) => ({
  microbooks: t.connection(
    {
      type: Microbook,
      description: "Every published microbook, in the order asked for (the /trending and /latest listings).",
      authScopes: { public: true },
      args: {
        sort: t.arg({ type: MicrobookSortEnum, required: true, defaultValue: "NEWEST" }),
        language: t.arg(languageArg),
        page: t.arg.int({ required: false, description: "1-based page of `first` microbooks (a ?page=N address); not with `after`." }),
      },
      resolve: (_root, args, ctx, info) => microbookPage(ctx, info, args, { total: () => publishedCount(ctx) }),
    },
    MicrobookConnection,
  ),
}));

builder.prismaObjectFields("Category", (t) => ({
  microbooks: t.connection(
    {
      type: Microbook,
      description: "The category's published microbooks, in the order asked for.",
      select: { id: true, microbookCount: true },
      args: {
        sort: t.arg({ type: MicrobookSortEnum, required: true, defaultValue: "POPULAR" }),
        language: t.arg(languageArg),
        page: t.arg.int({ required: false, description: "1-based page of `first` microbooks (a ?page=N address); not with `after`." }),
      },
      resolve: (category, args, ctx, info) =>
        microbookPage(ctx, info, args, { categoryId: category.id, total: async () => category.microbookCount }),
    },
    MicrobookConnection,
  ),
}));

// ---------------------------------------------------------------- originals and playlists

/** A translation table's rows in the interface language and its first fallback; `pickByLanguage` chooses. */
function inLocale<S extends Record<string, true>>(ctx: Context, select: S) {
  return { where: { language: { in: languageOrder(ctx, ctx.locale).slice(0, 2) } }, select: { language: true as const, ...select } };
}
const best = <T extends { language: Context["locale"] }>(rows: T[], ctx: Context) => pickByLanguage(rows, languageOrder(ctx, ctx.locale));

const ORIGINAL_TEXTS = { title: true, specialistRole: true, introduction: true } as const;

export const OriginalStep = builder.prismaObject("OriginalStep", {
  description: "One step of a learning path: a microbook, and the specialist's text on why and how to read it.",
  select: {},
  fields: (t) => ({
    position: t.exposeInt("position", { description: "From 0, in reading order." }),
    text: t.string({
      select: (_args, ctx) => ({ translations: inLocale(ctx, { text: true }) }),
      resolve: (step, _args, ctx) => best(step.translations, ctx)?.text ?? "",
    }),
    microbook: t.relation("microbook"),
  }),
});

export const Original = builder.prismaNode("Original", {
  description: "A learning path made with a specialist: microbooks to read in order, with the specialist's texts.",
  id: { field: "id" },
  nullable: true,
  select: {},
  fields: (t) => ({
    slug: t.exposeString("slug", { description: "The address of its page: /originals/{slug}." }),
    specialistName: t.exposeString("specialistName"),
    specialistRole: t.string({
      select: (_args, ctx) => ({ translations: inLocale(ctx, ORIGINAL_TEXTS) }),
      resolve: (original, _args, ctx) => best(original.translations, ctx)?.specialistRole ?? "",
    }),
    title: t.string({
      select: (_args, ctx) => ({ slug: true, translations: inLocale(ctx, ORIGINAL_TEXTS) }),
      resolve: (original, _args, ctx) => best(original.translations, ctx)?.title ?? original.slug,
    }),
    introduction: t.string({
      select: (_args, ctx) => ({ translations: inLocale(ctx, ORIGINAL_TEXTS) }),
      resolve: (original, _args, ctx) => best(original.translations, ctx)?.introduction ?? "",
    }),
    stepCount: t.relationCount("steps"),
    steps: t.relatedConnection("steps", {
      description: "The path's steps in reading order.",
      cursor: "id",
      query: { orderBy: { position: "asc" } },
      maxSize: pageSizeAtMost(50),
      defaultSize: 20,
    }),
  }),
});

const PLAYLIST_TEXTS = { title: true, description: true } as const;

export const PlaylistItem = builder.prismaObject("PlaylistItem", {
  select: {},
  fields: (t) => ({
    position: t.exposeInt("position", { description: "From 0, in listening order." }),
    microbook: t.relation("microbook"),
  }),
});

/** Monday of the current week in the service's time zone. */
const thisWeek = (ctx: Context) => weekStart(serviceDay(ctx.now, ctx.timeZone));

export const Playlist = builder.prismaNode("Playlist", {
  description: "A weekly selection of microbooks, in listening order.",
  id: { field: "id" },
  nullable: true,
  select: {},
  fields: (t) => ({
    slug: t.exposeString("slug", { description: "The address of its page: /playlists/{slug}." }),
    week: t.exposeString("week", { description: "ISO week, e.g. 2026-W47." }),
    weekStart: t.string({
      description: "Monday of its week, YYYY-MM-DD.",
      select: { weekStart: true },
      resolve: (playlist) => playlist.weekStart.toISOString().slice(0, 10),
    }),
    isThisWeek: t.boolean({
      description: "Whether it is this week's (the service's calendar).",
      select: { weekStart: true },
      resolve: (playlist, _args, ctx) => playlist.weekStart.getTime() === thisWeek(ctx).getTime(),
    }),
    title: t.string({
      select: (_args, ctx) => ({ slug: true, translations: inLocale(ctx, PLAYLIST_TEXTS) }),
      resolve: (playlist, _args, ctx) => best(playlist.translations, ctx)?.title ?? playlist.slug,
    }),
    description: t.string({
      select: (_args, ctx) => ({ translations: inLocale(ctx, PLAYLIST_TEXTS) }),
      resolve: (playlist, _args, ctx) => best(playlist.translations, ctx)?.description ?? "",
    }),
    itemCount: t.relationCount("items"),
    items: t.relatedConnection("items", {
      description: "Its microbooks in listening order.",
      cursor: "playlistId_position",
      query: { orderBy: { position: "asc" } },
      maxSize: pageSizeAtMost(50),
      defaultSize: 20,
    }),
  }),
});

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const pageDescription = "1-based page of `first` items (a ?page=N address); not with `after`.";

builder.queryFields((t) => ({
  originals: t.connection({
    type: Original,
    description: "Every learning path, in catalogue order.",
    authScopes: { public: true },
    args: { page: t.arg.int({ required: false, description: pageDescription }) },
    resolve: (_root, args, ctx, info) =>
      resolvePage(args, LIST_SIZES, ({ offset, limit }) =>
        ctx.prisma.original.findMany({
          ...queryFromConnection(ctx, info, "Original"),
          orderBy: [{ position: "asc" }, { slug: "asc" }],
          skip: offset,
          take: limit,
        }),
      ),
  }),
  original: t.prismaField({
    type: "Original",
    nullable: true,
    description: "A learning path by its slug; null when there is none.",
    authScopes: { public: true },
    args: { slug: t.arg.string({ required: true }) },
    resolve: (query, _root, args, ctx) =>
      SLUG.test(args.slug) ? ctx.prisma.original.findUnique({ ...query, where: { slug: args.slug } }) : noRow(query),
  }),
  playlists: t.connection({
    type: Playlist,
    description: "The weekly playlists: this week's first, then earlier weeks (a later week's is not out yet).",
    authScopes: { public: true },
    args: { page: t.arg.int({ required: false, description: pageDescription }) },
    resolve: (_root, args, ctx, info) =>
      resolvePage(args, LIST_SIZES, ({ offset, limit }) =>
        ctx.prisma.playlist.findMany({
          ...queryFromConnection(ctx, info, "Playlist"),
          where: { weekStart: { lte: thisWeek(ctx) } },
          orderBy: [{ weekStart: "desc" }, { slug: "asc" }],
          skip: offset,
          take: limit,
        }),
      ),
  }),
  playlist: t.prismaField({
    type: "Playlist",
    nullable: true,
    description: "A playlist by its slug; null when there is none (or its week has not begun).",
    authScopes: { public: true },
    args: { slug: t.arg.string({ required: true }) },
    resolve: (query, _root, args, ctx) =>
      SLUG.test(args.slug)
        ? ctx.prisma.playlist.findFirst({ ...query, where: { slug: args.slug, weekStart: { lte: thisWeek(ctx) } } })
        : noRow(query),
  }),
}));
