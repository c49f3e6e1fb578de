import { createHash } from "node:crypto";
import type { PrismaClient, User } from "../../generated/prisma/client.js";
import type { Language, UserRole } from "../../generated/prisma/enums.js";
import { isPremiumAt } from "./entitlement.js";
import { findSession } from "./session-lookups.js";

/** Last use is recorded at most this often per session (one write, not one per request). */
export const SESSION_TOUCH_INTERVAL_MS = 5 * 60 * 1000;

export const SESSION_COOKIE = "brevia_session";

export type Viewer = {
  id: string;
  email: string;
  name: string;
  /** READER, or ADMIN: the `admin` scope. */
  role: UserRole;
  interfaceLanguage: Language;
  contentLanguage: Language;
  /** Trial, subscriber or granted: decided by entitlement.ts. */
  isPremium: boolean;
  sessionId: string;
  /**
   * The reader's whole row as the session lookup read it (this request's statement, never cached):
   * the \`viewer\` field answers from it. Absent on viewers built by hand (tests).
   */
  record?: User;
};

export function hashSessionToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/**
 * The reader behind a session token, or null when it is unknown or expired. One SQL statement, shared
 * with the other requests looking up their session at the same moment (session-lookups.ts).
 */
export async function loadViewer(prisma: PrismaClient, token: string | undefined, now = new Date()): Promise<Viewer | null> {
  if (!token) return null;
  const session = await findSession(prisma, hashSessionToken(token), now);
  if (!session || session.expiresAt <= now) return null;
  // Last use, for the reader's list of sessions: written at most once per interval, not per request.
  if (now.getTime() - session.lastSeenAt.getTime() > SESSION_TOUCH_INTERVAL_MS) {
    await prisma.session.updateMany({ where: { id: session.id }, data: { lastSeenAt: now } });
  }
  const { entitlements, ...record } = session.user;
  const { id, email, name, role, interfaceLanguage, contentLanguage } = record;
  return {
    id,
    email,
    name,
    role,
    interfaceLanguage,
    contentLanguage,
    isPremium: isPremiumAt(entitlements, now),
    sessionId: session.id,
    record,
  };
}
