import { z } from "zod";
import { builder, type SignedInContext } from "../../builder.js";
import type { Context } from "../../context.js";
import { InputValidationError } from "../../schema/errors.js";
import { Microbook } from "../catalog/catalog.schema.js";
import { MicrobookLockedError } from "../access/access.errors.js";
import { MicrobookNotFoundError } from "./library.errors.js";
import { markRead, setFavourite, startReading } from "./reading-state.service.js";
import type { MicrobookAction } from "../access/access.policy.js";

export const ReadingStatusEnum = builder.enumType("ReadingStatus", {
  values: {
    NONE: { description: "Not started (perhaps a favourite)." },
    READING: { description: "Started: the reader opened its text or played its audio." },
    READ: { description: "Finished (marked read)." },
  } as const,
});

const STATE_FIELDS = { isFavourite: true, status: true, progress: true, favouritedAt: true, startedAt: true, finishedAt: true } as const;
type ViewerState = {
  isFavourite: boolean;
  status: "NONE" | "READING" | "READ";
  progress: number;
  favouritedAt: Date | null;
  startedAt: Date | null;
  finishedAt: Date | null;
};
/** A signed-in reader's state for a microbook they never touched. */
const UNTOUCHED: ViewerState = { isFavourite: false, status: "NONE", progress: 0, favouritedAt: null, startedAt: null, finishedAt: null };

export const MicrobookViewerState = builder.objectRef<ViewerState>("MicrobookViewerState").implement({
  description: "The signed-in reader's own relation to a microbook: private, never in a visitor's (cached) answer.",
  fields: (t) => ({
    isFavourite: t.exposeBoolean("isFavourite"),
    status: t.expose("status", { type: ReadingStatusEnum }),
    progress: t.exposeFloat("progress", { description: "0 to 1 through the text or audio." }),
    favouritedAt: t.expose("favouritedAt", { type: "DateTime", nullable: true }),
    startedAt: t.expose("startedAt", { type: "DateTime", nullable: true }),
    finishedAt: t.expose("finishedAt", { type: "DateTime", nullable: true }),
  }),
});

builder.prismaObjectFields("Microbook", (t) => ({
  viewerState: t.field({
    type: MicrobookViewerState,
    nullable: true,
    description:
      "The signed-in reader's favourite, reading and read state; null for a visitor. Selected with the microbook itself (one statement for a whole list). Only visitors' answers are response-cached, so it is never served to another reader.",
    // A visitor selects nothing extra: their answer, and its SQL, stay those of the public page.
    select: (_args, ctx) =>
      ctx.viewer ? { userStates: { where: { userId: ctx.viewer.id }, select: STATE_FIELDS, take: 1 } } : { id: true },
    resolve: (book, _args, ctx) => {
      if (!ctx.viewer) return null;
      return (book as { userStates?: ViewerState[] }).userStates?.[0] ?? UNTOUCHED;
    },
  }),
}));

const ID_DESCRIPTION = "The microbook's id (Microbook.id).";
const microbookArg = { microbookId: z.unknown() };

/** The microbook by id, or MicrobookNotFoundError; with an action, MicrobookLockedError unless the access policy allows it. */
async function requireMicrobook(ctx: Context, microbookId: string, action?: MicrobookAction) {
  const exists = await ctx.prisma.microbook.findUnique({ where: { id: microbookId }, select: { id: true } });
  if (!exists) throw new MicrobookNotFoundError();
  if (action) await ctx.access.require(action, microbookId);
}

/** The key of the signed-in reader's row for a microbook. */
const keyOf = (ctx: SignedInContext, microbookId: string) => ({ userId: ctx.viewer.id, microbookId, now: ctx.now });

builder.mutationFields((t) => ({
  setFavourite: t.withAuth({ signedIn: true }).prismaField({
    type: "Microbook",
    description:
      "Adds the microbook to the reader's favourites, or removes it (`favourite: false`). Idempotent, and deliberately not a toggle: a retried or replayed toggle (a flaky network, an offline queue sent twice) would flip the favourite back; saying the state wanted makes every repeat harmless.",
    errors: { types: [InputValidationError, MicrobookNotFoundError] },
    args: {
      microbookId: t.arg.globalID({ required: true, for: Microbook, description: ID_DESCRIPTION }),
      favourite: t.arg.boolean({ required: true }),
    },
    validate: z.object({ ...microbookArg, favourite: z.boolean() }),
    resolve: async (query, _root, args, ctx) => {
      const id = args.microbookId.id;
      await requireMicrobook(ctx, id);
      await setFavourite(ctx.prisma, keyOf(ctx, id), args.favourite);
      return ctx.prisma.microbook.findUniqueOrThrow({ ...query, where: { id } });
    },
  }),
  startReading: t.withAuth({ signedIn: true }).prismaField({
    type: "Microbook",
    // Superseded by one progress model for text and audio; kept for shipped clients.
    deprecationReason: "Use saveReadingPosition (a position per reader and book, with session rules) instead.",
    description:
      "Records that the reader opened the microbook's text or played its audio (a read, for trending) and, with `progress`, how far they got; progress only moves forward. Only for a microbook they may read. Idempotent.",
    errors: { types: [InputValidationError, MicrobookNotFoundError, MicrobookLockedError] },
    args: {
      microbookId: t.arg.globalID({ required: true, for: Microbook, description: ID_DESCRIPTION }),
      progress: t.arg.float({ required: false, description: "0 to 1 through the text or audio." }),
    },
    validate: z.object({
      ...microbookArg,
      progress: z.number().min(0, { message: "OUT_OF_RANGE" }).max(1, { message: "OUT_OF_RANGE" }).nullish(),
    }),
    resolve: async (query, _root, args, ctx) => {
      const id = args.microbookId.id;
      await requireMicrobook(ctx, id, "read");
      await startReading(ctx.prisma, keyOf(ctx, id), args.progress ?? null);
      return ctx.prisma.microbook.findUniqueOrThrow({ ...query, where: { id } });
    },
  }),
  markRead: t.withAuth({ signedIn: true }).prismaField({
    type: "Microbook",
    description:
      "Marks the microbook read, or not read any more (`read: false`: back to reading, its progress kept). Marking read needs a microbook the reader may read or has started (the access policy's `markRead`). Idempotent, and deliberately not a toggle: a retried or replayed toggle would flip the state back; saying the state wanted makes every repeat harmless.",
    errors: { types: [InputValidationError, MicrobookNotFoundError, MicrobookLockedError] },
    args: {
      microbookId: t.arg.globalID({ required: true, for: Microbook, description: ID_DESCRIPTION }),
      read: t.arg.boolean({ required: true }),
    },
    validate: z.object({ ...microbookArg, read: z.boolean() }),
    resolve: async (query, _root, args, ctx) => {
      const id = args.microbookId.id;
      // Unmarking needs nothing; marking read is the policy's "markRead".
      await requireMicrobook(ctx, id, args.read ? "markRead" : undefined);
      await markRead(ctx.prisma, keyOf(ctx, id), args.read);
      return ctx.prisma.microbook.findUniqueOrThrow({ ...query, where: { id } });
    },
  }),
}));
