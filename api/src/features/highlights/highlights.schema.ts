import { routePath } from "@brevia/routes";
import { z } from "zod";
import { builder, type SignedInContext } from "../../builder.js";
import { InputValidationError } from "../../schema/errors.js";
import { pageSizeAtMost } from "../../schema/pagination.js";
import { MicrobookLockedError } from "../access/access.errors.js";
import { LanguageEnum, MicrobookEdition } from "../catalog/catalog.schema.js";
import { MicrobookNotFoundError } from "../library/library.errors.js";
import { HighlightNotFoundError } from "./highlights.errors.js";
import { anchorSelection, cleanNote, editionWithText, MAX_NOTE_LENGTH, MAX_QUOTE_LENGTH, newShareId } from "./highlights.service.js";
import { quoteCardText } from "./quote-card.js";

export const HighlightColourEnum = builder.enumType("HighlightColour", {
  description: "The colours a reader highlights in.",
  values: ["YELLOW", "GREEN", "BLUE", "PINK"] as const,
});

export const Highlight = builder.prismaNode("Highlight", {
  description:
    "A passage the signed-in reader highlighted, with their note. Only its owner ever gets it (another reader's id answers null). " +
    "It holds the quote the reader made (theirs to keep and export), never the text around it.",
  id: { field: "id" },
  nullable: true,
  // node(id) finds only the viewer's own highlights.
  findUnique: (id, ctx) => ({ id, userId: ctx.viewer?.id ?? "" }),
  fields: (t) => ({
    colour: t.expose("colour", { type: HighlightColourEnum }),
    note: t.exposeString("note", { nullable: true }),
    quote: t.exposeString("quote", { description: "The highlighted text (the corrected text after a re-anchoring)." }),
    language: t.expose("language", { type: LanguageEnum }),
    keyIdeaPosition: t.exposeInt("keyIdeaPosition", {
      nullable: true,
      description: "The 0-based key idea it is in; null for the introduction.",
    }),
    startOffset: t.exposeInt("startOffset", {
      description: "Where the quote starts in its key idea's text (paragraphs joined by a blank line, no emphasis markers).",
    }),
    endOffset: t.exposeInt("endOffset", { description: "Where the quote ends (exclusive)." }),
    detached: t.boolean({
      description:
        "The catalogue's text changed and the quote could not be placed in it again: shown with its original quote, not in the text.",
      select: { detachedAt: true, editionId: true },
      resolve: (h) => h.detachedAt !== null || h.editionId === null,
    }),
    sharePath: t.string({
      nullable: true,
      description: "The unprefixed path of its public quote card (/quote/{id}) once shared; null until then.",
      select: { shareId: true },
      resolve: (h) => (h.shareId ? routePath("quote", { id: h.shareId }) : null),
    }),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
    updatedAt: t.expose("updatedAt", { type: "DateTime" }),
    microbook: t.relation("microbook"),
    edition: t.relation("edition", { nullable: true, description: "The edition it was made in; null once that language is withdrawn." }),
  }),
});

/** What anyone may see of a shared highlight: at most QUOTE_CARD_LENGTH characters of the quote, and the book. */
export const QuoteCard = builder.prismaObject("Highlight", {
  variant: "QuoteCard",
  description: "A highlight its reader shared: the quote (at most about 300 characters, never the text around it) and its book. Public.",
  fields: (t) => ({
    id: t.string({ description: "Its address: /quote/{id}.", select: { shareId: true }, resolve: (h) => h.shareId ?? "" }),
    quote: t.string({ select: { quote: true }, resolve: (h) => quoteCardText(h.quote).text }),
    truncated: t.boolean({
      description: "The reader's highlight is longer than the card shows.",
      select: { quote: true },
      resolve: (h) => quoteCardText(h.quote).truncated,
    }),
    colour: t.expose("colour", { type: HighlightColourEnum }),
    language: t.expose("language", { type: LanguageEnum }),
    microbook: t.relation("microbook"),
  }),
});

