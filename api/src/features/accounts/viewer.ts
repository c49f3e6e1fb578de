import { createHash } from "node:crypto";
import type { PrismaClient } from "../../generated/prisma/client.js";
import type { Language } from "../../generated/prisma/enums.js";

export const SESSION_COOKIE = "brevia_session";

export type Viewer = {
  id: string;
  email: string;
  name: string;
  interfaceLanguage: Language;
  contentLanguage: Language;
  /** Trial or paid subscriber. Subscriptions arrive with the commerce feature; until then nobody is. */
  isPremium: boolean;
  sessionId: string;
};

export function hashSessionToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** The reader behind a session cookie, or null when the token is unknown or expired. */
export async function loadViewer(prisma: PrismaClient, token: string | undefined, now = new Date()): Promise<Viewer | null> {
  if (!token) return null;
  const session = await prisma.session.findUnique({
    where: { tokenHash: hashSessionToken(token) },
    select: {
      id: true,
      expiresAt: true,
      user: { select: { id: true, email: true, name: true, interfaceLanguage: true, contentLanguage: true } },
    },
  });
  if (!session || session.expiresAt <= now) return null;
  return { ...session.user, isPremium: false, sessionId: session.id };
}
