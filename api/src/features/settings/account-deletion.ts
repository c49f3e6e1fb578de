import type { PrismaClient } from "../../generated/prisma/client.js";
import { RATE_LIMITS } from "../accounts/rate-limits.js";

/** Rate-limit counters kept under the account's email (log-in, sign-up… per account): personal data too. */
const PER_ACCOUNT_LIMITS = Object.keys(RATE_LIMITS).filter((name) => name.endsWith("PerAccount"));
/** …and under the email with an address (`<email> <ip>`). */
const PER_ACCOUNT_AND_IP_LIMITS = Object.keys(RATE_LIMITS).filter((name) => name.endsWith("PerAccountAndIp"));

/**
 * Erases a reader (LGPD art. 18, GDPR art. 17): the User row, and with it, by ON DELETE CASCADE, every
 * row that belongs to them (sessions, reading states, entitlements, onboarding answers…; a test checks
 * that every relation to User cascades), plus the rate-limit counters keyed by their email and the
 * emails written to them (sent or waiting, to the account's address or to one it was changing to: they
 * hold names and links). What stays is anonymous: the catalogue's read counts, which never named
 * anyone. One transaction.
 */
export async function deleteAccount(prisma: PrismaClient, userId: string): Promise<void> {
  await prisma.$transaction(async (tx) => {
    // Read before the delete: the tokens go with the user.
    const changes = await tx.accountToken.findMany({ where: { userId, newEmail: { not: null } }, select: { newEmail: true } });
    const user = await tx.user.delete({ where: { id: userId }, select: { email: true, kindleEmail: true } });
    const email = user.email.toLowerCase();
    // Send to Kindle's mails (their EPUBs go with them) are the reader's too.
    const addresses = [user.email, ...changes.map((change) => change.newEmail!), ...(user.kindleEmail ? [user.kindleEmail] : [])];
    await tx.mailOutbox.deleteMany({
      where: { OR: addresses.map((address) => ({ to: { equals: address, mode: "insensitive" as const } })) },
    });
    await tx.rateLimit.deleteMany({
      where: {
        OR: [
          { key: { in: PER_ACCOUNT_LIMITS.map((name) => `${name}:${email}`) } },
          // Counted per account id rather than email.
          { key: `sendToKindlePerAccount:${userId}` },
          ...PER_ACCOUNT_AND_IP_LIMITS.map((name) => ({ key: { startsWith: `${name}:${email} ` } })),
        ],
      },
    });
  });
}
