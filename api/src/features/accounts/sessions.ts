import { randomBytes } from "node:crypto";
import Bowser from "bowser";
import type { PrismaClient } from "../../generated/prisma/client.js";
import type { Context } from "../../context.js";
import { hashSessionToken, SESSION_COOKIE } from "./viewer.js";

/** A session lasts this long from sign-in; the reader signs in again after it. */
export const SESSION_LIFETIME_MS = 60 * 24 * 60 * 60 * 1000;

/**
 * How the session travels back to the client: a cookie for the browser (HTTP-only, SameSite=Lax,
 * Secure in production), written on the HTTP reply; nothing for a bearer client, which gets the
 * token in the mutation's answer.
 */
export type SessionCookieWriter = {
  set(token: string, expiresAt: Date): void;
  clear(): void;
};

/** For operations that cannot write cookies (server rendering runs queries only). */
export const NO_COOKIES: SessionCookieWriter = {
  set: () => {
    throw new Error("This request cannot set a session cookie");
  },
  clear: () => {
    throw new Error("This request cannot clear a session cookie");
  },
};

export function sessionCookieOptions(production: boolean, expires?: Date) {
  return { path: "/", httpOnly: true, secure: production, sameSite: "lax" as const, ...(expires ? { expires } : {}) };
}

type CookieReply = {
  setCookie(name: string, value: string, options: ReturnType<typeof sessionCookieOptions>): unknown;
  clearCookie(name: string, options: ReturnType<typeof sessionCookieOptions>): unknown;
};

/** The cookie writer of one HTTP reply (@fastify/cookie). */
export function replyCookieWriter(reply: CookieReply, production: boolean): SessionCookieWriter {
  return {
    set: (token, expiresAt) => void reply.setCookie(SESSION_COOKIE, token, sessionCookieOptions(production, expiresAt)),
    clear: () => void reply.clearCookie(SESSION_COOKIE, sessionCookieOptions(production)),
  };
}

/** The token of an `Authorization: Bearer <token>` header (the mobile app), if any. */
export function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer\s+([A-Za-z0-9_-]{16,128})\s*$/i.exec(header ?? "");
  return match?.[1];
}

/** A new random token (256 bits); only its SHA-256 is stored. */
export function newSessionToken(): string {
  return randomBytes(32).toString("base64url");
}

/** Starts a session for a reader: a new token (rotation), its hash stored with the device. */
export async function startSession(prisma: PrismaClient, userId: string, options: { userAgent?: string; now: Date }) {
  const token = newSessionToken();
  const expiresAt = new Date(options.now.getTime() + SESSION_LIFETIME_MS);
  const session = await prisma.session.create({
    data: {
      userId,
      tokenHash: hashSessionToken(token),
      userAgent: options.userAgent?.slice(0, 512) || null,
      createdAt: options.now,
      lastSeenAt: options.now,
      expiresAt,
    },
    select: { id: true },
  });
  return { token, expiresAt, sessionId: session.id };
}

/** "Firefox on Linux", "Safari on iPhone": what a reader recognises in their list of sessions. */
export function describeDevice(userAgent: string | null | undefined): string | null {
  if (!userAgent) return null;
  const parsed = Bowser.parse(userAgent);
  const browser = parsed.browser.name;
  const platform = parsed.platform.model && parsed.platform.type !== "desktop" ? parsed.platform.model : parsed.os.name;
  if (browser && platform) return `${browser} on ${platform}`;
  return browser || platform || userAgent.slice(0, 60);
}

/** The request's reader is signed out: the cookie goes, and the rest of the operation answers as to a visitor. */
export function signOutThisRequest(ctx: Context): void {
  ctx.sessionCookie.clear();
  ctx.viewer = null;
}
