import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../../test/database.js";
import { startTestServer } from "../../../test/http.js";
import { buildUser } from "../../../test/factories.js";
import { startHostedCheckout, startPlan } from "../checkout.js";
import { InsufficientFundsError, PaymentFailedError } from "../commerce.errors.js";
import { createCommerce, type CommerceRuntime } from "../commerce-runtime.js";
import { seedTestCommerce } from "../test-commerce.js";

// The Stripe SDK pointed at a local HTTP server: the requests the app really sends (form bodies,
// idempotency keys) are recorded and answered with canned Stripe objects.

const db = useTestDatabase();
const WEBHOOK_SECRET = "whsec_test_secret_for_brevia";
type Recorded = { method: string; path: string; body: URLSearchParams; idempotencyKey: string | undefined };
const requests: Recorded[] = [];
let declineAttach = false;
const now = Math.floor(Date.now() / 1000);

const subscriptionObject = (userId: string) => ({
  id: "sub_123",
  object: "subscription",
  customer: "cus_123",
  status: "trialing",
  currency: "brl",
  created: now,
  trial_end: now + 7 * 86400,
  cancel_at_period_end: false,
  canceled_at: null,
  ended_at: null,
  cancellation_details: { comment: null },
  metadata: { userId, planId: "annual", offerSlug: "" },
  default_payment_method: { id: "pm_123", object: "payment_method", card: { brand: "visa", last4: "4242" } },
  items: {
    object: "list",
    data: [{ id: "si_1", current_period_start: now, current_period_end: now + 7 * 86400, price: { unit_amount: 29900 } }],
  },
});

let userId = "";
const renewalInvoice = () => ({
  id: "in_2",
  object: "invoice",
  customer: "cus_123",
  currency: "brl",
  amount_paid: 29900,
  billing_reason: "subscription_cycle",
  parent: {
    type: "subscription_details",
    subscription_details: { subscription: "sub_123", metadata: { userId, planId: "annual", offerSlug: "" } },
  },
});
function answer(req: IncomingMessage, body: string): [number, object] {
  const path = req.url!.split("?")[0]!;
  requests.push({
    method: req.method!,
    path,
    body: new URLSearchParams(body),
    idempotencyKey: req.headers["idempotency-key"] as string | undefined,
  });
  if (path === "/v1/customers") return [200, { id: "cus_123", object: "customer" }];
  if (path.startsWith("/v1/customers/")) return [200, { id: "cus_123", object: "customer" }];
  if (path === "/v1/payment_methods/pm_123/attach") {
    if (declineAttach)
      return [
        402,
        {
          error: {
            type: "card_error",
            code: "card_declined",
            decline_code: "insufficient_funds",
            message: "Your card has insufficient funds.",
          },
        },
      ];
    return [200, { id: "pm_123", object: "payment_method" }];
  }
  if (path === "/v1/payment_methods/pm_forged/attach")
    return [
      404,
      {
        error: {
          type: "invalid_request_error",
          code: "resource_missing",
          param: "payment_method",
          message: "No such PaymentMethod: 'pm_forged'",
        },
      },
    ];
  if (path === "/v1/subscriptions" || path === "/v1/subscriptions/sub_123") return [200, subscriptionObject(userId)];
  if (path === "/v1/coupons") return [200, { id: new URLSearchParams(body).get("id"), object: "coupon" }];
  // A renewal: invoice in_2 of sub_123, paid by PaymentIntent pi_2's charge ch_2 (no metadata of its own, as Stripe makes it).
  const query = new URL(req.url!, "http://stripe.test").searchParams;
  if (path === "/v1/invoices/in_2") return [200, renewalInvoice()];
  if (path === "/v1/invoice_payments") {
    const found = query.get("invoice") === "in_2" || query.get("payment[payment_intent]") === "pi_2";
    const data = found
      ? [
          {
            id: "inpay_2",
            object: "invoice_payment",
            invoice: "in_2",
            status: "paid",
            payment: { type: "payment_intent", payment_intent: "pi_2" },
          },
        ]
      : [];
    return [200, { object: "list", data, has_more: false, url: "/v1/invoice_payments" }];
  }
  if (path === "/v1/payment_intents/pi_2")
    return [200, { id: "pi_2", object: "payment_intent", status: "succeeded", latest_charge: "ch_2" }];
  if (path === "/v1/charges/ch_2")
    return [
      200,
      {
        id: "ch_2",
        object: "charge",
        customer: "cus_123",
        payment_intent: "pi_2",
        currency: "brl",
        amount: 29900,
        amount_refunded: 0,
        created: now + 7 * 86400,
        metadata: {},
        payment_method_details: { type: "card", card: { brand: "visa", last4: "4242", installments: null } },
      },
    ];
  if (path === "/v1/payment_intents") return [200, { id: "pi_1", object: "payment_intent", status: "succeeded", latest_charge: "ch_1" }];
  if (path === "/v1/charges/ch_1") {
    const intent = requests.find((r) => r.path === "/v1/payment_intents")!.body;
    const count = intent.get("payment_method_options[card][installments][plan][count]");
    return [
      200,
      {
        id: "ch_1",
        object: "charge",
        customer: "cus_123",
        currency: intent.get("currency"),
        amount: Number(intent.get("amount")),
        amount_refunded: 0,
        created: now,
        metadata: { userId, planId: intent.get("metadata[planId]"), offerSlug: "" },
        payment_method_details: {
          type: "card",
          card: {
            brand: "visa",
            last4: "4242",
            installments: count ? { plan: { type: "fixed_count", count: Number(count), interval: "month" } } : null,
          },
        },
      },
    ];
  }
  if (path === "/v1/setup_intents") return [200, { id: "seti_1", object: "setup_intent", client_secret: "seti_1_secret_brevia" }];
  if (path === "/v1/checkout/sessions")
    return [200, { id: "cs_test_1", object: "checkout.session", url: "https://checkout.stripe.test/c/pay/cs_test_1" }];
  return [404, { error: { type: "invalid_request_error", message: `No route ${path}` } }];
}

