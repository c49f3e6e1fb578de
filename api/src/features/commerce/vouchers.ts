import { randomInt } from "node:crypto";
import { Prisma, type PrismaClient } from "../../generated/prisma/client.js";
import { InvalidCodeError } from "./commerce.errors.js";

/** Upper-case, no spaces: "brevia welcome 30" and "BREVIA-WELCOME-30 " are typed forms of one code. */
export const normalizeCode = (code: string) => code.trim().toUpperCase().replace(/\s+/g, "-");

// No 0/O, 1/I/L: codes are read aloud and typed from paper.
const ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
export function generateCode(): string {
  const group = () => Array.from({ length: 4 }, () => ALPHABET[randomInt(ALPHABET.length)]).join("");
  return `${group()}-${group()}-${group()}`;
}

const addMonths = (date: Date, months: number) => {
  const d = new Date(date);
  d.setUTCMonth(d.getUTCMonth() + months);
  return d;
};

/**
 * Redeems a code for the reader: one statement claims a use (the row lock serialises concurrent
 * redemptions, and the WHERE re-checks the count, expiry and the reader's earlier redemption after
 * the wait, so 100 racing readers of a one-use code get exactly one success), then the redemption
 * (unique per voucher and reader) and its entitlement. Every refusal is InvalidCodeError.
 */
export async function redeemVoucher(prisma: PrismaClient, input: { userId: string; code: string; now: Date }) {
  const code = normalizeCode(input.code);
  if (!code) throw new InvalidCodeError();
  try {
    return await prisma.$transaction(async (tx) => {
      const [voucher] = await tx.$queryRaw<{ id: string; days: number | null; planId: string | null }[]>`
        UPDATE "Voucher" v SET "redemptionCount" = v."redemptionCount" + 1
        WHERE v."code" = ${code} AND v."redemptionCount" < v."maxRedemptions"
          AND (v."expiresAt" IS NULL OR v."expiresAt" > ${input.now})
          AND NOT EXISTS (SELECT 1 FROM "VoucherRedemption" r WHERE r."voucherId" = v."id" AND r."userId" = ${input.userId})
        RETURNING v."id", v."days", v."planId"`;
      if (!voucher) throw new InvalidCodeError();
      const redemption = await tx.voucherRedemption.create({
        data: { voucherId: voucher.id, userId: input.userId, redeemedAt: input.now },
        select: { id: true },
      });
      const plan = voucher.planId ? await tx.plan.findUniqueOrThrow({ where: { id: voucher.planId }, select: { interval: true } }) : null;
      const endsAt =
        voucher.days !== null
          ? new Date(input.now.getTime() + voucher.days * 86_400_000)
          : plan?.interval === "YEAR"
            ? addMonths(input.now, 12)
            : plan?.interval === "MONTH"
              ? addMonths(input.now, 1)
              : null;
      await tx.premiumEntitlement.create({
        data: { userId: input.userId, source: "VOUCHER", startsAt: input.now, endsAt, voucherRedemptionId: redemption.id },
      });
      return { premiumUntil: endsAt };
    });
  } catch (error) {
    // The same reader redeeming twice at once: the unique (voucher, reader) refuses the second.
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") throw new InvalidCodeError();
    throw error;
  }
}

/** A batch of new codes (the CLI; later the admin console). */
export async function createVouchers(
  prisma: PrismaClient,
  input: { count: number; days?: number; planId?: string; uses: number; expiresAt?: Date },
): Promise<string[]> {
  const codes = new Set<string>();
  while (codes.size < input.count) codes.add(generateCode());
  await prisma.voucher.createMany({
    data: [...codes].map((code) => ({
      code,
      days: input.days ?? null,
      planId: input.planId ?? null,
      maxRedemptions: input.uses,
      expiresAt: input.expiresAt ?? null,
    })),
  });
  return [...codes];
}
