import type { Prisma } from "../../generated/prisma/client.js";

/**
 * Premium access: a reader is premium while one of their entitlements covers `now`. This is the one
 * place that decides it; commerce (trials, subscriptions, lifetime plans, vouchers) writes the rows,
 * support and tests grant them (source GRANT).
 */
export function activeEntitlementWhere(now: Date): Prisma.PremiumEntitlementWhereInput {
  return { startsAt: { lte: now }, OR: [{ endsAt: null }, { endsAt: { gt: now } }] };
}

export function isPremiumAt(entitlements: readonly { startsAt: Date; endsAt: Date | null }[], now: Date): boolean {
  return entitlements.some((e) => e.startsAt <= now && (e.endsAt === null || e.endsAt > now));
}
