import { createHash, randomBytes } from "node:crypto";
import type { Context } from "../../context.js";
import type { RateLimitName } from "./rate-limits.js";

/** The cookie of a trusted browser: sent only with GraphQL requests, where passwords are typed. */
export const DEVICE_COOKIE = "brevia_device";
export const DEVICE_LIFETIME_MS = 365 * 24 * 60 * 60 * 1000;

const hashDeviceToken = (token: string) => createHash("sha256").update(token).digest("base64url");

/** Writes the trusted-device cookie on the reply (browsers only; bearer clients get none). */
export type DeviceCookieWriter = { set(token: string, expiresAt: Date): void };
/** What a request carries and can write of the device cookie. */
export type DeviceCookies = { token: string | undefined; cookie: DeviceCookieWriter };

type CookieReply = {
  setCookie(
    name: string,
    value: string,
    options: { path: string; httpOnly: boolean; secure: boolean; sameSite: "lax"; expires: Date },
  ): unknown;
};

/** The device cookie of one HTTP reply: HTTP-only, only ever sent to /graphql. */
export function replyDeviceCookieWriter(reply: CookieReply, production: boolean): DeviceCookieWriter {
  return {
    set: (token, expiresAt) =>
      void reply.setCookie(DEVICE_COOKIE, token, {
        path: "/graphql",
        httpOnly: true,
        secure: production,
        sameSite: "lax",
        expires: expiresAt,
      }),
  };
}

/**
 * The browser's trusted-device record for this email, if its cookie names one that is not expired:
 * the reader proved there that the account is theirs. Null for any other browser (and for an email
 * without an account: the same answer, so nothing is revealed).
 */
async function trustedDeviceFor(ctx: Context, email: string): Promise<string | null> {
  if (!ctx.deviceToken) return null;
  const device = await ctx.prisma.trustedDevice.findFirst({
    where: { tokenHash: hashDeviceToken(ctx.deviceToken), expiresAt: { gt: ctx.now }, user: { email } },
    select: { id: true },
  });
  return device?.id ?? null;
}

/**
 * Which limits a log-in attempt counts against. From the reader's own browser (a trusted device for
 * this email): that browser's own limit only, so failures elsewhere cannot lock it out. From any
 * other: the IP's, the email's from that IP (a stranger's failures lock only the stranger's
 * address), and a looser one for the email from everywhere (a spread-out guess is still bounded;
 * when it trips, the reader's own browser and a mailed reset link still get in).
 */
export async function logInAttempt(ctx: Context, email: string) {
  const deviceId = await trustedDeviceFor(ctx, email);
  const keys: [RateLimitName, string][] = deviceId
    ? [["logInPerTrustedDevice", deviceId]]
    : [
        ["logInPerIp", ctx.ip],
        ["logInPerAccountAndIp", `${email} ${ctx.ip}`],
        ["logInPerAccount", email],
      ];
  return {
    /** Counts the attempt; throws RateLimitedError (with when to retry) when a limit is spent. */
    count: () => ctx.rateLimits.consume(...keys),
    /** The password was right: this browser's or address's failures are forgiven (not the email's from everywhere). */
    succeeded: async () => {
      await (deviceId
        ? ctx.rateLimits.reset("logInPerTrustedDevice", deviceId)
        : ctx.rateLimits.reset("logInPerAccountAndIp", `${email} ${ctx.ip}`));
    },
  };
}

/**
 * Remembers this browser as the reader's (after their password, or a mailed link followed here): a
 * new cookie, or the one it has renewed. Bearer clients (apps) get none.
 */
export async function trustThisDevice(ctx: Context, userId: string, bearer: boolean): Promise<void> {
  if (bearer) return;
  const expiresAt = new Date(ctx.now.getTime() + DEVICE_LIFETIME_MS);
  if (ctx.deviceToken) {
    const { count } = await ctx.prisma.trustedDevice.updateMany({
      where: { tokenHash: hashDeviceToken(ctx.deviceToken), userId },
      data: { lastUsedAt: ctx.now, expiresAt },
    });
    if (count === 1) {
      ctx.deviceCookie.set(ctx.deviceToken, expiresAt);
      return;
    }
  }
  const token = randomBytes(32).toString("base64url");
  await ctx.prisma.trustedDevice.create({
    data: { tokenHash: hashDeviceToken(token), userId, createdAt: ctx.now, lastUsedAt: ctx.now, expiresAt },
  });
  ctx.deviceCookie.set(token, expiresAt);
}
