import path from "node:path";
import { describe, expect, it } from "vitest";
import { CATALOG_DIR } from "../../paths.js";
import { useTestDatabase } from "../../test/database.js";
import { run } from "../../test/execute.js";
import { buildReader } from "../../test/factories.js";
import { readCommerceFile, seedCommerce } from "./commerce-catalog.js";
import { instalments, perMonth } from "./money.js";
import { TEST_COMMERCE } from "./test-commerce.js";

const db = useTestDatabase();

const PRICING = `{ pricing { planId interval trialDays currency amount listAmount perMonthAmount instalmentAmounts } }`;
type Pricing = {
  pricing: { planId: string; currency: string; amount: number; perMonthAmount: number | null; instalmentAmounts: number[] }[];
};

describe("commerce catalogue", () => {
  it("commerce.yaml holds the spec's prices (§9) and its offers' own from/to prices", async () => {
    const file = await readCommerceFile(path.join(CATALOG_DIR, "commerce.yaml"));
    const price = (plan: string, currency: "BRL" | "USD" | "MXN") => file.plans.find((p) => p.id === plan)!.prices[currency].amount;
    expect([price("annual", "BRL"), price("monthly", "BRL"), price("lifetime", "BRL")]).toEqual([29900, 4990, 60000]);
    expect(file.plans.find((p) => p.id === "lifetime")!.prices.BRL.listAmount).toBe(149500);
    expect([price("annual", "USD"), price("monthly", "USD")]).toEqual([7990, 1379]);
    expect([price("annual", "MXN"), price("monthly", "MXN"), price("lifetime", "MXN")]).toEqual([124900, 22499, 249800]);
    const offer = (slug: string) => file.offers.find((o) => o.slug === slug)!.prices.MXN;
    expect(offer("annual-30").to).toBe(87430);
    expect(offer("annual-40").to).toBe(74940);
    expect(offer("annual-50").to).toBe(67495);
    expect(offer("lifetime-60")).toEqual({ from: 624500, to: 249800 });
    expect(file.offers.map((o) => o.percentOff).sort((a, b) => a - b)).toEqual([30, 40, 50, 60, 80]);
  });

  it("per-month figures are truncated to the cent and instalments sum to the price", () => {
    expect(perMonth(29900)).toBe(2491);
    expect(perMonth(7990)).toBe(665);
    const parts = instalments(29900, 12);
    expect(parts.reduce((a, b) => a + b, 0)).toBe(29900);
    expect(new Set(parts)).toEqual(new Set([2492, 2491]));
  });

  it("seeds only what is missing: a price edited in the database survives a restart's seed", async () => {
    expect(await seedCommerce(db.prisma, TEST_COMMERCE)).toBeGreaterThan(0);
    await db.prisma.planPrice.update({ where: { planId_currency: { planId: "annual", currency: "BRL" } }, data: { amount: 25900 } });
    expect(await seedCommerce(db.prisma, TEST_COMMERCE)).toBe(0);
    const row = await db.prisma.planPrice.findUniqueOrThrow({ where: { planId_currency: { planId: "annual", currency: "BRL" } } });
    expect(row.amount).toBe(25900);
  });

  it("prices follow the page's language for visitors, and a customer keeps their currency whatever the language", async () => {
    await seedCommerce(db.prisma, TEST_COMMERCE);
    const currencies = async (acceptLanguage: string, sessionToken?: string) =>
      (await run<Pricing>(db, PRICING, {}, { acceptLanguage, sessionToken })).data!.pricing.map(
        (p) => `${p.planId}:${p.currency}:${p.amount}`,
      );
    expect(await currencies("pt")).toEqual(["annual:BRL:29900", "monthly:BRL:4990", "lifetime:BRL:60000"]);
    expect(await currencies("en")).toEqual(["annual:USD:7990", "monthly:USD:1379", "lifetime:USD:19900"]);
    expect(await currencies("es")).toEqual(["annual:MXN:124900", "monthly:MXN:22499", "lifetime:MXN:249800"]);
    const { user, token } = await buildReader(db.prisma);
    await db.prisma.billingCustomer.create({ data: { userId: user.id, provider: "LOCAL", providerCustomerId: "cus_x", currency: "MXN" } });
    expect(await currencies("en", token)).toEqual(["annual:MXN:124900", "monthly:MXN:22499", "lifetime:MXN:249800"]);
    const annual = (await run<Pricing>(db, PRICING, {}, { acceptLanguage: "pt" })).data!.pricing[0]!;
    expect(annual.perMonthAmount).toBe(2491);
    expect(annual.instalmentAmounts).toHaveLength(12);
  });

  it("an exclusive offer has its own prices; unknown is null, an ended or taken-by-a-customer offer says so", async () => {
    await seedCommerce(db.prisma, TEST_COMMERCE);
    const OFFER = `query ($slug: String!) { exclusiveOffer(slug: $slug) { slug percentOff fromAmount toAmount availability plan { planId } } }`;
    const offer = async (slug: string, options: { acceptLanguage?: string; sessionToken?: string } = {}) =>
      (await run<{ exclusiveOffer: Record<string, unknown> | null }>(db, OFFER, { slug }, options)).data!.exclusiveOffer;
    expect(await offer("annual-50", { acceptLanguage: "es" })).toEqual({
      slug: "annual-50",
      percentOff: 50,
      fromAmount: 134990,
      toAmount: 67495,
      availability: "LIVE",
      plan: { planId: "annual" },
    });
    expect(await offer("no-such-offer")).toBeNull();
    const { user, token } = await buildReader(db.prisma);
    await db.prisma.receipt.create({
      data: {
        userId: user.id,
        provider: "LOCAL",
        providerChargeId: "ch_1",
        planId: "monthly",
        currency: "BRL",
        amount: 4990,
        paidAt: new Date(),
      },
    });
    expect((await offer("annual-50", { sessionToken: token }))!.availability).toBe("NOT_ELIGIBLE");
    await db.prisma.offer.update({ where: { slug: "annual-50" }, data: { endsAt: new Date(Date.now() - 1000) } });
    expect((await offer("annual-50"))!.availability).toBe("ENDED");
  });
});
