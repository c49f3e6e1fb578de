import { builder } from "../../builder.js";
import { ReadAccessEnum } from "../catalog/catalog.schema.js";
import { MICROBOOK_ACTIONS, readsEverything, type MicrobookAccess } from "./access.policy.js";

const AccessRefusalEnum = builder.enumType("AccessRefusal", {
  description: "Why the access policy refuses an action: what would open it.",
  values: {
    SIGN_IN: { description: "Signing in (a free account) opens it." },
    PREMIUM: { description: "A Premium subscription (or the trial) opens it." },
  } as const,
});

const MicrobookViewerAccess = builder.objectRef<MicrobookAccess>("MicrobookViewerAccess").implement({
  description:
    "What this viewer may do with the microbook, as the API's access policy decides it (clients show it; they do not re-derive it). Never cached for another viewer: only visitors' answers are shared.",
  fields: (t) => ({
    level: t.field({
      type: ReadAccessEnum,
      description: "PREMIUM, FREE_TODAY (today's free microbook) or LOCKED.",
      resolve: (a) => a.level,
    }),
    canRead: t.boolean({ description: "Read the text (MicrobookEdition.content is there).", resolve: (a) => a.read.allowed }),
    canListen: t.boolean({ description: "Hear the narration, when the edition is narrated.", resolve: (a) => a.listen.allowed }),
    canHighlight: t.boolean({
      description: "Highlight and annotate the text (kept in the reader's account).",
      resolve: (a) => a.highlight.allowed,
    }),
    canMarkRead: t.boolean({
      description: "Mark it read: a signed-in reader, on a book they may read or have started.",
      resolve: (a) => a.markRead.allowed,
    }),
    canDownload: t.boolean({ description: "Download the EPUB or send it to Kindle (subscribers).", resolve: (a) => a.download.allowed }),
    reason: t.field({
      type: AccessRefusalEnum,
      nullable: true,
      description: "What would open the first refused action (read, listen, highlight, mark read, download); null when all are allowed.",
      resolve: (a) => MICROBOOK_ACTIONS.map((action) => a[action]).find((decision) => !decision.allowed)?.reason ?? null,
    }),
  }),
});

builder.prismaObjectFields("Microbook", (t) => ({
  viewerAccess: t.field({
    type: MicrobookViewerAccess,
    description: "What the viewer (a visitor too) may do with this microbook, and why not.",
    // The reader's state row, as viewerState selects it (one statement for a whole list): whether they
    // started the book decides if they may mark a locked one read.
    select: (_args, ctx) =>
      ctx.viewer ? { userStates: { where: { userId: ctx.viewer.id }, select: { startedAt: true }, take: 1 } } : { id: true },
    resolve: (book, _args, ctx) => {
      const state = (book as { userStates?: { startedAt: Date | null }[] }).userStates?.[0];
      return ctx.access.of(book.id, { started: state ? state.startedAt !== null : false });
    },
  }),
}));

builder.prismaObjectFields("User", (t) => ({
  isPremium: t.boolean({
    description: "A trial, subscription, lifetime plan, voucher or grant covers now: every microbook is open.",
    resolve: (_user, _args, ctx) => readsEverything(ctx.viewer),
  }),
}));
