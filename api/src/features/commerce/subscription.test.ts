import { describe, expect, it } from "vitest";
import { isPremiumAt } from "../accounts/entitlement.js";
import { useTestDatabase } from "../../test/database.js";
import { run } from "../../test/execute.js";
import { buildReader } from "../../test/factories.js";
import { handleWebhook } from "./events.js";
import { seedTestCommerce, testCard, testCommerce } from "./test-commerce.js";

const db = useTestDatabase();
const DAY = 86_400_000;

const SUB = `status planId amount currency trialEndsAt currentPeriodEnd cancelAtPeriodEnd nextChargeAt graceEndsAt lifetime`;
type Sub = {
  status: string;
  planId: string;
  amount: number;
  currency: string;
  trialEndsAt: string | null;
  currentPeriodEnd: string | null;
  cancelAtPeriodEnd: boolean;
  nextChargeAt: string | null;
  graceEndsAt: string | null;
  lifetime: boolean;
};
const RESULT = `__typename ... on PremiumSubscription { ${SUB} } ... on Error { code }`;
const START_TRIAL = `mutation ($pm: String!) { startTrial(paymentMethodId: $pm) { ${RESULT} } }`;
const SUBSCRIBE = `mutation ($plan: String!, $offer: String, $pm: String!) { subscribe(planId: $plan, offerSlug: $offer, paymentMethodId: $pm) { ${RESULT} } }`;
const CANCEL = `mutation ($reason: String) { cancelSubscription(reason: $reason) { ${RESULT} } }`;
const RESUME = `mutation { resumeSubscription { ${RESULT} } }`;
const CLOCK = `mutation ($days: Int!) { advanceTestClock(days: $days) { ${RESULT} } }`;
const VIEWER = `{ viewer { isPremium subscription { ${SUB} } receipts { amount currency refundedAmount cardLast4 } paymentCard { brand last4 } } }`;
type Viewer = {
  viewer: {
    isPremium: boolean;
    subscription: Sub | null;
    receipts: { amount: number; currency: string; refundedAmount: number; cardLast4: string }[];
    paymentCard: { brand: string; last4: string } | null;
  };
};

async function setup(language = "pt") {
  await seedTestCommerce(db.prisma);
  const commerce = testCommerce(db.prisma);
  const { user, token } = await buildReader(db.prisma);
  const as = <T>(query: string, variables: Record<string, unknown> = {}) =>
    run<Record<string, T>>(db, query, variables, { sessionToken: token, commerce, acceptLanguage: language }).then((r) => {
      expect(r.errors).toBeUndefined();
      return Object.values(r.data!)[0]! as T;
    });
  const viewer = () => as<Viewer["viewer"]>(VIEWER);
  const mails = (template: string) => db.prisma.mailOutbox.count({ where: { to: user.email, template } });
  return { commerce, user, token, as, viewer, mails };
}