const HIGHLIGHT_ORDER = [{ createdAt: "desc" }, { id: "desc" }] as const;

builder.prismaObjectFields("User", (t) => ({
  highlights: t.relatedConnection("highlights", {
    description:
      "The reader's highlights across their library, newest first; `search` matches the quote, the note, the book's title or its author. Private to the reader.",
    cursor: "id",
    maxSize: pageSizeAtMost(100),
    defaultSize: 30,
    totalCount: true,
    args: { search: t.arg.string({ required: false, description: "Words to find (case and accents as typed)." }) },
    query: (args, ctx) => {
      const search = args.search?.trim().slice(0, 200);
      const contains = { contains: search ?? "", mode: "insensitive" } as const;
      return {
        // Only ever the signed-in reader's own (User is only reachable as the viewer; say it here too).
        where: {
          userId: ctx.viewer?.id ?? "",
          ...(search
            ? {
                OR: [
                  { quote: contains },
                  { note: contains },
                  { edition: { title: contains } },
                  { microbook: { author: { name: contains } } },
                ],
              }
            : {}),
        },
        orderBy: [...HIGHLIGHT_ORDER],
      };
    },
  }),
}));

builder.prismaObjectFields("Microbook", (t) => ({
  viewerHighlights: t.relation("highlights", {
    description: "The signed-in reader's highlights in this microbook, in reading order; empty for a visitor.",
    query: (_args, ctx) => ({
      where: { userId: ctx.viewer?.id ?? "" },
      orderBy: [{ keyIdeaPosition: { sort: "asc", nulls: "first" } }, { startOffset: "asc" }, { createdAt: "asc" }],
    }),
  }),
}));

builder.queryFields((t) => ({
  quoteCard: t.prismaField({
    type: QuoteCard,
    nullable: true,
    authScopes: { public: true },
    description:
      "A shared highlight's public card by its id (the random id in its /quote/{id} address); null when unknown or no longer shared.",
    args: { id: t.arg.string({ required: true }) },
    resolve: (query, _root, args, ctx) =>
      /^[A-Za-z0-9_-]{10,64}$/.test(args.id) ? ctx.prisma.highlight.findUnique({ ...query, where: { shareId: args.id } }) : null,
  }),
}));

const selection = {
  keyIdeaPosition: z.number().int().min(0, { message: "OUT_OF_RANGE" }).nullish(),
  startOffset: z.number().int().min(0, { message: "OUT_OF_RANGE" }),
  quote: z
    .string()
    .refine((quote) => quote.trim().length > 0, { message: "REQUIRED" })
    .refine((quote) => quote.length <= MAX_QUOTE_LENGTH, { message: "TOO_LONG" }),
  note: z.string().max(MAX_NOTE_LENGTH, { message: "TOO_LONG" }).nullish(),
};

/** The viewer's own highlight by id, or HighlightNotFoundError. */
async function ownHighlight(ctx: SignedInContext, id: string) {
  const found = await ctx.prisma.highlight.findFirst({ where: { id, userId: ctx.viewer.id }, select: { id: true } });
  if (!found) throw new HighlightNotFoundError();
  return found;
}

const DeletedHighlight = builder.objectRef<{ id: string }>("DeletedHighlight").implement({
  description: "The highlight was deleted; its id, for the client's cache.",
  fields: (t) => ({ id: t.exposeID("id", { description: "The deleted highlight's (global) id." }) }),
});