let stripeApi: Server;
let commerce: CommerceRuntime;
beforeAll(async () => {
  stripeApi = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString()));
    req.on("end", () => {
      const [status, json] = answer(req, body);
      res.writeHead(status, { "content-type": "application/json", "request-id": "req_test" }).end(JSON.stringify(json));
    });
  });
  await new Promise<void>((resolve) => stripeApi.listen(0, "127.0.0.1", resolve));
  const { port } = stripeApi.address() as AddressInfo;
  commerce = createCommerce(
    db.prisma,
    {
      origin: "https://brevia.example",
      timeZone: "UTC",
      stripe: { secretKey: "sk_test_brevia", publishableKey: "pk_test_brevia", webhookSecret: WEBHOOK_SECRET },
      testClock: true,
      stripeApi: { host: "127.0.0.1", port, protocol: "http" },
    },
    { startWorker: false },
  );
});
afterAll(async () => {
  await commerce.stop();
  await new Promise((resolve) => stripeApi.close(resolve));
});

describe("the Stripe provider", () => {
  it("starts a trial with the server's price, the trial days, the reader in metadata and idempotency keys; the app follows", async () => {
    await seedTestCommerce(db.prisma);
    const user = await buildUser(db.prisma);
    userId = user.id;
    requests.length = 0;
    await startPlan(
      commerce,
      { userId: user.id, email: user.email, locale: "pt" },
      { planId: "annual", offerSlug: null, paymentMethodId: "pm_123", trial: true, now: new Date() },
    );
    const create = requests.find((r) => r.method === "POST" && r.path === "/v1/subscriptions")!;
    expect(create.body.get("trial_period_days")).toBe("7");
    expect(create.body.get("items[0][price_data][unit_amount]")).toBe("29900");
    expect(create.body.get("items[0][price_data][currency]")).toBe("brl");
    expect(create.body.get("items[0][price_data][recurring][interval]")).toBe("year");
    expect(create.body.get("metadata[userId]")).toBe(user.id);
    expect(create.body.get("payment_behavior")).toBe("error_if_incomplete");
    expect(create.idempotencyKey).toBe(`start:${user.id}:pm_123`);
    expect(requests.find((r) => r.path === "/v1/customers")!.idempotencyKey).toBe(`customer:STRIPE:${user.id}`);
    expect(requests.find((r) => r.path.endsWith("/attach"))!.idempotencyKey).toBe(`start:${user.id}:pm_123:attach`);
    for (const r of requests) expect(r.body.toString()).not.toMatch(/number|cvc/);
    const sub = await db.prisma.subscription.findUniqueOrThrow({ where: { providerSubscriptionId: "sub_123" } });
    expect(sub).toMatchObject({ status: "TRIALING", provider: "STRIPE", amount: 29900, currency: "BRL" });
    expect(await db.prisma.premiumEntitlement.findUniqueOrThrow({ where: { subscriptionId: sub.id } })).toMatchObject({ source: "TRIAL" });
  });

  it("the card element: prepareCardSetup makes a card-only, off-session SetupIntent (no amount, no card data) with an idempotency key, for a visitor too", async () => {
    const { app } = await startTestServer(db, { commerce });
    try {
      requests.length = 0;
      const res = await app.inject({
        method: "POST",
        url: "/graphql",
        payload: { query: "mutation { prepareCardSetup { __typename ... on CardSetup { clientSecret } } }" },
      });
      expect(res.json()).toEqual({ data: { prepareCardSetup: { __typename: "CardSetup", clientSecret: "seti_1_secret_brevia" } } });
      expect(requests).toHaveLength(1);
      const [setup] = requests;
      expect(setup!.path).toBe("/v1/setup_intents");
      expect(Object.fromEntries(setup!.body)).toEqual({
        "allowed_payment_method_types[0]": "card",
        usage: "off_session",
        "metadata[userId]": "",
      });
      expect(setup!.idempotencyKey).toMatch(/^card-setup:[0-9a-f-]{36}$/);
    } finally {
      await app.close();
    }
  });

  it("instalments: lifetime in MXN as one PaymentIntent confirmed with the chosen plan (server's amount); the annual subscription is refused in instalments", async () => {
    await seedTestCommerce(db.prisma);
    await db.prisma.planPrice.updateMany({ where: { planId: "lifetime" }, data: { maxInstallments: 12 } });
    const user = await buildUser(db.prisma);
    userId = user.id;
    const buyer = { userId: user.id, email: user.email, locale: "es" as const };
    requests.length = 0;
    await expect(
      startPlan(commerce, buyer, {
        planId: "annual",
        offerSlug: null,
        paymentMethodId: "pm_123",
        trial: false,
        now: new Date(),
        instalments: 3,
      }),
    ).rejects.toMatchObject({ code: "INSTALMENTS_UNAVAILABLE" });
    expect(requests).toEqual([]);
    await startPlan(commerce, buyer, {
      planId: "lifetime",
      offerSlug: null,
      paymentMethodId: "pm_123",
      trial: false,
      now: new Date(),
      instalments: 6,
    });
    const intent = requests.find((r) => r.path === "/v1/payment_intents")!;
    expect(Object.fromEntries(intent.body)).toMatchObject({
      amount: "249800",
      currency: "mxn",
      confirm: "true",
      "payment_method_options[card][installments][plan][type]": "fixed_count",
      "payment_method_options[card][installments][plan][count]": "6",
      "payment_method_options[card][installments][plan][interval]": "month",
      "metadata[userId]": user.id,
    });
    expect(intent.idempotencyKey).toBe(`start:${user.id}:pm_123`);
    expect(await db.prisma.receipt.findFirstOrThrow({ where: { userId: user.id }, select: { amount: true, instalments: true } })).toEqual({
      amount: 249800,
      instalments: 6,
    });
  });

  it("says a card refused for insufficient funds as the app's coded error", async () => {
    await seedTestCommerce(db.prisma);
    const user = await buildUser(db.prisma);
    declineAttach = true;
    try {
      await expect(
        startPlan(
          commerce,
          { userId: user.id, email: user.email, locale: "pt" },
          { planId: "monthly", offerSlug: null, paymentMethodId: "pm_123", trial: false, now: new Date() },
        ),
      ).rejects.toBeInstanceOf(InsufficientFundsError);
    } finally {
      declineAttach = false;
    }
    expect(await db.prisma.subscription.count({ where: { userId: user.id } })).toBe(0);
  });

  it("refuses a payment method Stripe never issued (a forged client value) as a payment error, not a server failure", async () => {
    await seedTestCommerce(db.prisma);
    const user = await buildUser(db.prisma);
    await expect(
      startPlan(
        commerce,
        { userId: user.id, email: user.email, locale: "pt" },
        { planId: "monthly", offerSlug: null, paymentMethodId: "pm_forged", trial: false, now: new Date() },
      ),
    ).rejects.toBeInstanceOf(PaymentFailedError);
    expect(await db.prisma.subscription.count({ where: { userId: user.id } })).toBe(0);
  });

  it("the hosted Checkout: a trial or an offer's subscription, lifetime as a payment with instalments in BRL; the server's prices and an idempotency key", async () => {
    await seedTestCommerce(db.prisma);
    const user = await buildUser(db.prisma);
    const buyer = { userId: user.id, email: user.email, locale: "pt" as const };
    const at = new Date("2026-12-02T01:00:30Z");
    const urls = { successUrl: "https://brevia.example/welcome-to-knowledge", cancelUrl: "https://brevia.example/try-now" };
    requests.length = 0;
    expect(await startHostedCheckout(commerce, buyer, { planId: "annual", offerSlug: null, trial: true, now: at, ...urls })).toEqual({
      url: "https://checkout.stripe.test/c/pay/cs_test_1",
    });
    const trial = requests.find((r) => r.path === "/v1/checkout/sessions")!;
    expect(Object.fromEntries(trial.body)).toMatchObject({
      mode: "subscription",
      customer: "cus_123",
      client_reference_id: user.id,
      "line_items[0][price_data][unit_amount]": "29900",
      "line_items[0][price_data][currency]": "brl",
      "line_items[0][price_data][recurring][interval]": "year",
      "subscription_data[trial_period_days]": "7",
      "subscription_data[metadata][userId]": user.id,
      "subscription_data[metadata][planId]": "annual",
      success_url: urls.successUrl,
      cancel_url: urls.cancelUrl,
    });
    expect(trial.idempotencyKey).toBe(`checkout:${user.id}:annual::7:${Math.floor(at.getTime() / 60_000)}`);

    requests.length = 0;
    await startHostedCheckout(commerce, buyer, { planId: "annual", offerSlug: "annual-50", trial: false, now: at, ...urls });
    expect(Object.fromEntries(requests.find((r) => r.path === "/v1/coupons")!.body)).toMatchObject({
      amount_off: "14950",
      currency: "brl",
      duration: "once",
    });
    const offer = requests.find((r) => r.path === "/v1/checkout/sessions")!;
    expect(offer.body.get("discounts[0][coupon]")).toBe("brevia-annual-50-brl-14950");
    expect(offer.body.get("subscription_data[metadata][offerSlug]")).toBe("annual-50");
    expect(offer.body.has("subscription_data[trial_period_days]")).toBe(false);

    requests.length = 0;
    await startHostedCheckout(commerce, buyer, { planId: "lifetime", offerSlug: null, trial: false, now: at, ...urls });
    const lifetime = Object.fromEntries(requests.find((r) => r.path === "/v1/checkout/sessions")!.body);
    expect(lifetime).toMatchObject({
      mode: "payment",
      "line_items[0][price_data][unit_amount]": "60000",
      "payment_intent_data[metadata][planId]": "lifetime",
    });
    expect(lifetime["line_items[0][price_data][recurring][interval]"]).toBeUndefined();
    // The test catalogue's BRL lifetime price has no instalments; the annual one has 12 but is a subscription.
    expect(lifetime["payment_method_options[card][installments][enabled]"]).toBeUndefined();
    await db.prisma.planPrice.update({
      where: { planId_currency: { planId: "lifetime", currency: "BRL" } },
      data: { maxInstallments: 12 },
    });
    requests.length = 0;
    await startHostedCheckout(commerce, buyer, {
      planId: "lifetime",
      offerSlug: null,
      trial: false,
      now: new Date(at.getTime() + 60_000),
      ...urls,
    });
    expect(requests.find((r) => r.path === "/v1/checkout/sessions")!.body.get("payment_method_options[card][installments][enabled]")).toBe(
      "true",
    );
    expect(await db.prisma.subscription.count({ where: { userId: user.id } })).toBe(0);
  });

  it("/webhooks/stripe verifies the raw body's signature, stores each event once and refetches the subscription", async () => {
    const user = await buildUser(db.prisma);
    userId = user.id;
    const { app } = await startTestServer(db, { commerce });
    try {
      const payload = JSON.stringify({
        id: "evt_1",
        object: "event",
        type: "customer.subscription.updated",
        data: { object: { id: "sub_123", object: "subscription" } },
      });
      const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
      const post = (body: string, sig: string) =>
        app.inject({
          method: "POST",
          url: "/webhooks/stripe",
          headers: { "content-type": "application/json", "stripe-signature": sig },
          payload: body,
        });
      const first = await post(payload, signature);
      expect(first.statusCode).toBe(200);
      expect(first.json()).toEqual({ received: true, result: "applied" });
      for (let i = 0; i < 10; i++) expect((await post(payload, signature)).json()).toEqual({ received: true, result: "duplicate" });
      expect(await db.prisma.providerEvent.count()).toBe(1);
      expect(await db.prisma.subscription.count({ where: { userId: user.id, status: "TRIALING" } })).toBe(1);
      expect((await post(payload.replace("evt_1", "evt_2"), signature)).statusCode).toBe(400);
      const wrongSecret = Stripe.webhooks.generateTestHeaderString({ payload, secret: "whsec_other" });
      expect((await post(payload, wrongSecret)).statusCode).toBe(400);
      const old = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET, timestamp: now - 3600 });
      expect((await post(payload, old)).statusCode).toBe(400);
    } finally {
      await app.close();
    }
  });

  it("a renewal's invoice.paid records one receipt for the subscription's reader: its events delivered 10 times each, reordered and interleaved", async () => {
    await seedTestCommerce(db.prisma);
    const user = await buildUser(db.prisma);
    const other = await buildUser(db.prisma);
    userId = user.id;
    const { app } = await startTestServer(db, { commerce });
    try {
      const event = (id: string, type: string, object: object) => {
        const payload = JSON.stringify({ id, object: "event", type, data: { object } });
        return { payload, signature: Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }) };
      };
      const events = [
        event("evt_renewal_invoice", "invoice.paid", renewalInvoice()),
        event("evt_renewal_charge", "charge.succeeded", { id: "ch_2", object: "charge" }),
        event("evt_renewal_sub", "customer.subscription.updated", { id: "sub_123", object: "subscription" }),
      ];
      // Each event 10 times; the order shuffled (a fixed seed: the same run every time), some sent at once.
      const deliveries = events.flatMap((e) => Array.from({ length: 10 }, () => e));
      let seed = 7;
      const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
      for (let i = deliveries.length - 1; i > 0; i--) {
        const j = Math.floor(random() * (i + 1));
        [deliveries[i], deliveries[j]] = [deliveries[j]!, deliveries[i]!];
      }
      const results: string[] = [];
      for (let i = 0; i < deliveries.length; i += 3) {
        const batch = deliveries.slice(i, i + 3).map((d) =>
          app.inject({
            method: "POST",
            url: "/webhooks/stripe",
            headers: { "content-type": "application/json", "stripe-signature": d.signature },
            payload: d.payload,
          }),
        );
        for (const res of await Promise.all(batch)) {
          expect(res.statusCode).toBe(200);
          results.push((res.json() as { result: string }).result);
        }
      }
      expect(results.filter((r) => r === "applied")).toHaveLength(3);
      expect(results.filter((r) => r === "duplicate")).toHaveLength(27);
      const receipts = await db.prisma.receipt.findMany({
        include: { subscription: { select: { providerSubscriptionId: true, userId: true } } },
      });
      expect(receipts).toHaveLength(1);
      expect(receipts[0]).toMatchObject({
        userId: user.id,
        providerChargeId: "ch_2",
        planId: "annual",
        currency: "BRL",
        amount: 29900,
        cardLast4: "4242",
        subscription: { providerSubscriptionId: "sub_123", userId: user.id },
      });
      expect(await db.prisma.receipt.count({ where: { userId: other.id } })).toBe(0);
      expect(await db.prisma.mailOutbox.count({ where: { to: user.email, template: "receipt" } })).toBe(1);
    } finally {
      await app.close();
    }
  });
});
