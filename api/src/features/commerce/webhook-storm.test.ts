import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client.js";
import { startServer, type ServerProcess } from "../../test/server-process.js";
import { testPostgresUrl, useThrowawayPostgres } from "../../test/throwaway-postgres.js";

/**
 * A webhook storm (#23): Stripe's events for one subscription — created, trial ending, paid, past due,
 * paid again — each delivered 10 times, shuffled, concurrently, to two production instances on one
 * PostgreSQL, one of which is killed (SIGKILL) mid-storm and started again. Deliveries that fail (the
 * instance is gone, or answers an error) are delivered again later, as Stripe retries. The instances
 * reach Stripe's API through STRIPE_API_URL, here a fake that answers with the objects' current state
 * (each event is applied by refetching its object). The end: one subscription in Stripe's state, its
 * one entitlement, each event stored once, each receipt and its mail once. PostgreSQL only (two
 * processes): this file runs in the PostgreSQL pass, in a database of its own, dropped afterwards.
 */
const WEBHOOK_SECRET = "whsec_storm_0123456789";
const DAY = 86_400;

describe.runIf(testPostgresUrl)("payment events in a storm, on two instances, one killed and restarted", () => {
  const postgres = useThrowawayPostgres("webhook storm");
  let db: Database;
  let stripeApi: Server;
  let env: Record<string, string>;
  const instances: ServerProcess[] = [];
  const now = Math.floor(Date.now() / 1000);
  let userId = "";

  // Stripe's current state, which a refetch returns: the subscription active again after a failed renewal
  // was paid on retry, and its two charges.
  const subscription = () => ({
    id: "sub_storm",
    object: "subscription",
    customer: "cus_storm",
    status: "active",
    currency: "brl",
    created: now - 40 * DAY,
    trial_end: now - 33 * DAY,
    cancel_at_period_end: false,
    canceled_at: null,
    ended_at: null,
    cancellation_details: { comment: null },
    metadata: { userId, planId: "monthly", offerSlug: "" },
    default_payment_method: { id: "pm_storm", object: "payment_method", card: { brand: "visa", last4: "4242" } },
    items: {
      object: "list",
      data: [{ id: "si_storm", current_period_start: now - 3 * DAY, current_period_end: now + 27 * DAY, price: { unit_amount: 4990 } }],
    },
  });
  // As Stripe makes them for a subscription: the charges carry no metadata of Brevia's; the reader and
  // plan come from the invoice each paid (the subscription's metadata, snapshotted on it).
  const charge = (id: string, created: number) => ({
    id,
    object: "charge",
    customer: "cus_storm",
    currency: "brl",
    amount: 4990,
    amount_refunded: 0,
    created,
    metadata: {},
    payment_intent: `pi_${id}`,
    payment_method_details: { type: "card", card: { brand: "visa", last4: "4242" } },
  });
  const invoice = (id: string, chargeId: string) => ({
    id,
    object: "invoice",
    customer: "cus_storm",
    amount_paid: 4990,
    status: "paid",
    parent: {
      type: "subscription_details",
      subscription_details: { subscription: "sub_storm", metadata: { userId, planId: "monthly", offerSlug: "" } },
    },
    charge: chargeId,
  });
  const charges: Record<string, object> = {};
  const invoices: Record<string, { id: string; charge: string }> = {};

  /** What Stripe's API answers the SDK's GETs in this story (anything else: resource_missing). */
  function stripeAnswer(url: URL): object | undefined {
    const path = url.pathname;
    if (path === "/v1/subscriptions/sub_storm") return subscription();
    if (path === "/v1/customers/cus_storm") return { id: "cus_storm", object: "customer", metadata: { userId } };
    if (path.startsWith("/v1/charges/")) return charges[path.slice("/v1/charges/".length)];
    if (path.startsWith("/v1/invoices/")) return invoices[path.slice("/v1/invoices/".length)];
    if (path === "/v1/invoice_payments") {
      const byInvoice = url.searchParams.get("invoice");
      const byIntent = url.searchParams.get("payment[payment_intent]");
      const paid = Object.values(invoices).find((i) => i.id === byInvoice || `pi_${i.charge}` === byIntent);
      const data = paid
        ? [{ object: "invoice_payment", invoice: paid.id, status: "paid", payment: { type: "charge", charge: paid.charge } }]
        : [];
      return { object: "list", data, has_more: false, url: path };
    }
    return undefined;
  }

  beforeAll(async () => {
    db = postgres.db;
    const user = await db.prisma.user.create({ data: { email: "storm@brevia.test", name: "Storm", contentLanguage: "pt" } });
    userId = user.id;
    await db.prisma.billingCustomer.create({ data: { userId, provider: "STRIPE", providerCustomerId: "cus_storm", currency: "BRL" } });
    Object.assign(charges, { ch_first: charge("ch_first", now - 33 * DAY), ch_renewal: charge("ch_renewal", now - 2 * DAY) });
    Object.assign(invoices, { in_first: invoice("in_first", "ch_first"), in_renewal: invoice("in_renewal", "ch_renewal") });

    stripeApi = createServer((req, res) => {
      const found = req.method === "GET" ? stripeAnswer(new URL(req.url!, "http://stripe.test")) : undefined;
      res
        .writeHead(found ? 200 : 404, { "content-type": "application/json", "request-id": "req_storm" })
        .end(
          JSON.stringify(found ?? { error: { type: "invalid_request_error", code: "resource_missing", message: `No such ${req.url}` } }),
        );
    });
    await new Promise<void>((resolve) => stripeApi.listen(0, "127.0.0.1", resolve));
    env = postgres.productionEnv({
      STRIPE_SECRET_KEY: "sk_test_storm",
      STRIPE_PUBLISHABLE_KEY: "pk_test_storm",
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: `http://127.0.0.1:${(stripeApi.address() as AddressInfo).port}`,
    });
    instances.push(...(await Promise.all([startServer(env), startServer(env)])));
  }, 120_000);

  afterAll(async () => {
    await Promise.all(instances.map((instance) => instance.stop()));
    if (stripeApi) await new Promise((resolve) => stripeApi.close(resolve));
  });

  it("ends in Stripe's state: one subscription and entitlement, each event stored once, each receipt and its mail once", async () => {
    const event = (id: string, type: string, object: object) => ({ id, object: "event", type, created: now, data: { object } });
    const sub = { id: "sub_storm", object: "subscription" };
    const events = [
      event("evt_created", "customer.subscription.created", sub),
      event("evt_trial_will_end", "customer.subscription.trial_will_end", sub),
      event("evt_trial_over", "customer.subscription.updated", sub),
      event("evt_first_charge", "charge.succeeded", { id: "ch_first", object: "charge" }),
      event("evt_first_invoice", "invoice.paid", {
        id: "in_first",
        object: "invoice",
        parent: { subscription_details: { subscription: "sub_storm" } },
      }),
      event("evt_past_due", "customer.subscription.updated", sub),
      event("evt_renewal_charge", "charge.succeeded", { id: "ch_renewal", object: "charge" }),
      event("evt_renewal_invoice", "invoice.paid", {
        id: "in_renewal",
        object: "invoice",
        parent: { subscription_details: { subscription: "sub_storm" } },
      }),
      event("evt_active_again", "customer.subscription.updated", sub),
    ].map((e) => JSON.stringify(e));
    // Ten deliveries of each, in a shuffled order (a fixed seed: the same storm every run).
    let seed = 20_261_202;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    const queue = events.flatMap((payload) => Array.from({ length: 10 }, () => payload)).sort(() => random() - 0.5);

    const answers: string[] = [];
    let failures = 0;
    let lastFailure = "";
    let sent = 0;
    const deliver = async (payload: string) => {
      // Stripe signs each attempt anew (its timestamp).
      const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
      const target = instances[sent++ % instances.length]!;
      try {
        const res = await fetch(`${target.baseUrl}/webhooks/stripe`, {
          method: "POST",
          headers: { "content-type": "application/json", "stripe-signature": signature },
          body: payload,
          signal: AbortSignal.timeout(10_000),
        });
        if (!res.ok) throw new Error(`${res.status}: ${await res.text()}`);
        answers.push(((await res.json()) as { result: string }).result);
      } catch (error) {
        // The instance died under it, or refused: Stripe tries again later (a few times, not forever).
        failures++;
        lastFailure = error instanceof Error ? error.message : String(error);
        if (failures > 40) throw new Error(`deliveries keep failing: ${lastFailure}`);
        queue.push(payload);
      }
    };

    let killed = false;
    while (queue.length) {
      const batch = queue.splice(0, 8);
      const storm = Promise.all(batch.map(deliver));
      if (!killed && answers.length >= 24) {
        // Mid-storm, with deliveries in flight: the second instance is killed, then started again.
        killed = true;
        const victim = instances[1]!;
        process.kill(victim.pid, "SIGKILL");
        await storm;
        await victim.stop();
        instances[1] = await startServer(env);
      } else {
        await storm;
      }
    }

    expect(killed).toBe(true);
    // Every delivery answered in the end; those lost to the kill (or refused) were sent again.
    expect(answers.length).toBe(events.length * 10);
    expect(sent).toBe(answers.length + failures);
    // Each event applied at most once (one applied while its instance died may have lost its answer).
    expect(answers.filter((result) => result === "applied").length).toBeLessThanOrEqual(events.length);
    expect(await db.prisma.providerEvent.count()).toBe(events.length);

    const subscriptions = await db.prisma.subscription.findMany({ where: { userId } });
    expect(subscriptions).toHaveLength(1);
    expect(subscriptions[0]).toMatchObject({
      provider: "STRIPE",
      providerSubscriptionId: "sub_storm",
      status: "ACTIVE",
      currentPeriodEnd: new Date((now + 27 * DAY) * 1000),
      graceEndsAt: null,
    });
    const entitlements = await db.prisma.premiumEntitlement.findMany({ where: { userId } });
    expect(entitlements).toEqual([
      expect.objectContaining({ subscriptionId: subscriptions[0]!.id, endsAt: new Date((now + 27 * DAY) * 1000) }),
    ]);
    const receipts = await db.prisma.receipt.findMany({ where: { userId }, orderBy: { paidAt: "asc" } });
    expect(receipts.map((r) => [r.providerChargeId, r.amount, r.refundedAmount])).toEqual([
      ["ch_first", 4990, 0],
      ["ch_renewal", 4990, 0],
    ]);
    const mails = await db.prisma.mailOutbox.groupBy({ by: ["template"], where: { to: "storm@brevia.test" }, _count: true });
    const counted = Object.fromEntries(mails.map((m) => [m.template, m._count]));
    expect(counted.receipt).toBe(2);
    for (const [template, count] of Object.entries(counted)) if (template !== "receipt") expect(count, template).toBe(1);
    // No job left for a trial long over.
    expect(await db.prisma.job.count({ where: { kind: "trial-reminder", doneAt: null } })).toBe(0);
  }, 180_000);
});
