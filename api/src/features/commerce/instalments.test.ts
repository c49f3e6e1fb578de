import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../../test/database.js";
import { run } from "../../test/execute.js";
import { buildReader } from "../../test/factories.js";
import { seedTestCommerce, testCard, testCommerce } from "./test-commerce.js";

// Instalments through the local TEST MODE provider: the counts offered per plan and currency, the reader's
// choice honoured on the charge (and on renewals), receipts saying each instalment as charged.

const db = useTestDatabase();

const PRICING = `{ pricing { planId currency amount instalmentAmounts instalmentPlans { count amounts } instalmentsOnlyWithoutSubscription } }`;
type Pricing = {
  planId: string;
  currency: string;
  amount: number;
  instalmentAmounts: number[];
  instalmentPlans: { count: number; amounts: number[] }[];
  instalmentsOnlyWithoutSubscription: boolean;
}[];
const SUBSCRIBE = `mutation ($plan: String!, $pm: String!, $n: Int) { subscribe(planId: $plan, paymentMethodId: $pm, instalments: $n) { __typename ... on PremiumSubscription { status } ... on Error { code } } }`;
const START_TRIAL = `mutation ($pm: String!, $n: Int) { startTrial(paymentMethodId: $pm, instalments: $n) { __typename ... on Error { code } } }`;
const CLOCK = `mutation ($days: Int!) { advanceTestClock(days: $days) { __typename } }`;
const RECEIPTS = `{ viewer { receipts { amount instalmentAmounts } } }`;

async function setup(language: string) {
  await seedTestCommerce(db.prisma);
  // The lifetime plan in instalments too (the test catalogue's has none).
  await db.prisma.planPrice.updateMany({ where: { planId: "lifetime" }, data: { maxInstallments: 12 } });
  const commerce = testCommerce(db.prisma);
  const { user, token } = await buildReader(db.prisma);
  const as = async <T>(query: string, variables: Record<string, unknown> = {}) => {
    const r = await run<Record<string, T>>(db, query, variables, { sessionToken: token, commerce, acceptLanguage: language });
    return { data: r.data ? (Object.values(r.data)[0] as T) : null, errors: r.errors };
  };
  return { commerce, user, as };
}

describe("instalments with the local provider", () => {
  it("offers 1 to 12 on annual and lifetime in BRL and MXN only, each count as it will be charged, summing to the price", async () => {
    for (const [language, offered] of [
      ["pt", true],
      ["es", true],
      ["en", false],
    ] as const) {
      const { as } = await setup(language);
      const pricing = (await as<Pricing>(PRICING)).data!;
      for (const plan of pricing) {
        const max = offered && plan.planId !== "monthly" ? 12 : 1;
        expect(
          plan.instalmentPlans.map((p) => p.count),
          `${language} ${plan.planId}`,
        ).toEqual(Array.from({ length: max }, (_, i) => i + 1));
        for (const p of plan.instalmentPlans) {
          expect(p.amounts.reduce((a, b) => a + b, 0)).toBe(plan.amount);
          expect(Math.max(...p.amounts) - Math.min(...p.amounts)).toBeLessThanOrEqual(1);
        }
        expect(plan.instalmentAmounts).toEqual(plan.instalmentPlans.at(-1)!.amounts);
        expect(plan.instalmentsOnlyWithoutSubscription).toBe(false);
      }
      await db.reset();
    }
  });

  it("charges the chosen count: the receipt says 10 instalments of the BRL annual price, and so does the renewal", async () => {
    const { commerce, as } = await setup("pt");
    const pm = await testCard(commerce, "4242 4242 4242 4242");
    expect((await as(SUBSCRIBE, { plan: "annual", pm, n: 10 })).data).toEqual({ __typename: "PremiumSubscription", status: "ACTIVE" });
    const receipts = async () => (await as<{ receipts: { amount: number; instalmentAmounts: number[] }[] }>(RECEIPTS)).data!.receipts;
    const expected = { amount: 29900, instalmentAmounts: Array(10).fill(2990) };
    expect(await receipts()).toEqual([expected]);
    expect(await db.prisma.receipt.findFirstOrThrow({ select: { instalments: true } })).toEqual({ instalments: 10 });
    await as(CLOCK, { days: 366 });
    expect(await receipts()).toEqual([expected, expected]);
  });

  it("lifetime in MXN in 7 (uneven cents: the first ones carry the remainder)", async () => {
    const { commerce, as } = await setup("es");
    const pm = await testCard(commerce, "4242 4242 4242 4242");
    expect((await as(SUBSCRIBE, { plan: "lifetime", pm, n: 7 })).data).toMatchObject({ status: "ACTIVE" });
    const [receipt] = (await as<{ receipts: { amount: number; instalmentAmounts: number[] }[] }>(RECEIPTS)).data!.receipts;
    // 249800 / 7 = 35685 remainder 5: five of MX$356.86, then two of MX$356.85.
    expect(receipt).toEqual({ amount: 249800, instalmentAmounts: [35686, 35686, 35686, 35686, 35686, 35685, 35685] });
  });

  it("refuses a count the plan, currency or range does not offer, and changes nothing", async () => {
    const { commerce, user, as } = await setup("pt");
    const pm = await testCard(commerce, "4242 4242 4242 4242");
    expect((await as(SUBSCRIBE, { plan: "monthly", pm, n: 2 })).data).toEqual({
      __typename: "InstalmentsUnavailableError",
      code: "INSTALMENTS_UNAVAILABLE",
    });
    expect((await as(SUBSCRIBE, { plan: "annual", pm, n: 13 })).data).toMatchObject({ code: "INVALID_INPUT" });
    expect((await as(SUBSCRIBE, { plan: "annual", pm, n: 0 })).data).toMatchObject({ code: "INVALID_INPUT" });
    expect(await db.prisma.subscription.count({ where: { userId: user.id } })).toBe(0);
    expect(await db.prisma.receipt.count({ where: { userId: user.id } })).toBe(0);
    // The trial's charge after 7 days in the chosen count.
    expect((await as(START_TRIAL, { pm, n: 3 })).data).toEqual({ __typename: "PremiumSubscription" });
    await as(CLOCK, { days: 8 });
    expect(await db.prisma.receipt.findFirstOrThrow({ where: { userId: user.id }, select: { instalments: true } })).toEqual({
      instalments: 3,
    });
  });
});
