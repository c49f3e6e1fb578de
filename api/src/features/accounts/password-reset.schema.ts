import { builder } from "../../builder.js";
import { InputValidationError } from "../../schema/errors.js";
import { claimAccountToken, issueAccountToken } from "./account-tokens.js";
import { RateLimitedError } from "./accounts.errors.js";
import { AuthSession, signIn } from "./auth.schema.js";
import { normalizeEmail } from "./auth.validation.js";
import { PasswordResetFailedError } from "./accounts.errors.js";
import { requestPasswordResetArgs, setPasswordWithTokenArgs } from "./credentials.validation.js";
import { queuePasswordResetMail } from "./mail/account-mail.js";
import { trustThisDevice } from "./login-throttle.js";
import { rotateSessionsAfterPasswordChange } from "./password-change.js";
import { hashPassword } from "./passwords.js";

const PasswordResetRequested = builder.objectRef<{ email: string }>("PasswordResetRequested").implement({
  description:
    "Always the answer to a well-formed request, whether or not the email has an account (no enumeration): if it has one, a link was mailed.",
  fields: (t) => ({ email: t.exposeString("email") }),
});

builder.mutationField("requestPasswordReset", (t) =>
  t.field({
    type: PasswordResetRequested,
    description: "Forgot password: mails a /new-password/{token} link (1 hour, single use) if the email has an account.",
    authScopes: { public: true },
    errors: { types: [InputValidationError, RateLimitedError] },
    args: { email: t.arg.string({ required: true }) },
    validate: requestPasswordResetArgs,
    resolve: async (_root, args, ctx) => {
      const email = normalizeEmail(args.email);
      await ctx.rateLimits.consume(
        ["passwordResetPerIp", ctx.ip],
        ["passwordResetPerAccountAndIp", `${email} ${ctx.ip}`],
        ["passwordResetPerAccount", email],
      );
      // Looked up after the answer is sent: the answer takes as long whether or not the email has an
      // account (no enumeration by timing).
      const { prisma, origin, now, mail } = ctx;
      ctx.afterResponse("password reset mail", async () => {
        const queued = await prisma.$transaction(async (tx) => {
          const user = await tx.user.findUnique({ where: { email }, select: { id: true, email: true, interfaceLanguage: true } });
          if (!user) return false;
          const token = await issueAccountToken(tx, { userId: user.id, purpose: "PASSWORD_RESET", now });
          await queuePasswordResetMail(tx, { to: user.email, language: user.interfaceLanguage, origin, now, token });
          return true;
        });
        if (queued) mail.wake();
      });
      return { email };
    },
  }),
);

const PasswordResetDone = builder.objectRef<{ signedIn: boolean }>("PasswordResetDone").implement({
  description: "The password was changed and every session of the account ended; the reader logs in with the new one.",
  fields: (t) => ({
    signedIn: t.exposeBoolean("signedIn", {
      description: "The request was signed in as this account: its session goes on, with a new token.",
    }),
  }),
});

const BEARER = "true: return the new session token instead of setting a cookie.";

builder.mutationField("resetPassword", (t) =>
  t.field({
    type: PasswordResetDone,
    description: "Sets a new password with the token of a /new-password/{token} link. Signed in or not.",
    authScopes: { public: true },
    errors: { types: [InputValidationError, PasswordResetFailedError, RateLimitedError] },
    args: {
      token: t.arg.string({ required: true }),
      password: t.arg.string({ required: true }),
      passwordConfirmation: t.arg.string({ required: true }),
      bearer: t.arg.boolean({ required: false, description: BEARER }),
    },
    validate: setPasswordWithTokenArgs,
    resolve: async (_root, args, ctx) => {
      await ctx.rateLimits.consume(["passwordResetPerIp", ctx.ip]);
      const passwordHash = await hashPassword(args.password);
      const userId = await ctx.prisma.$transaction(async (tx) => {
        const claimed = await claimAccountToken(tx, args.token, "PASSWORD_RESET", ctx.now);
        if (!claimed) return null;
        await tx.user.update({ where: { id: claimed.userId }, data: { passwordHash } });
        // The mailed link proves the address is the reader's: social sign-ins whose email no provider
        // verified end here (possibly someone else's, made with this address; Google or Apple link again).
        await tx.socialIdentity.deleteMany({ where: { userId: claimed.userId, emailVerified: false } });
        return claimed.userId;
      });
      if (!userId) throw new PasswordResetFailedError();
      const session = await rotateSessionsAfterPasswordChange(ctx, userId, args.bearer ?? false);
      // The mailed link was followed in this browser: the reader can log in here whatever strangers tried.
      if (!session) await trustThisDevice(ctx, userId, args.bearer ?? false);
      return { signedIn: session !== null };
    },
  }),
);

builder.mutationField("createPassword", (t) =>
  t.field({
    type: AuthSession,
    description:
      "Sets the first password of an account made by a purchase or a voucher, with the token of a /create-password/{token} link, and signs the reader in.",
    authScopes: { public: true },
    errors: { types: [InputValidationError, PasswordResetFailedError, RateLimitedError] },
    args: {
      token: t.arg.string({ required: true }),
      password: t.arg.string({ required: true }),
      passwordConfirmation: t.arg.string({ required: true }),
      bearer: t.arg.boolean({ required: false, description: BEARER }),
    },
    validate: setPasswordWithTokenArgs,
    resolve: async (_root, args, ctx) => {
      await ctx.rateLimits.consume(["passwordResetPerIp", ctx.ip]);
      const passwordHash = await hashPassword(args.password);
      const userId = await ctx.prisma.$transaction(async (tx) => {
        const claimed = await claimAccountToken(tx, args.token, "CREATE_PASSWORD", ctx.now);
        if (!claimed) return null;
        // An account that has a password since (the reader reset it) keeps it: the link is spent.
        const { count } = await tx.user.updateMany({ where: { id: claimed.userId, passwordHash: null }, data: { passwordHash } });
        return count === 1 ? claimed.userId : null;
      });
      if (!userId) throw new PasswordResetFailedError();
      await ctx.prisma.session.deleteMany({ where: { userId } });
      return signIn(ctx, userId, args.bearer ?? false);
    },
  }),
);
