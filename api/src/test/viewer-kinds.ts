import type { Database } from "../db/client.js";
import { seedTestCommerce, testCard, testCommerce } from "../features/commerce/test-commerce.js";
import { run } from "./execute.js";
import { buildReader } from "./factories.js";

/**
 * Every kind of viewer the access rules tell apart. The subscription kinds are made as a subscriber
 * gets there, through the API and the local payment provider with its test clock (its state lives in
 * the database, so a server on the same database sees them as the provider left them):
 * - past-due: a trial whose first charge failed (card 4000 0000 0000 0341); the grace period runs.
 * - cancelled-in-period: a trial charged, then cancelled after the refund window; the paid year runs.
 * - lapsed: premium that ended yesterday. admin: the console's role, on a free account.
 */
export const VIEWER_KINDS = ["visitor", "free", "trial", "premium", "past-due", "cancelled-in-period", "lapsed", "admin"] as const;
export type ViewerKind = (typeof VIEWER_KINDS)[number];

const SUBSCRIPTION = `__typename ... on PremiumSubscription { status cancelAtPeriodEnd } ... on Error { code }`;

/** A signed-in viewer of `kind` (its user id and a session token), or null for a visitor. */
export async function buildViewer(db: Database, kind: ViewerKind) {
  const prisma = db.prisma;
  switch (kind) {
    case "visitor":
      return null;
    case "free":
    case "trial":
    case "premium":
    case "lapsed": {
      const reader = await buildReader(prisma, { plan: kind });
      return { userId: reader.user.id, token: reader.token };
    }
    case "admin": {
      const reader = await buildReader(prisma);
      await prisma.user.update({ where: { id: reader.user.id }, data: { role: "ADMIN" } });
      return { userId: reader.user.id, token: reader.token };
    }
    case "past-due":
    case "cancelled-in-period": {
      if ((await prisma.plan.count()) === 0) await seedTestCommerce(prisma);
      const commerce = testCommerce(prisma);
      const reader = await buildReader(prisma);
      const as = async (query: string, variables: Record<string, unknown> = {}) => {
        const result = await run<Record<string, { __typename: string; status?: string; code?: string }>>(db, query, variables, {
          sessionToken: reader.token,
          commerce,
        });
        const answer = Object.values(result.data ?? {})[0];
        if (result.errors || answer?.code) throw new Error(`${kind}: ${JSON.stringify(result.errors ?? answer)}`);
        return answer!;
      };
      const card = kind === "past-due" ? "4000000000000341" : "4242424242424242";
      await as(`mutation ($pm: String!) { startTrial(paymentMethodId: $pm) { ${SUBSCRIPTION} } }`, { pm: await testCard(commerce, card) });
      // The trial ends on day 7 and the first charge is taken (or fails: PAST_DUE with a grace period).
      const afterTrial = await as(`mutation { advanceTestClock(days: 8) { ${SUBSCRIPTION} } }`);
      if (kind === "past-due") {
        if (afterTrial.status !== "PAST_DUE") throw new Error(`past-due: ${JSON.stringify(afterTrial)}`);
      } else {
        // Past the 7-day refund window, so cancelling keeps the paid period.
        await as(`mutation { advanceTestClock(days: 8) { ${SUBSCRIPTION} } }`);
        const cancelled = await as(`mutation { cancelSubscription(reason: "matrix") { ${SUBSCRIPTION} } }`);
        if (cancelled.status !== "ACTIVE" || !("cancelAtPeriodEnd" in cancelled) || !cancelled.cancelAtPeriodEnd)
          throw new Error(`cancelled-in-period: ${JSON.stringify(cancelled)}`);
      }
      return { userId: reader.user.id, token: reader.token };
    }
  }
}
