import { z } from "zod";
import { builder } from "../../builder.js";
import { InputValidationError } from "../../schema/errors.js";
import { LanguageEnum, Microbook } from "../catalog/catalog.schema.js";
import { MicrobookLockedError } from "../access/access.errors.js";
import { MicrobookNotFoundError } from "./library.errors.js";
import { ReadingStatusEnum } from "./reading-state.schema.js";
import { saveReadingPosition, type SaveOutcome, type StoredPosition } from "./reading-position.service.js";

const ReadingMediumEnum = builder.enumType("ReadingMedium", {
  description: "What moved a reading position: the text reader or the audio player (one position for both).",
  values: {
    TEXT: { description: "The reading view (key idea and how far through its text)." },
    AUDIO: { description: "The narration (seconds into the track)." },
  } as const,
});

const SaveOutcomeEnum = builder.enumType("ReadingPositionSaveOutcome", {
  values: {
    APPLIED: { description: "The save is the reader's position now." },
    STALE: {
      description:
        "Refused: another session (a newer tab or device) owns the position and this save was not deliberate. `position` is the current one: offer to continue there, or save again with `deliberate: true` to stay.",
    },
    OUT_OF_ORDER: { description: "Ignored: this session already saved a later sequence (a retry or an overtaken beacon)." },
  } as const,
});

type PositionOfBook = StoredPosition & { microbookId: string };

export const ReadingPosition = builder.objectRef<PositionOfBook>("ReadingPosition").implement({
  description:
    "Where the signed-in reader is in a microbook, text and audio alike, as last saved on any device (the server's time). Private to the reader.",
  fields: (t) => ({
    id: t.id({
      description: "Stable per microbook (one position per reader and book), so clients' caches update it in place.",
      resolve: (p) => `ReadingPosition:${p.microbookId}`,
    }),
    language: t.expose("language", { type: LanguageEnum, description: "The edition it was saved in." }),
    medium: t.expose("medium", { type: ReadingMediumEnum }),
    keyIdea: t.exposeInt("keyIdea", { description: "0-based position of the key idea (the chapter)." }),
    keyIdeaOffset: t.exposeFloat("keyIdeaOffset", { description: "0 to 1 through that key idea's text." }),
    audioSeconds: t.exposeFloat("audioSeconds", {
      nullable: true,
      description: "Seconds into the narration (its last saved place); null when never listened or not narrated.",
    }),
    progress: t.exposeFloat("progress", { description: "0 to 1 through the whole microbook." }),
    finished: t.exposeBoolean("finished", { description: "The end was reached." }),
    deviceId: t.exposeString("deviceId", { description: "The device that saved it (the client's own random id)." }),
    sessionId: t.exposeString("sessionId", { description: "The reading or playback session that saved it." }),
    sequence: t.exposeInt("sequence"),
    savedAt: t.expose("savedAt", { type: "DateTime", description: "When the server saved it." }),
  }),
});

builder.prismaObjectFields("Microbook", (t) => ({
  viewerPosition: t.field({
    type: ReadingPosition,
    nullable: true,
    description:
      "The signed-in reader's reading position in this microbook (text or audio); null for a visitor or before any save. Selected with the microbook (one statement).",
    select: (_args, ctx) => (ctx.viewer ? { readingPositions: { where: { userId: ctx.viewer.id }, take: 1 } } : { id: true }),
    resolve: (book) => {
      const row = (book as { readingPositions?: StoredPosition[] }).readingPositions?.[0];
      return row ? { ...row, microbookId: book.id } : null;
    },
  }),
}));

type Saved = {
  outcome: SaveOutcome;
  position: PositionOfBook;
  state: { status: "NONE" | "READING" | "READ"; progress: number } | null;
  markedRead: boolean;
};

const ReadingPositionSaved = builder.objectRef<Saved>("ReadingPositionSaved").implement({
  description: "What a position save did, and the position now (the save's, or the one that refused it).",
  fields: (t) => ({
    outcome: t.field({ type: SaveOutcomeEnum, resolve: (s) => s.outcome }),
    position: t.field({ type: ReadingPosition, resolve: (s) => s.position }),
    status: t.field({
      type: ReadingStatusEnum,
      nullable: true,
      description: "The book's reading status after an applied save (null when nothing was applied).",
      resolve: (s) => s.state?.status ?? null,
    }),
    progress: t.float({
      nullable: true,
      description: "How far the reader has got in the book (MicrobookViewerState.progress) after an applied save.",
      resolve: (s) => s.state?.progress ?? null,
    }),
    markedRead: t.boolean({ description: "This save reached the end and marked the book read.", resolve: (s) => s.markedRead }),
  }),
});

