import { builder } from "../../../builder.js";

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
  description: "The narration of a microbook edition: its length and chapters, public. Its URL is in MicrobookEdition.content.",
  select: {},
  fields: (t) => ({
    durationSeconds: t.exposeFloat("durationSeconds"),
    synthetic: t.exposeBoolean("synthetic", {
      description: "True when a synthetic voice reads (catalog:narrate); false for a person's recording. Players say which.",
    }),
    narratorName: t.exposeString("narratorName", {
      nullable: true,
      description: "Who reads a human narration; null for a synthetic voice.",
    }),
    mimeType: t.exposeString("mimeType"),
    chapters: t.field({
      type: [AudioChapter],
      select: { chapters: true },
      resolve: (track) => track.chapters as Chapter[],
    }),
  }),
});

builder.prismaObjectFields("MicrobookEdition", (t) => ({
  audio: t.relation("audio", { nullable: true, description: "Null when this edition is not narrated." }),
}));
