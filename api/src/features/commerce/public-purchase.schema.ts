import { z } from "zod";
import { Prisma } from "../../generated/prisma/client.js";
import { builder } from "../../builder.js";
import { InputValidationError } from "../../schema/errors.js";
import { EmailTakenError } from "../accounts/accounts.errors.js";
import { emailSchema, normalizeEmail } from "../accounts/auth.validation.js";
import { sendCreatePasswordLink } from "../accounts/create-password.js";
import { RateLimitedError } from "../accounts/rate-limits.js";
import { startPlan } from "./checkout.js";
import { instalmentsArg } from "./subscription.schema.js";
import {
  AlreadySubscribedError,
  CardDeclinedError,
  InstalmentsUnavailableError,
  InsufficientFundsError,
  OfferUnavailableError,
  PaymentFailedError,
} from "./commerce.errors.js";

const PurchaseCompleted = builder.objectRef<{ email: string; planId: string }>("PurchaseCompleted").implement({
  description: "The plan was bought and an account made for the email: a /create-password/{token} link was mailed to it.",
  fields: (t) => ({
    email: t.exposeString("email"),
    planId: t.exposeString("planId"),
  }),
});

builder.mutationField("purchaseAsVisitor", (t) =>
  t.field({
    type: PurchaseCompleted,
    description:
      "/public/purchase: buys a plan without an account (no trial), at an offer's price when `offerSlug` names a live one. The account is made for the email, with no password, and a /create-password/{token} link is mailed; the visitor is not signed in (the mail proves the address). A refused card changes nothing: no account is left behind. Visitors only.",
    authScopes: { visitor: true },
    errors: {
      types: [
        InputValidationError,
        EmailTakenError,
        RateLimitedError,
        CardDeclinedError,
        InsufficientFundsError,
        PaymentFailedError,
        AlreadySubscribedError,
        OfferUnavailableError,
        InstalmentsUnavailableError,
      ],
    },
    args: {
      email: t.arg.string({ required: true }),
      planId: t.arg.string({ required: true }),
      offerSlug: t.arg.string({ required: false }),
      paymentMethodId: t.arg.string({ required: true }),
      instalments: t.arg.int({
        required: false,
        description: "Interest-free instalments (annual and lifetime in BRL and MXN; 1 by default).",
      }),
    },
    validate: z.object({
      email: emailSchema,
      planId: z.string().max(64),
      offerSlug: z.string().max(64).nullish(),
      paymentMethodId: z.string().min(1).max(255),
      instalments: instalmentsArg,
    }),
    resolve: async (_root, args, ctx) => {
      if (!ctx.commerce) throw new Error("Commerce is not running in this context");
      const email = normalizeEmail(args.email);
      await ctx.rateLimits.consume(["signUpPerIp", ctx.ip], ["signUpPerAccount", email]);
      if (await ctx.prisma.user.findUnique({ where: { email }, select: { id: true } })) throw new EmailTakenError();
      let userId: string;
      try {
        const user = await ctx.prisma.user.create({
          data: { email, name: "", passwordHash: null, interfaceLanguage: ctx.locale, contentLanguage: ctx.locale },
          select: { id: true },
        });
        userId = user.id;
      } catch (error) {
        if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") throw new EmailTakenError();
        throw error;
      }
      try {
        await startPlan(
          ctx.commerce,
          { userId, email, locale: ctx.locale },
          {
            planId: args.planId,
            offerSlug: args.offerSlug ?? null,
            paymentMethodId: args.paymentMethodId,
            trial: false,
            now: ctx.now,
            instalments: args.instalments ?? 1,
          },
        );
      } catch (error) {
        // Nothing was bought: the account made for it goes (its billing customer with it, by cascade).
        await ctx.prisma.user.deleteMany({ where: { id: userId, subscriptions: { none: {} }, receipts: { none: {} } } });
        throw error;
      }
      await sendCreatePasswordLink(ctx.prisma, { userId, origin: ctx.origin, now: ctx.now, mail: ctx.mail });
      return { email, planId: args.planId };
    },
  }),
);
