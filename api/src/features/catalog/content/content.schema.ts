import { builder } from "../../../builder.js";
import type { Context } from "../../../context.js";
import "../catalog.schema.js";
import { EDITION_CONTENT_SELECT, type EditionContentRow } from "./content.loader.js";

/**
 * THE premium gate. Everything only an entitled reader may have (the text, the audio URL, and later
 * transcripts, EPUB, highlights) is a field of EditionContent, which the API hands out through one
 * field, MicrobookEdition.content, and only when the reader may read the edition: the content is
 * not even read from the database otherwise. A field added to EditionContent is gated without anyone
 * remembering; schema.test.ts fails if EditionContent or KeyIdeaText becomes reachable any other
 * way, and the type re-checks access itself should that ever happen.
 */
async function mayRead(edition: { microbookId: string }, ctx: Context): Promise<boolean> {
  return (await ctx.access.decide("read", edition.microbookId)).allowed;
}

type KeyIdeaTextShape = EditionContentRow["keyIdeas"][number];

const KeyIdeaText = builder.objectRef<KeyIdeaTextShape>("KeyIdeaText").implement({
  description: "A key idea with its text (only inside EditionContent).",
  fields: (t) => ({
    position: t.exposeInt("position"),
    title: t.exposeString("title"),
    body: t.exposeString("body"),
  }),
});

export const EditionContent = builder.objectRef<EditionContentRow>("EditionContent").implement({
  description: "What only a reader with access receives: the text and the audio URL of one edition.",
  // Defence in depth: should a path ever return this type without the gate, every field still refuses.
  authScopes: async (edition, ctx) => mayRead(edition, ctx),
  fields: (t) => ({
    introduction: t.exposeString("introduction"),
    keyIdeas: t.field({ type: [KeyIdeaText], description: "In order.", resolve: (edition) => edition.keyIdeas }),
    audioUrl: t.string({
      nullable: true,
      description: "A signed URL that plays with range requests until it expires (hours); null when the edition is not narrated.",
      resolve: async (edition, _args, ctx) => {
        if (!edition.audio) return null;
        const expiresAt = await ctx.access.audioUrlExpiry(edition.microbookId);
        return expiresAt ? ctx.mediaUrls.audioUrl(edition.audio.fileName, expiresAt) : null;
      },
    }),
    timingsUrl: t.string({
      nullable: true,
      description:
        "The narration's read-along timings: a signed URL like audioUrl's (same readers, same expiry) of a small JSON, " +
        "{ textVersion, sentences: [{ id, startMs, endMs, part, chapter, from, to }] } with offsets as highlights count " +
        "them, an empty list when the narration has none. A URL rather than a field: the page's query stays small, the " +
        "browser fetches the timings only when read-along starts and caches them (ETag). Null when not narrated.",
      resolve: async (edition, _args, ctx) => {
        if (!edition.audio) return null;
        const expiresAt = await ctx.access.audioUrlExpiry(edition.microbookId);
        return expiresAt ? ctx.mediaUrls.timingsUrl(edition.audio.fileName, expiresAt) : null;
      },
    }),
  }),
});

builder.prismaObjectFields("MicrobookEdition", (t) => ({
  content: t.field({
    type: EditionContent,
    nullable: true,
    description: "The edition's text and audio URL; null unless the reader may read it (see `access`).",
    // A reader who reads everything (the policy says) gets the content in the page's own statement; for
    // anyone else it is read (in one batch) only for the editions the gate opens.
    select: (_args, ctx) => (ctx.access.readsEverything ? EDITION_CONTENT_SELECT : { id: true, microbookId: true }),
    resolve: async (edition, _args, ctx) => {
      if (!(await mayRead(edition, ctx))) return null;
      // Same condition as `select`: only then does the parent carry the content columns.
      return ctx.access.readsEverything ? (edition as unknown as EditionContentRow) : ctx.loaders.editionContent.load(edition.id);
    },
  }),
}));
