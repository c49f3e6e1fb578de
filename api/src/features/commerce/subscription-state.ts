import type { EntitlementSource, SubscriptionStatus } from "../../generated/prisma/enums.js";

/** A PAST_DUE subscription keeps access this long after the failed renewal while the card is retried. */
export const GRACE_DAYS = 7;
/** A first charge refunded when cancelled within this many days of it (Brazil's right of withdrawal, for everyone). */
export const REFUND_WINDOW_DAYS = 7;
const DAY = 86_400_000;

type SubscriptionFacts = {
  status: SubscriptionStatus;
  createdAt: Date;
  trialEndsAt: Date | null;
  currentPeriodEnd: Date | null;
  graceEndsAt: Date | null;
  endedAt: Date | null;
};

/**
 * The premium window a subscription gives, for the one entitlement table isPremiumAt reads: TRIALING
 * to the trial's end, ACTIVE to the period's end (null: lifetime), PAST_DUE to the grace's end, CANCELED
 * and UNPAID to when they ended, INCOMPLETE none.
 */
export function accessWindow(sub: SubscriptionFacts): { source: EntitlementSource; startsAt: Date; endsAt: Date | null } | null {
  const startsAt = sub.createdAt;
  const lifetime = sub.currentPeriodEnd === null && sub.trialEndsAt === null;
  const source: EntitlementSource = lifetime ? "LIFETIME" : sub.status === "TRIALING" ? "TRIAL" : "SUBSCRIPTION";
  switch (sub.status) {
    case "TRIALING":
      return { source, startsAt, endsAt: sub.trialEndsAt };
    case "ACTIVE":
      return { source, startsAt, endsAt: sub.currentPeriodEnd };
    case "PAST_DUE":
      return { source, startsAt, endsAt: sub.graceEndsAt ?? sub.currentPeriodEnd };
    case "CANCELED":
    case "UNPAID":
      return sub.endedAt && sub.endedAt > startsAt ? { source, startsAt, endsAt: sub.endedAt } : null;
    case "INCOMPLETE":
      return null;
  }
}

/** Whether a charge paid at `paidAt` is still refundable on cancelling at `now`. */
export const withinRefundWindow = (paidAt: Date, now: Date) => now.getTime() - paidAt.getTime() <= REFUND_WINDOW_DAYS * DAY;

export const addDays = (date: Date, days: number) => new Date(date.getTime() + days * DAY);