describe("subscriptions through the local provider", () => {
  it("a trial with 4242: premium to the trial's end, the reminder 2 days before, then the annual charge in the reader's currency", async () => {
    const { commerce, as, viewer, mails } = await setup("en");
    const before = Date.now();
    const started = await as<Sub>(START_TRIAL, { pm: await testCard(commerce, "4242 4242 4242 4242") });
    expect(started).toMatchObject({ status: "TRIALING", planId: "annual", amount: 7990, currency: "USD", cancelAtPeriodEnd: false });
    const trialEnd = Date.parse(started.trialEndsAt!);
    expect(trialEnd - before).toBeGreaterThanOrEqual(7 * DAY - 1000);
    expect(trialEnd - before).toBeLessThan(7 * DAY + 60_000);
    expect(started.nextChargeAt).toBe(started.trialEndsAt);
    const v = await viewer();
    expect(v.isPremium).toBe(true);
    expect(v.paymentCard).toEqual({ brand: "visa", last4: "4242" });
    expect(v.receipts).toEqual([]);

    await as(CLOCK, { days: 4 });
    expect(await mails("trial-reminder")).toBe(0);
    await as(CLOCK, { days: 2 }); // 2 days before the end
    await commerce.runDue();
    expect(await mails("trial-reminder")).toBe(1);
    const after = await as<Sub>(CLOCK, { days: 2 });
    expect(after.status).toBe("ACTIVE");
    expect(Date.parse(after.currentPeriodEnd!) - Date.parse(after.trialEndsAt!)).toBeGreaterThan(364 * DAY);
    const charged = await viewer();
    expect(charged.receipts).toEqual([{ amount: 7990, currency: "USD", refundedAmount: 0, cardLast4: "4242" }]);
    expect(charged.isPremium).toBe(true);
    expect(await mails("receipt")).toBe(1);
    await commerce.runDue();
    expect(await mails("trial-reminder")).toBe(1);
  });

  it("declined and insufficient-funds cards answer the provider's errors and change nothing", async () => {
    const { commerce, as, viewer, user } = await setup();
    expect(await as(START_TRIAL, { pm: await testCard(commerce, "4000000000000002") })).toEqual({
      __typename: "CardDeclinedError",
      code: "CARD_DECLINED",
    });
    expect(await as(SUBSCRIBE, { plan: "monthly", pm: await testCard(commerce, "4000000000009995") })).toEqual({
      __typename: "InsufficientFundsError",
      code: "INSUFFICIENT_FUNDS",
    });
    expect((await viewer()).subscription).toBeNull();
    expect(await db.prisma.premiumEntitlement.count({ where: { userId: user.id } })).toBe(0);
    const refused = await commerce.local!.createPaymentMethod({ number: "4111111111111111", expMonth: 1, expYear: 2040, cvc: "123" });
    expect(refused).toMatchObject({
      ok: false,
      error: { code: "card_declined", message: "Your card was declined. Your request was in test mode, but used a non test card." },
    });
  });

  it("cancelling in the trial: never charged, access to the trial's end, no reminder; then it ends", async () => {
    const { commerce, as, viewer, mails, user } = await setup("es");
    await as(START_TRIAL, { pm: await testCard(commerce, "4242424242424242") });
    const cancelled = await as<Sub>(CANCEL, { reason: "Too expensive" });
    expect(cancelled).toMatchObject({ status: "TRIALING", cancelAtPeriodEnd: true, nextChargeAt: null });
    expect((await viewer()).isPremium).toBe(true);
    expect(await db.prisma.job.count({ where: { doneAt: null } })).toBe(0);
    const ended = await as<Sub>(CLOCK, { days: 8 });
    expect(ended.status).toBe("CANCELED");
    const v = await viewer();
    expect(v.isPremium).toBe(false);
    expect(v.receipts).toEqual([]);
    expect(await mails("trial-reminder")).toBe(0);
    expect((await db.prisma.subscription.findFirstOrThrow({ where: { userId: user.id } })).cancelReason).toBe("Too expensive");
  });

  it("resume before the period ends takes the cancellation back (and the reminder returns)", async () => {
    const { commerce, as } = await setup();
    await as(START_TRIAL, { pm: await testCard(commerce, "4242424242424242") });
    await as(CANCEL);
    const resumed = await as<Sub>(RESUME);
    expect(resumed).toMatchObject({ status: "TRIALING", cancelAtPeriodEnd: false });
    expect(resumed.nextChargeAt).not.toBeNull();
    expect(await db.prisma.job.count({ where: { kind: "trial-reminder", doneAt: null } })).toBe(1);
    expect(await as(RESUME)).toEqual({ __typename: "NoSubscriptionError", code: "NO_SUBSCRIPTION" });
  });

  it("cancelling within 7 days of the first charge refunds it and ends access; later, access lasts to the period's end", async () => {
    const { commerce, as, viewer } = await setup();
    await as(SUBSCRIBE, { plan: "monthly", pm: await testCard(commerce, "4242424242424242") });
    expect((await viewer()).receipts).toEqual([{ amount: 4990, currency: "BRL", refundedAmount: 0, cardLast4: "4242" }]);
    const cancelled = await as<Sub>(CANCEL);
    expect(cancelled.status).toBe("CANCELED");
    const v = await viewer();
    expect(v.isPremium).toBe(false);
    expect(v.receipts[0]!.refundedAmount).toBe(4990);

    const other = await setup();
    await other.as(SUBSCRIBE, { plan: "monthly", pm: await testCard(other.commerce, "4242424242424242") });
    await other.as(CLOCK, { days: 10 });
    const late = await other.as<Sub>(CANCEL);
    expect(late).toMatchObject({ status: "ACTIVE", cancelAtPeriodEnd: true });
    expect((await other.viewer()).isPremium).toBe(true);
    expect((await other.viewer()).receipts[0]!.refundedAmount).toBe(0);
    expect((await other.as<Sub>(CLOCK, { days: 25 })).status).toBe("CANCELED");
    expect((await other.viewer()).isPremium).toBe(false);
  });

  it("a failing renewal goes PAST_DUE with a grace period and a mail, then UNPAID ends access", async () => {
    const { commerce, as, viewer, mails } = await setup();
    await as(START_TRIAL, { pm: await testCard(commerce, "4000000000000341") });
    const due = await as<Sub>(CLOCK, { days: 8 });
    expect(due.status).toBe("PAST_DUE");
    expect(Date.parse(due.graceEndsAt!)).toBeGreaterThan(Date.now());
    expect((await viewer()).isPremium).toBe(true);
    expect(await mails("payment-failed")).toBe(1);
    expect((await as<Sub>(CLOCK, { days: 8 })).status).toBe("UNPAID");
    expect((await viewer()).isPremium).toBe(false);
    expect(await mails("payment-failed")).toBe(1);
  });

  it("an offer's own price is charged, and lifetime is for good", async () => {
    const { commerce, as, viewer } = await setup("es");
    const bought = await as<Sub>(SUBSCRIBE, { plan: "lifetime", offer: "lifetime-60", pm: await testCard(commerce, "4242424242424242") });
    expect(bought).toMatchObject({ status: "ACTIVE", lifetime: true, currentPeriodEnd: null });
    const v = await viewer();
    expect(v.receipts).toEqual([{ amount: 249800, currency: "MXN", refundedAmount: 0, cardLast4: "4242" }]);
    expect(v.isPremium).toBe(true);
    expect(await as(SUBSCRIBE, { plan: "monthly", pm: await testCard(commerce, "4242424242424242") })).toEqual({
      __typename: "AlreadySubscribedError",
      code: "ALREADY_SUBSCRIBED",
    });
    const other = await setup();
    expect(
      await other.as(SUBSCRIBE, { plan: "annual", offer: "lifetime-60", pm: await testCard(other.commerce, "4242424242424242") }),
    ).toEqual({
      __typename: "OfferUnavailableError",
      code: "OFFER_UNAVAILABLE",
    });
  });

  it("webhook events replayed 10 times, reordered and interleaved, end in the same state; forged ones are refused", async () => {
    const { commerce, as, user } = await setup();
    const delivered: [string, string][] = [];
    const local = commerce.local!;
    local.onEvent(async (raw, signature) => {
      delivered.push([raw, signature]);
      await handleWebhook(commerce, raw, signature);
    });
    await as(START_TRIAL, { pm: await testCard(commerce, "4242424242424242") });
    await as(CLOCK, { days: 8 });
    await as(CANCEL);
    const snapshot = async () => ({
      subs: await db.prisma.subscription.findMany({ where: { userId: user.id }, omit: { updatedAt: true } }),
      receipts: await db.prisma.receipt.findMany({ where: { userId: user.id } }),
      entitlements: await db.prisma.premiumEntitlement.findMany({ where: { userId: user.id }, omit: { id: true, createdAt: true } }),
      mails: await db.prisma.mailOutbox.count(),
    });
    const settled = await snapshot();
    expect(delivered.length).toBeGreaterThan(4);
    const replays = Array.from({ length: 10 }, () => delivered)
      .flat()
      .sort(() => Math.random() - 0.5);
    const results = await Promise.all(replays.map(([raw, sig]) => handleWebhook(commerce, raw, sig)));
    expect(new Set(results)).toEqual(new Set(["duplicate"]));
    expect(await snapshot()).toEqual(settled);

    // Lost state, events arriving in reverse order: each refetches the provider's object, so the end is the same.
    await db.prisma.providerEvent.deleteMany();
    await db.prisma.receipt.deleteMany();
    await db.prisma.subscription.deleteMany();
    for (const [raw, sig] of [...delivered].reverse()) await handleWebhook(commerce, raw, sig);
    const rebuilt = await snapshot();
    expect(rebuilt.subs.map(({ id: _id, ...s }) => s)).toEqual(settled.subs.map(({ id: _id, ...s }) => s));
    expect(rebuilt.receipts.map(({ id: _id, subscriptionId: _s, ...r }) => r)).toEqual(
      settled.receipts.map(({ id: _id, subscriptionId: _s, ...r }) => r),
    );
    expect(isPremiumAt(rebuilt.entitlements, new Date())).toBe(isPremiumAt(settled.entitlements, new Date()));

    const [raw] = delivered[0]!;
    // A signature with one hex digit changed (always to another digit: a "0" replaced by "0" would be the same).
    const tampered = local.signPayload(raw).replace(/v1=(\w)/, (_match, digit: string) => `v1=${digit === "0" ? "1" : "0"}`);
    await expect(handleWebhook(commerce, raw, tampered)).rejects.toThrow();
    await expect(handleWebhook(commerce, raw.replace("customer", "cuztomer"), delivered[0]![1])).rejects.toThrow();
  });

  it("the reminder job runs once with two instances sharing the database", async () => {
    const { commerce, as, mails } = await setup();
    await as(START_TRIAL, { pm: await testCard(commerce, "4242424242424242") });
    await db.prisma.job.updateMany({ data: { runAt: new Date(Date.now() - 1000) } });
    const second = testCommerce(db.prisma);
    await Promise.all([commerce.runDue(), second.runDue(), commerce.runDue(), second.runDue()]);
    expect(await mails("trial-reminder")).toBe(1);
    expect(await db.prisma.job.count({ where: { doneAt: { not: null } } })).toBe(1);
  });

  it("asks a visitor to sign in, and the test clock is refused where it is off", async () => {
    await seedTestCommerce(db.prisma);
    const commerce = testCommerce(db.prisma);
    const visitor = await run(db, START_TRIAL, { pm: "pm_x" }, { commerce });
    expect(visitor.errors?.[0]?.extensions?.code).toBe("UNAUTHENTICATED");
    const { token } = await buildReader(db.prisma);
    const off = { ...commerce, testClock: false };
    const refused = await run(db, CLOCK, { days: 1 }, { sessionToken: token, commerce: off });
    expect(refused.data).toEqual({ advanceTestClock: { __typename: "TestClockUnavailableError", code: "TEST_CLOCK_UNAVAILABLE" } });
  });
});
