import { builder } from "../../../builder.js";
import { audioUrlExpiry } from "../catalog.policy.js";

type Chapter = { title: string; startSeconds: number };

const AudioChapter = builder.objectRef<Chapter>("AudioChapter").implement({
  description: "A chapter of the narration: the introduction, then one per key idea.",
  fields: (t) => ({
    title: t.exposeString("title"),
    startSeconds: t.exposeFloat("startSeconds"),
  }),
});

builder.prismaObject("AudioTrack", {
  name: "Audio",
  description: "The narration of a microbook edition. Its length and chapters are public; its URL only for listeners with access.",
  select: { id: true },
  fields: (t) => ({
    durationSeconds: t.exposeFloat("durationSeconds"),
    mimeType: t.exposeString("mimeType"),
    chapters: t.field({
      type: [AudioChapter],
      select: { chapters: true },
      resolve: (track) => track.chapters as Chapter[],
    }),
    url: t.string({
      nullable: true,
      description: "A signed URL that plays with range requests until it expires (hours); null unless the reader may listen.",
      select: { fileName: true, edition: { select: { microbookId: true } } },
      resolve: async (track, _args, ctx) => {
        const expiresAt = audioUrlExpiry(await ctx.loaders.accessTo(track.edition.microbookId), ctx.now);
        return expiresAt ? ctx.mediaUrls.audioUrl(track.fileName, expiresAt) : null;
      },
    }),
  }),
});

builder.prismaObjectFields("MicrobookEdition", (t) => ({
  audio: t.relation("audio", { nullable: true, description: "Null when this edition is not narrated." }),
}));
