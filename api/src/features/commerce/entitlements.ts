import type { Prisma } from "../../generated/prisma/client.js";
import { accessWindow } from "./subscription-state.js";

type Tx = Prisma.TransactionClient;

/**
 * Keeps the subscription's one PremiumEntitlement row in step with it (the access policy reads only
 * that table, through accounts/entitlement.ts): upserted by subscription id, removed when it gives none.
 */
export async function syncSubscriptionEntitlement(tx: Tx, subscriptionId: string): Promise<void> {
  const sub = await tx.subscription.findUniqueOrThrow({ where: { id: subscriptionId } });
  const window = accessWindow(sub);
  if (!window) {
    await tx.premiumEntitlement.deleteMany({ where: { subscriptionId } });
    return;
  }
  await tx.premiumEntitlement.upsert({
    where: { subscriptionId },
    create: { userId: sub.userId, subscriptionId, ...window },
    update: window,
  });
}
