import { z } from "zod";
import { builder } from "../../builder.js";
import { InputValidationError } from "../../schema/errors.js";
import { MicrobookLockedError } from "../access/access.errors.js";
import { RateLimitedError } from "../accounts/accounts.errors.js";
import { queueMail } from "../accounts/mail/outbox.js";
import { renderMail } from "../accounts/mail/templates.js";
import { Microbook, languageOrder } from "../catalog/catalog.schema.js";
import { MicrobookNotFoundError } from "../library/library.errors.js";
import { buildEditionEpub } from "./epub.js";
import { KindleEmailMissingError } from "./kindle.errors.js";

/** The bare address of a From header ("Brevia <no-reply@brevia.example>" → "no-reply@brevia.example"). */
export const senderAddress = (from: string) => /<([^>]+)>/.exec(from)?.[1] ?? from.trim();

type Delivery = { microbookId: string; to: string; from: string };

const KindleDelivery = builder.objectRef<Delivery>("KindleDelivery").implement({
  description: "An EPUB queued for the reader's Kindle: Amazon adds it to their library once it arrives.",
  fields: (t) => ({
    to: t.exposeString("to", { description: "The reader's Kindle email it is sent to." }),
    from: t.exposeString("from", { description: "The sender address, which the reader must approve in Amazon's settings." }),
    microbook: t.prismaField({
      type: "Microbook",
      resolve: (query, delivery, _args, ctx) => ctx.prisma.microbook.findUniqueOrThrow({ ...query, where: { id: delivery.microbookId } }),
    }),
  }),
});

builder.queryFields((t) => ({
  kindleSenderEmail: t.string({
    authScopes: { public: true },
    description:
      "The address Brevia's emails come from: Amazon delivers to a Kindle only mail from addresses its owner approved (Amazon's Personal Document Settings).",
    resolve: (_root, _args, ctx) => senderAddress(ctx.mailFrom),
  }),
}));

builder.mutationFields((t) => ({
  sendToKindle: t.withAuth({ signedIn: true }).field({
    type: KindleDelivery,
    description:
      "Mails the EPUB of the microbook (the edition in the reader's language: cover, title, author, about, key ideas as chapters) to the reader's Kindle email. Asks the access policy (`download`: subscribers). KINDLE_EMAIL_MISSING without a Kindle email in the settings; at most 10 a day per reader (RATE_LIMITED). Sent through the mail outbox: retried until the mail server takes it.",
    errors: { types: [InputValidationError, MicrobookNotFoundError, MicrobookLockedError, KindleEmailMissingError, RateLimitedError] },
    args: { microbookId: t.arg.globalID({ required: true, for: Microbook, description: "The microbook's id (Microbook.id)." }) },
    validate: z.object({ microbookId: z.unknown() }),
    resolve: async (_root, args, ctx) => {
      const id = args.microbookId.id;
      const [book, user] = await Promise.all([
        ctx.prisma.microbook.findUnique({ where: { id }, select: { id: true } }),
        ctx.prisma.user.findUniqueOrThrow({ where: { id: ctx.viewer.id }, select: { kindleEmail: true } }),
      ]);
      if (!book) throw new MicrobookNotFoundError();
      await ctx.access.require("download", id);
      if (!user.kindleEmail) throw new KindleEmailMissingError();
      // Counted only for a send that would go out: refusals above cost nothing.
      await ctx.rateLimits.consume(["sendToKindlePerAccount", ctx.viewer.id]);
      const epub = await buildEditionEpub(ctx.prisma, id, languageOrder(ctx, null));
      if (!epub) throw new MicrobookNotFoundError();
      const mail = renderMail("send-to-kindle", epub.language, user.kindleEmail, { title: epub.title });
      await queueMail(ctx.prisma, mail, ctx.now, [{ fileName: epub.fileName, contentType: "application/epub+zip", content: epub.content }]);
      ctx.mail.wake();
      return { microbookId: id, to: user.kindleEmail, from: senderAddress(ctx.mailFrom) };
    },
  }),
}));
