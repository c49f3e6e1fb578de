import { builder, type SignedInContext } from "../../builder.js";
import { InputValidationError } from "../../schema/errors.js";
import { claimAccountToken, issueAccountToken } from "./account-tokens.js";
import { EmailTakenError, RateLimitedError } from "./accounts.errors.js";
import { AuthSession } from "./auth.schema.js";
import { normalizeEmail } from "./auth.validation.js";
import { EmailChangeFailedError, WrongPasswordError } from "./accounts.errors.js";
import { changePasswordArgs, confirmEmailChangeArgs, updateProfileArgs } from "./credentials.validation.js";
import { queueEmailChangeConfirmMail, queueEmailChangedNotice } from "./mail/account-mail.js";
import { rotateSessionsAfterPasswordChange } from "./password-change.js";
import { hashPassword, PASSWORD_MAX_LENGTH, verifyPassword } from "./passwords.js";

const BEARER = "true: return the new session token (the session rotates when the password changes) instead of setting a cookie.";

/** Counts the attempt, then checks the signed-in reader's current password (a guess each time, so rate limited). */
async function checkCurrentPassword(ctx: SignedInContext, currentPassword: string) {
  const viewer = ctx.viewer;
  await ctx.rateLimits.consume(["credentialChangePerIp", ctx.ip], ["credentialChangePerAccount", viewer.id]);
  const user = await ctx.prisma.user.findUniqueOrThrow({ where: { id: viewer.id }, select: { passwordHash: true } });
  if (!(await verifyPassword(user.passwordHash, currentPassword.slice(0, PASSWORD_MAX_LENGTH + 1)))) throw new WrongPasswordError();
}

builder.mutationField("changePassword", (t) =>
  t.withAuth({ signedIn: true }).field({
    type: AuthSession,
    description:
      "/new-password-internal: a new password, with the current one. Every other session of the account ends; this one gets a new token.",
    errors: { types: [InputValidationError, WrongPasswordError, RateLimitedError] },
    args: {
      currentPassword: t.arg.string({ required: true }),
      password: t.arg.string({ required: true }),
      passwordConfirmation: t.arg.string({ required: true }),
      bearer: t.arg.boolean({ required: false, description: BEARER }),
    },
    validate: changePasswordArgs,
    resolve: async (_root, args, ctx) => {
      await checkCurrentPassword(ctx, args.currentPassword);
      const userId = ctx.viewer.id;
      await ctx.prisma.user.update({ where: { id: userId }, data: { passwordHash: await hashPassword(args.password) } });
      return (await rotateSessionsAfterPasswordChange(ctx, userId, args.bearer ?? false))!;
    },
  }),
);

type ProfileUpdatedShape = { userId: string; emailConfirmationSentTo: string | null; session: { token: string | null } | null };

const ProfileUpdated = builder.objectRef<ProfileUpdatedShape>("ProfileUpdated").implement({
  description: "What /update-profile did: the password changed now; a new email waits for its link to be followed.",
  fields: (t) => ({
    viewer: t.prismaField({
      type: "User",
      resolve: (query, result, _args, ctx) => ctx.prisma.user.findUniqueOrThrow({ ...query, where: { id: result.userId } }),
    }),
    emailConfirmationSentTo: t.string({
      nullable: true,
      description: "The new email a confirmation link was mailed to; it becomes the login email once the link is followed.",
      resolve: (result) => result.emailConfirmationSentTo,
    }),
    passwordChanged: t.boolean({
      description: "The password changed: every other session ended and this one has a new token.",
      resolve: (result) => result.session !== null,
    }),
    sessionToken: t.string({
      nullable: true,
      description: "With `bearer: true` and a password change: the new session token.",
      resolve: (result) => result.session?.token ?? null,
    }),
  }),
});

builder.mutationField("updateProfile", (t) =>
  t.withAuth({ signedIn: true }).field({
    type: ProfileUpdated,
    description:
      "/update-profile: a new email and/or a new password, always confirmed with the current password. A new email is mailed a link and takes effect when it is followed.",
    errors: { types: [InputValidationError, WrongPasswordError, EmailTakenError, RateLimitedError] },
    args: {
      newEmail: t.arg.string({ required: false }),
      password: t.arg.string({ required: false, description: "The new password (empty or absent: unchanged)." }),
      passwordConfirmation: t.arg.string({ required: false }),
      currentPassword: t.arg.string({ required: true }),
      bearer: t.arg.boolean({ required: false, description: BEARER }),
    },
    validate: updateProfileArgs,
    resolve: async (_root, args, ctx) => {
      const viewer = ctx.viewer;
      await checkCurrentPassword(ctx, args.currentPassword);
      const newEmail = args.newEmail ? normalizeEmail(args.newEmail) : null;
      const changesEmail = newEmail !== null && newEmail !== normalizeEmail(viewer.email);
      if (changesEmail) {
        const owner = await ctx.prisma.user.findUnique({ where: { email: newEmail }, select: { id: true } });
        if (owner) throw new EmailTakenError();
        await ctx.rateLimits.consume(["emailChangePerAccount", viewer.id]);
      }
      const passwordHash = args.password ? await hashPassword(args.password) : null;
      await ctx.prisma.$transaction(async (tx) => {
        if (passwordHash) await tx.user.update({ where: { id: viewer.id }, data: { passwordHash } });
        if (changesEmail) {
          const token = await issueAccountToken(tx, { userId: viewer.id, purpose: "EMAIL_CHANGE", newEmail, now: ctx.now });
          await queueEmailChangeConfirmMail(tx, {
            to: newEmail,
            language: viewer.interfaceLanguage,
            origin: ctx.origin,
            now: ctx.now,
            token,
          });
        }
      });
      if (changesEmail) ctx.mail.wake();
      const session = passwordHash ? await rotateSessionsAfterPasswordChange(ctx, viewer.id, args.bearer ?? false) : null;
      return { userId: viewer.id, emailConfirmationSentTo: changesEmail ? newEmail : null, session };
    },
  }),
);

const EmailChanged = builder.objectRef<{ email: string }>("EmailChanged").implement({
  description: "The new email is the login email now; the old address was told.",
  fields: (t) => ({ email: t.exposeString("email") }),
});

builder.mutationField("confirmEmailChange", (t) =>
  t.field({
    type: EmailChanged,
    description: "Follows a /confirm-email/{token} link: the address it was mailed to becomes the login email. Signed in or not.",
    authScopes: { public: true },
    errors: { types: [InputValidationError, EmailChangeFailedError] },
    args: { token: t.arg.string({ required: true }) },
    validate: confirmEmailChangeArgs,
    resolve: async (_root, args, ctx) => {
      const email = await ctx.prisma
        .$transaction(async (tx) => {
          const claimed = await claimAccountToken(tx, args.token, "EMAIL_CHANGE", ctx.now);
          if (!claimed?.newEmail) return null;
          const before = await tx.user.findUniqueOrThrow({
            where: { id: claimed.userId },
            select: { email: true, interfaceLanguage: true },
          });
          // The unique index refuses an address another account took since the link was sent.
          await tx.user.update({ where: { id: claimed.userId }, data: { email: claimed.newEmail } });
          await queueEmailChangedNotice(tx, {
            to: before.email,
            language: before.interfaceLanguage,
            now: ctx.now,
            newEmail: claimed.newEmail,
          });
          return claimed.newEmail;
        })
        .catch((error: unknown) => {
          if (error instanceof Error && "code" in error && error.code === "P2002") return null;
          throw error;
        });
      if (!email) throw new EmailChangeFailedError();
      ctx.mail.wake();
      return { email };
    },
  }),
);
