import { readFile } from "node:fs/promises";
import path from "node:path";
import { parse } from "yaml";
import { z } from "zod";
import type { PrismaClient } from "../../generated/prisma/client.js";
import { CATALOG_DIR } from "../../paths.js";

const CURRENCIES = ["BRL", "USD", "MXN"] as const;
const cents = z.number().int().nonnegative();
const perCurrency = <T extends z.ZodType>(value: T) => z.object({ BRL: value, USD: value, MXN: value }).strict();

export const commerceFileSchema = z
  .object({
    plans: z.array(
      z
        .object({
          id: z.string().regex(/^[a-z0-9-]+$/),
          interval: z.enum(["YEAR", "MONTH", "LIFETIME"]),
          trialDays: z.number().int().min(0).max(31),
          prices: perCurrency(
            z.object({ amount: cents, listAmount: cents.optional(), maxInstallments: z.number().int().min(1).max(12).optional() }).strict(),
          ),
        })
        .strict(),
    ),
    offers: z.array(
      z
        .object({
          slug: z.string().regex(/^[a-z0-9-]+$/),
          plan: z.string(),
          percentOff: z.number().int().min(1).max(99),
          startsAt: z.coerce.date().optional(),
          endsAt: z.coerce.date().optional(),
          prices: perCurrency(z.object({ from: cents, to: cents }).strict()),
        })
        .strict(),
    ),
    vouchers: z.array(
      z
        .object({
          code: z.string().regex(/^[A-Z0-9-]{4,40}$/),
          days: z.number().int().positive().optional(),
          plan: z.string().optional(),
          maxRedemptions: z.number().int().positive(),
          expiresAt: z.coerce.date().optional(),
        })
        .strict()
        .refine((v) => (v.days === undefined) !== (v.plan === undefined), "a voucher grants either days or a plan"),
    ),
  })
  .strict()
  .superRefine((file, ctx) => {
    const plans = new Set(file.plans.map((p) => p.id));
    for (const o of file.offers)
      if (!plans.has(o.plan)) ctx.addIssue({ code: "custom", message: `offer ${o.slug} names unknown plan ${o.plan}` });
    for (const v of file.vouchers)
      if (v.plan && !plans.has(v.plan)) ctx.addIssue({ code: "custom", message: `voucher ${v.code} names unknown plan ${v.plan}` });
  });
export type CommerceFile = z.infer<typeof commerceFileSchema>;

export async function readCommerceFile(file = path.join(CATALOG_DIR, "commerce.yaml")): Promise<CommerceFile> {
  return commerceFileSchema.parse(parse(await readFile(file, "utf8")));
}

/**
 * Inserts the plans, prices, offers and vouchers the database does not have yet, and leaves the rest
 * alone: once seeded, prices are edited in the database (no deploy), and a restart must not undo it.
 * Returns how many rows were added.
 */
export async function seedCommerce(prisma: PrismaClient, file: CommerceFile): Promise<number> {
  return prisma.$transaction(async (tx) => {
    let added = 0;
    const count = (r: { count: number }) => (added += r.count);
    count(
      await tx.plan.createMany({
        data: file.plans.map((p, position) => ({ id: p.id, interval: p.interval, trialDays: p.trialDays, position })),
        skipDuplicates: true,
      }),
    );
    count(
      await tx.planPrice.createMany({
        data: file.plans.flatMap((p) => CURRENCIES.map((currency) => ({ planId: p.id, currency, ...p.prices[currency] }))),
        skipDuplicates: true,
      }),
    );
    count(
      await tx.offer.createMany({
        data: file.offers.map((o) => ({ slug: o.slug, planId: o.plan, percentOff: o.percentOff, startsAt: o.startsAt, endsAt: o.endsAt })),
        skipDuplicates: true,
      }),
    );
    count(
      await tx.offerPrice.createMany({
        data: file.offers.flatMap((o) =>
          CURRENCIES.map((currency) => ({
            offerSlug: o.slug,
            currency,
            fromAmount: o.prices[currency].from,
            toAmount: o.prices[currency].to,
          })),
        ),
        skipDuplicates: true,
      }),
    );
    count(
      await tx.voucher.createMany({
        data: file.vouchers.map((v) => ({
          code: v.code,
          days: v.days ?? null,
          planId: v.plan ?? null,
          maxRedemptions: v.maxRedemptions,
          expiresAt: v.expiresAt ?? null,
        })),
        skipDuplicates: true,
      }),
    );
    return added;
  });
}
