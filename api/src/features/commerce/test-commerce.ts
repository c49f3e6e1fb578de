import type { PrismaClient } from "../../generated/prisma/client.js";
import { seedCommerce, type CommerceFile } from "./commerce-catalog.js";
import { createCommerce, type CommerceRuntime } from "./commerce-runtime.js";

/** A small commerce catalogue of the tests' own (tests never read prisma/seed). */
export const TEST_COMMERCE: CommerceFile = {
  plans: [
    {
      id: "annual",
      interval: "YEAR",
      trialDays: 7,
      prices: {
        BRL: { amount: 29900, listAmount: 59800, maxInstallments: 12 },
        USD: { amount: 7990 },
        MXN: { amount: 124900, maxInstallments: 12 },
      },
    },
    { id: "monthly", interval: "MONTH", trialDays: 0, prices: { BRL: { amount: 4990 }, USD: { amount: 1379 }, MXN: { amount: 22499 } } },
    {
      id: "lifetime",
      interval: "LIFETIME",
      trialDays: 0,
      prices: { BRL: { amount: 60000, listAmount: 149500 }, USD: { amount: 19900 }, MXN: { amount: 249800 } },
    },
  ],
  offers: [
    {
      slug: "annual-50",
      plan: "annual",
      percentOff: 50,
      prices: { BRL: { from: 29900, to: 14950 }, USD: { from: 7990, to: 3995 }, MXN: { from: 134990, to: 67495 } },
    },
    {
      slug: "lifetime-60",
      plan: "lifetime",
      percentOff: 60,
      prices: { BRL: { from: 149500, to: 60000 }, USD: { from: 49900, to: 19900 }, MXN: { from: 624500, to: 249800 } },
    },
  ],
  vouchers: [],
};

export const seedTestCommerce = (prisma: PrismaClient) => seedCommerce(prisma, TEST_COMMERCE);

/** Commerce on the test database with the local provider and no background worker (tests call runDue). */
export function testCommerce(prisma: PrismaClient, options: { now?: () => Date } = {}) {
  return createCommerce(
    prisma,
    { origin: "https://brevia.example", timeZone: "America/Sao_Paulo", stripe: null, testClock: true },
    { startWorker: false, now: options.now },
  );
}

export async function testCard(commerce: CommerceRuntime, number: string) {
  const pm = await commerce.local!.createPaymentMethod({ number, expMonth: 12, expYear: 2040, cvc: "123" });
  if (!pm.ok) throw new Error(pm.error.message);
  return pm.id;
}