const ResumedPosition = builder.inputType("ResumedPosition", {
  description: "The saved position a start resumes, as the client read it (its savedAt; null when it read none).",
  fields: (t) => ({
    savedAt: t.field({ type: "DateTime", required: false, description: "The position's savedAt; null: there was none." }),
  }),
});

const clientId = z.string().min(8, { message: "TOO_SHORT" }).max(64, { message: "TOO_LONG" });

builder.mutationField("saveReadingPosition", (t) =>
  t.withAuth({ signedIn: true }).field({
    type: ReadingPositionSaved,
    description:
      "Saves where the reader is (text or audio) in one statement, stamped with the server's time. Within a session the highest `sequence` wins (backwards too: a rewind syncs); another session's save moves the position only when `deliberate` (opened and resumed, a chapter jump, a seek, \"continue here\"), else the answer is STALE with the current position. Clamped to the edition; reaching the end marks the book read once. Only for a microbook the reader may read. Supersedes startReading.",
    errors: { types: [InputValidationError, MicrobookNotFoundError, MicrobookLockedError] },
    args: {
      microbookId: t.arg.globalID({ required: true, for: Microbook, description: "The microbook's id (Microbook.id)." }),
      language: t.arg({ type: LanguageEnum, required: true, description: "The edition being read or heard." }),
      medium: t.arg({ type: ReadingMediumEnum, required: true }),
      keyIdea: t.arg.int({ required: true, description: "0-based key idea (clamped to the edition's)." }),
      keyIdeaOffset: t.arg.float({ required: true, description: "0 to 1 through the key idea's text (clamped)." }),
      audioSeconds: t.arg.float({ required: false, description: "Seconds into the narration (clamped to the track)." }),
      deviceId: t.arg.string({ required: true, description: "A random id the client keeps per device (8 to 64 characters)." }),
      sessionId: t.arg.string({ required: true, description: "A random id per reading or playback session (8 to 64 characters)." }),
      sequence: t.arg.int({ required: true, description: "Increases with each save of the session (from 1)." }),
      deliberate: t.arg.boolean({
        required: false,
        description: "The reader chose this place (resume on open, chapter jump, seek, continue here): it takes the position over.",
      }),
      resumes: t.arg({
        type: ResumedPosition,
        required: false,
        description:
          "This save starts a session at the saved place the client read (a queue going on, Listen resuming), not a place the reader chose: it takes the position over only while the position is still that one, else the answer is STALE and nothing moves.",
      }),
    },
    validate: z.object({
      microbookId: z.unknown(),
      language: z.unknown(),
      medium: z.unknown(),
      keyIdea: z.number().int(),
      keyIdeaOffset: z.number().refine(Number.isFinite, { message: "OUT_OF_RANGE" }),
      audioSeconds: z.number().refine(Number.isFinite, { message: "OUT_OF_RANGE" }).nullish(),
      deviceId: clientId,
      sessionId: clientId,
      sequence: z.number().int().min(1, { message: "OUT_OF_RANGE" }),
      deliberate: z.boolean().nullish(),
      resumes: z.unknown().optional(),
    }),
    resolve: async (_root, args, ctx) => {
      const microbookId = args.microbookId.id;
      // The policy, without a statement for a premium reader (nor for the day's free book once known).
      if (!(await ctx.access.decide("read", microbookId)).allowed) throw new MicrobookLockedError();
      const mayMarkRead = (await ctx.access.decide("markRead", microbookId, { started: true })).allowed;
      const result = await saveReadingPosition(ctx.prisma, {
        userId: ctx.viewer.id,
        microbookId,
        language: args.language,
        medium: args.medium,
        keyIdea: args.keyIdea,
        keyIdeaOffset: args.keyIdeaOffset,
        audioSeconds: args.audioSeconds ?? null,
        deviceId: args.deviceId,
        sessionId: args.sessionId,
        sequence: args.sequence,
        deliberate: args.deliberate ?? false,
        ...(args.resumes ? { resumes: { savedAt: args.resumes.savedAt ?? null } } : {}),
        mayMarkRead,
        now: ctx.now,
      });
      if (!result.found) throw new MicrobookNotFoundError();
      return { ...result, position: { ...result.position, microbookId } };
    },
  }),
);
