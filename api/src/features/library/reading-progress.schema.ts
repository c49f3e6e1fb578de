import { builder } from "../../builder.js";
import type { Context } from "../../context.js";
import { Microbook } from "../catalog/catalog.schema.js";
import { MicrobookConnection } from "../discovery/discovery.schema.js";
import { microbooksInOrder } from "../discovery/microbook-lists.js";
import { resolvePage } from "../discovery/paging.js";

// ---------------------------------------------------------------- continue reading

builder.prismaObjectField("User", "continueReading", (t) =>
  t.connection(
    {
      type: Microbook,
      description:
        "The reader's microbooks in progress (started, not yet read), the most recently read first. Each one's `viewerState.progress` says how far they are.",
      select: { id: true },
      args: { page: t.arg.int({ required: false, description: "1-based page of `first` microbooks; not with `after`." }) },
      resolve: async (user, args, ctx, info) => {
        const where = { userId: user.id, status: "READING" as const };
        const page = await resolvePage(args, { defaultSize: 12, maxSize: 50 }, async ({ offset, limit }) => {
          const rows = await ctx.prisma.userBookState.findMany({
            where,
            orderBy: [{ lastReadAt: { sort: "desc", nulls: "last" } }, { microbookId: "asc" }],
            skip: offset,
            take: limit,
            select: { microbookId: true },
          });
          return microbooksInOrder(
            ctx,
            info,
            rows.map((row) => row.microbookId),
          );
        });
        // MicrobookConnection.totalCount reads this (counted only when asked for).
        return Object.assign(page, { total: () => ctx.prisma.userBookState.count({ where }) });
      },
    },
    MicrobookConnection,
  ),
);

// ---------------------------------------------------------------- progress along a learning path

type PathProgress = { stepCount: number; readStepPositions: number[]; nextStepPosition: number | null };

const OriginalViewerProgress = builder.objectRef<PathProgress>("OriginalViewerProgress").implement({
  description: "How far the signed-in reader is along a learning path: a step is done when its microbook is read.",
  fields: (t) => ({
    stepCount: t.exposeInt("stepCount"),
    readCount: t.int({ description: "Steps whose microbook the reader has read.", resolve: (p) => p.readStepPositions.length }),
    readStepPositions: t.exposeIntList("readStepPositions", { description: "Positions (from 0) of the steps read, in order." }),
    nextStepPosition: t.exposeInt("nextStepPosition", {
      nullable: true,
      description: "The first step not yet read; null when every step is read.",
    }),
  }),
});

/** A path and the reader whose progress along it is asked for. */
type PathOfReader = { originalId: string; userId: string };

/** Every asked-for path's steps with the reader's read state, in one statement for all of them. */
async function loadPathProgress(keys: readonly PathOfReader[], ctx: Context): Promise<PathProgress[]> {
  const originalIds = keys.map((key) => key.originalId);
  // One request has one reader: every key names the same one.
  const userId = keys[0]!.userId;
  const steps = await ctx.prisma.originalStep.findMany({
    where: { originalId: { in: [...originalIds] } },
    orderBy: [{ originalId: "asc" }, { position: "asc" }],
    select: {
      originalId: true,
      position: true,
      microbook: { select: { userStates: { where: { userId }, select: { status: true }, take: 1 } } },
    },
  });
  return originalIds.map((id) => {
    const own = steps.filter((step) => step.originalId === id);
    const read = own.filter((step) => step.microbook.userStates[0]?.status === "READ").map((step) => step.position);
    const next = own.find((step) => !read.includes(step.position));
    return { stepCount: own.length, readStepPositions: read, nextStepPosition: next?.position ?? null };
  });
}

builder.prismaObjectField("Original", "viewerProgress", (t) =>
  t.loadable({
    type: OriginalViewerProgress,
    nullable: true,
    description: "The signed-in reader's progress along the path; null for a visitor (so the public page stays cacheable).",
    load: (keys: PathOfReader[], ctx: Context) => loadPathProgress(keys, ctx),
    loaderOptions: { cacheKeyFn: (key: PathOfReader) => `${key.userId}:${key.originalId}` },
    resolve: (original, _args, ctx) => (ctx.viewer ? { originalId: original.id, userId: ctx.viewer.id } : null),
  }),
);
