import { builder } from "../../builder.js";
import type { Context } from "../../context.js";
import { Prisma } from "../../generated/prisma/client.js";
import { InputValidationError } from "../../schema/errors.js";
import { EmailTakenError, InvalidCredentialsError, RateLimitedError } from "./accounts.errors.js";
import { logInArgs, normalizeEmail, signUpArgs } from "./auth.validation.js";
import { hashPassword, passwordNeedsRehash, PASSWORD_MAX_LENGTH, verifyPassword } from "./passwords.js";
import { logInAttempt, trustThisDevice } from "./login-throttle.js";
import { SessionsEnded } from "./sessions.schema.js";
import { signOutThisRequest, startSession } from "./sessions.js";
import { hashSessionToken, loadViewer } from "./viewer.js";
import { queueWelcomeMail } from "./mail/account-mail.js";

/** A signed-in reader, just now: who they are and, for a bearer client only, the session token. */
export type AuthSessionShape = { userId: string; token: string | null };

export const AuthSession = builder.objectRef<AuthSessionShape>("AuthSession").implement({
  description: "The reader is signed in. Browsers get the session as an HTTP-only cookie; bearer clients get `sessionToken`.",
  fields: (t) => ({
    viewer: t.prismaField({
      type: "User",
      resolve: (query, session, _args, ctx) => ctx.prisma.user.findUniqueOrThrow({ ...query, where: { id: session.userId } }),
    }),
    sessionToken: t.string({
      nullable: true,
      description:
        "Only when the mutation was called with `bearer: true` (apps): send it as `Authorization: Bearer <token>`. Browsers get an HTTP-only cookie instead and null here.",
      resolve: (session) => session.token,
    }),
  }),
});

/**
 * Signs the reader in on this request: a new session (a new token: sessions rotate at every sign-in),
 * the one the request presented ended, the cookie set (or the token handed over for a bearer client).
 */
export async function signIn(ctx: Context, userId: string, bearer: boolean): Promise<AuthSessionShape> {
  if (ctx.sessionToken) await ctx.prisma.session.deleteMany({ where: { tokenHash: hashSessionToken(ctx.sessionToken) } });
  const { token, expiresAt } = await startSession(ctx.prisma, userId, { userAgent: ctx.userAgent, now: ctx.now });
  if (!bearer) ctx.sessionCookie.set(token, expiresAt);
  // The password or mailed link just proved this browser is the reader's.
  await trustThisDevice(ctx, userId, bearer);
  // The rest of this operation (the viewer it returns) is the signed-in reader's.
  ctx.viewer = await loadViewer(ctx.prisma, token, ctx.now);
  return { userId, token: bearer ? token : null };
}

const BEARER_DESCRIPTION = "true: return the session token (for `Authorization: Bearer`) instead of setting a cookie.";

builder.mutationField("signUp", (t) =>
  t.field({
    type: AuthSession,
    description: "Creates an account with an email and a password and signs the reader in. Visitors only.",
    authScopes: { visitor: true },
    errors: { types: [InputValidationError, EmailTakenError, RateLimitedError] },
    args: {
      email: t.arg.string({ required: true }),
      password: t.arg.string({ required: true }),
      bearer: t.arg.boolean({ required: false, description: BEARER_DESCRIPTION }),
    },
    validate: signUpArgs,
    resolve: async (_root, args, ctx) => {
      const email = normalizeEmail(args.email);
      await ctx.rateLimits.consume(["signUpPerIp", ctx.ip], ["signUpPerAccount", email]);
      if (await ctx.prisma.user.findUnique({ where: { email }, select: { id: true } })) throw new EmailTakenError();
      const passwordHash = await hashPassword(args.password);
      let userId: string;
      try {
        userId = await ctx.prisma.$transaction(async (tx) => {
          const user = await tx.user.create({
            data: { email, name: "", passwordHash, interfaceLanguage: ctx.locale, contentLanguage: ctx.locale },
            select: { id: true },
          });
          await queueWelcomeMail(tx, { to: email, language: ctx.locale, origin: ctx.origin, now: ctx.now });
          return user.id;
        });
      } catch (error) {
        // Two sign-ups with one email at once: the unique index decides.
        if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") throw new EmailTakenError();
        throw error;
      }
      ctx.mail.wake();
      return signIn(ctx, userId, args.bearer ?? false);
    },
  }),
);

builder.mutationField("logIn", (t) =>
  t.field({
    type: AuthSession,
    description: "Signs in with an email and a password. Visitors only. A wrong password and an unknown email get the same answer.",
    authScopes: { visitor: true },
    errors: { types: [InputValidationError, InvalidCredentialsError, RateLimitedError] },
    args: {
      email: t.arg.string({ required: true }),
      password: t.arg.string({ required: true }),
      bearer: t.arg.boolean({ required: false, description: BEARER_DESCRIPTION }),
    },
    validate: logInArgs,
    resolve: async (_root, args, ctx) => {
      const email = normalizeEmail(args.email);
      const attempt = await logInAttempt(ctx, email);
      await attempt.count();
      const user = await ctx.prisma.user.findUnique({ where: { email }, select: { id: true, passwordHash: true } });
      const password = args.password.slice(0, PASSWORD_MAX_LENGTH + 1);
      // verifyPassword spends the same time when there is no account or no password (no enumeration).
      if (!(await verifyPassword(user?.passwordHash, password)) || !user?.passwordHash) throw new InvalidCredentialsError();
      if (passwordNeedsRehash(user.passwordHash)) {
        await ctx.prisma.user.update({ where: { id: user.id }, data: { passwordHash: await hashPassword(password) } });
      }
      await attempt.succeeded();
      return signIn(ctx, user.id, args.bearer ?? false);
    },
  }),
);

builder.mutationField("logOut", (t) =>
  t.withAuth({ signedIn: true }).field({
    type: SessionsEnded,
    description: "Ends the session this request was made with (and clears the browser's cookie). Other sessions stay.",
    errors: { types: [] },
    resolve: async (_root, _args, ctx) => {
      const { count } = await ctx.prisma.session.deleteMany({ where: { id: ctx.viewer.sessionId } });
      signOutThisRequest(ctx);
      return { count, signedOut: true };
    },
  }),
);
