import type { Context } from "../../context.js";
import { signIn, type AuthSessionShape } from "./auth.schema.js";

/**
 * After a password change: every session of the account ends, and the request's own session (if it
 * is this account's) is replaced by a new one with a new token (rotation). Null: the request was not
 * signed in as this account, so nobody is signed in now.
 */
export async function rotateSessionsAfterPasswordChange(ctx: Context, userId: string, bearer: boolean): Promise<AuthSessionShape | null> {
  await ctx.prisma.session.deleteMany({ where: { userId } });
  if (ctx.viewer?.id !== userId) return null;
  return signIn(ctx, userId, bearer);
}