builder.mutationFields((t) => ({
  createHighlight: t.withAuth({ signedIn: true }).prismaField({
    type: Highlight,
    description:
      "Highlights a passage the reader selected in an edition they may read (the access policy's `highlight`), optionally with a note. " +
      "The quote must be in the named key idea's text (NOT_IN_TEXT otherwise); its context and place are taken from the server's text.",
    errors: { types: [InputValidationError, MicrobookNotFoundError, MicrobookLockedError] },
    args: {
      editionId: t.arg.globalID({ required: true, for: MicrobookEdition }),
      keyIdeaPosition: t.arg.int({ required: false, description: "The 0-based key idea; null or absent for the introduction." }),
      startOffset: t.arg.int({ required: true, description: "Where the selection starts in that key idea's text." }),
      quote: t.arg.string({ required: true, description: "The selected text, at most 2,000 characters." }),
      colour: t.arg({ type: HighlightColourEnum, required: false, defaultValue: "YELLOW" }),
      note: t.arg.string({ required: false, description: "At most 2,000 characters." }),
    },
    validate: z.object({ editionId: z.unknown(), colour: z.unknown().optional(), ...selection }),
    resolve: async (query, _root, args, ctx) => {
      const edition = await editionWithText(ctx.prisma, args.editionId.id);
      if (!edition) throw new MicrobookNotFoundError();
      await ctx.access.require("highlight", edition.microbookId);
      const anchor = anchorSelection(edition, {
        keyIdeaPosition: args.keyIdeaPosition ?? null,
        startOffset: args.startOffset,
        quote: args.quote,
      });
      return ctx.prisma.highlight.create({
        ...query,
        data: {
          ...anchor,
          userId: ctx.viewer.id,
          microbookId: edition.microbookId,
          editionId: edition.id,
          language: edition.language,
          colour: args.colour ?? "YELLOW",
          note: cleanNote(args.note),
        },
      });
    },
  }),
  updateHighlight: t.withAuth({ signedIn: true }).prismaField({
    type: Highlight,
    description: "Recolours a highlight or changes its note (an empty note removes it); what is not given stays.",
    errors: { types: [InputValidationError, HighlightNotFoundError] },
    args: {
      id: t.arg.globalID({ required: true, for: Highlight }),
      colour: t.arg({ type: HighlightColourEnum, required: false }),
      note: t.arg.string({ required: false, description: "At most 2,000 characters; empty or null removes the note." }),
    },
    validate: z.object({ id: z.unknown(), colour: z.unknown().optional(), note: selection.note }),
    resolve: async (query, _root, args, ctx) => {
      const { id } = await ownHighlight(ctx, args.id.id);
      return ctx.prisma.highlight.update({
        ...query,
        where: { id },
        data: { ...(args.colour ? { colour: args.colour } : {}), ...(args.note !== undefined ? { note: cleanNote(args.note) } : {}) },
      });
    },
  }),
  deleteHighlight: t.withAuth({ signedIn: true }).field({
    type: DeletedHighlight,
    description: "Deletes one of the reader's highlights (and its quote card, if shared).",
    errors: { types: [InputValidationError, HighlightNotFoundError] },
    args: { id: t.arg.globalID({ required: true, for: Highlight }) },
    validate: z.object({ id: z.unknown() }),
    resolve: async (_root, args, ctx) => {
      const { id } = await ownHighlight(ctx, args.id.id);
      await ctx.prisma.highlight.delete({ where: { id } });
      return { id: Buffer.from(`Highlight:${id}`).toString("base64") };
    },
  }),
  shareHighlight: t.withAuth({ signedIn: true }).prismaField({
    type: Highlight,
    description:
      "Makes a public quote card of the highlight (`sharePath`, a random address), or takes it down (`shared: false`). Idempotent: sharing again keeps the address.",
    errors: { types: [InputValidationError, HighlightNotFoundError] },
    args: { id: t.arg.globalID({ required: true, for: Highlight }), shared: t.arg.boolean({ required: false, defaultValue: true }) },
    validate: z.object({ id: z.unknown(), shared: z.unknown().optional() }),
    resolve: async (query, _root, args, ctx) => {
      const { id } = await ownHighlight(ctx, args.id.id);
      if (args.shared === false) return ctx.prisma.highlight.update({ ...query, where: { id }, data: { shareId: null } });
      // Only a highlight not shared yet gets an id: a retried share keeps the link already sent.
      await ctx.prisma.highlight.updateMany({ where: { id, shareId: null }, data: { shareId: newShareId() } });
      return ctx.prisma.highlight.findUniqueOrThrow({ ...query, where: { id } });
    },
  }),
}));
