import { builder } from "../../builder.js";
import { signOutThisRequest } from "./sessions.js";
import { SessionNotFoundError } from "./accounts.errors.js";
import { describeDevice } from "./sessions.js";

/** One of the reader's signed-in browsers or devices. Only its owner can see it (the lookup is scoped to them). */
export const SessionNode = builder.prismaNode("Session", {
  id: { field: "id" },
  // `node(id:)` finds a session only among the asking reader's own; another's is null (nullable:
  // looked up with findUnique, not findUniqueOrThrow, so a miss is not an error).
  findUnique: (id, ctx) => ({ id, userId: ctx.viewer?.id ?? "" }),
  nullable: true,
  fields: (t) => ({
    device: t.string({
      nullable: true,
      description: 'The browser and system it was signed in from, e.g. "Firefox on Linux"; null when unknown.',
      select: { userAgent: true },
      resolve: (session) => describeDevice(session.userAgent),
    }),
    createdAt: t.expose("createdAt", { type: "DateTime", description: "When the reader signed in." }),
    lastUsedAt: t.expose("lastSeenAt", { type: "DateTime", description: "Last request with it (recorded every few minutes)." }),
    expiresAt: t.expose("expiresAt", { type: "DateTime" }),
    current: t.boolean({
      description: "The session of this request.",
      resolve: (session, _args, ctx) => session.id === ctx.viewer?.sessionId,
    }),
  }),
});

builder.prismaObjectField("User", "sessions", (t) =>
  t.relation("sessions", {
    description: "The reader's signed-in sessions, most recently used first.",
    query: (_args, ctx) => ({ where: { expiresAt: { gt: ctx.now } }, orderBy: [{ lastSeenAt: "desc" }, { id: "asc" }], take: 100 }),
  }),
);

export const SessionsEnded = builder.objectRef<{ count: number; signedOut: boolean }>("SessionsEnded").implement({
  fields: (t) => ({
    count: t.exposeInt("count", { description: "How many sessions were ended." }),
    signedOut: t.exposeBoolean("signedOut", { description: "The session of this request was one of them: the reader is signed out." }),
  }),
});

builder.mutationField("revokeSession", (t) =>
  t.withAuth({ signedIn: true }).field({
    type: SessionsEnded,
    description: "Ends one of the reader's sessions (signs that browser or device out).",
    errors: { types: [SessionNotFoundError] },
    args: { id: t.arg.globalID({ required: true, for: SessionNode }) },
    resolve: async (_root, args, ctx) => {
      const viewer = ctx.viewer;
      const { count } = await ctx.prisma.session.deleteMany({ where: { id: args.id.id, userId: viewer.id } });
      if (count === 0) throw new SessionNotFoundError();
      const signedOut = args.id.id === viewer.sessionId;
      if (signedOut) signOutThisRequest(ctx);
      return { count, signedOut };
    },
  }),
);

builder.mutationField("revokeAllSessions", (t) =>
  t.withAuth({ signedIn: true }).field({
    type: SessionsEnded,
    description: "Ends every session of the reader except this one, or all of them with `includeCurrent: true`.",
    errors: { types: [] },
    args: { includeCurrent: t.arg.boolean({ required: false, defaultValue: false }) },
    resolve: async (_root, args, ctx) => {
      const viewer = ctx.viewer;
      const includeCurrent = args.includeCurrent ?? false;
      const { count } = await ctx.prisma.session.deleteMany({
        where: { userId: viewer.id, ...(includeCurrent ? {} : { id: { not: viewer.sessionId } }) },
      });
      if (includeCurrent) signOutThisRequest(ctx);
      return { count, signedOut: includeCurrent };
    },
  }),
);
