import { randomBytes } from "node:crypto";
import type { Prisma, PrismaClient } from "../../generated/prisma/client.js";
import type { AccountTokenPurpose } from "../../generated/prisma/enums.js";
import { hashSessionToken } from "./viewer.js";

type Db = PrismaClient | Prisma.TransactionClient;

/** How long a mailed link works. */
export const ACCOUNT_TOKEN_LIFETIME_MS: Record<AccountTokenPurpose, number> = {
  PASSWORD_RESET: 60 * 60 * 1000,
  EMAIL_CHANGE: 24 * 60 * 60 * 1000,
  CREATE_PASSWORD: 7 * 24 * 60 * 60 * 1000,
};

/**
 * A new link token for a reader (256 random bits; only its SHA-256 is stored). Earlier unused tokens
 * of the same purpose stop working: only the newest email's link counts.
 */
export async function issueAccountToken(
  db: Db,
  input: { userId: string; purpose: AccountTokenPurpose; newEmail?: string; now: Date },
): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await db.accountToken.deleteMany({ where: { userId: input.userId, purpose: input.purpose, usedAt: null } });
  await db.accountToken.create({
    data: {
      tokenHash: hashSessionToken(token),
      purpose: input.purpose,
      userId: input.userId,
      newEmail: input.newEmail ?? null,
      expiresAt: new Date(input.now.getTime() + ACCOUNT_TOKEN_LIFETIME_MS[input.purpose]),
      createdAt: input.now,
    },
  });
  return token;
}

/**
 * Uses a token once: one conditional UPDATE marks it used only if it is unused and unexpired, so two
 * requests with one link cannot both succeed. Null: unknown, expired, used, or another purpose.
 */
export async function claimAccountToken(
  db: Db,
  token: string,
  purpose: AccountTokenPurpose,
  now: Date,
): Promise<{ userId: string; newEmail: string | null } | null> {
  if (!/^[A-Za-z0-9_-]{16,128}$/.test(token)) return null;
  const tokenHash = hashSessionToken(token);
  const { count } = await db.accountToken.updateMany({
    where: { tokenHash, purpose, usedAt: null, expiresAt: { gt: now } },
    data: { usedAt: now },
  });
  if (count !== 1) return null;
  return db.accountToken.findUniqueOrThrow({ where: { tokenHash }, select: { userId: true, newEmail: true } });
}
