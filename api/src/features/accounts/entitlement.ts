/**
 * Premium access: a reader is premium while one of their entitlements covers `now`. This is the one
 * place that decides it; commerce (trials, subscriptions, lifetime plans, vouchers) writes the rows,
 * support and tests grant them (source GRANT).
 */
export function isPremiumAt(entitlements: readonly { startsAt: Date; endsAt: Date | null }[], now: Date): boolean {
  return entitlements.some((e) => e.startsAt <= now && (e.endsAt === null || e.endsAt > now));
}
