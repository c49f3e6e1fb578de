import type { PrismaClient } from "../../generated/prisma/client.js";
import { RATE_LIMITS } from "../accounts/rate-limits.js";

/** Rate-limit counters kept under the account's email (log-in, sign-up… per account): personal data too. */
const PER_ACCOUNT_LIMITS = Object.keys(RATE_LIMITS).filter((name) => name.endsWith("PerAccount"));

/**
 * Erases a reader (LGPD art. 18, GDPR art. 17): the User row, and with it, by ON DELETE CASCADE, every
 * row that belongs to them (sessions, reading states, entitlements, onboarding answers…; a test checks
 * that every relation to User cascades), plus the rate-limit counters keyed by their email. What stays
 * is anonymous: the catalogue's read counts, which never named anyone. One transaction.
 */
export async function deleteAccount(prisma: PrismaClient, userId: string): Promise<void> {
  await prisma.$transaction(async (tx) => {
    const user = await tx.user.delete({ where: { id: userId }, select: { email: true } });
    const email = user.email.toLowerCase();
    await tx.rateLimit.deleteMany({ where: { key: { in: PER_ACCOUNT_LIMITS.map((name) => `${name}:${email}`) } } });
  });
}
