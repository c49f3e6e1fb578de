import { describe, expect, it } from "vitest";
import { isPremiumAt } from "../accounts/entitlement.js";
import { useTestDatabase } from "../../test/database.js";
import { run } from "../../test/execute.js";
import { buildReader, buildUser } from "../../test/factories.js";
import { InvalidCodeError } from "./commerce.errors.js";
import { seedTestCommerce } from "./test-commerce.js";
import { createVouchers, redeemVoucher } from "./vouchers.js";

const db = useTestDatabase();
const DAY = 86_400_000;
const REDEEM = `mutation ($code: String!) { redeemVoucher(code: $code) { __typename ... on VoucherRedeemed { premiumUntil } ... on Error { code } } }`;
type Redeem = { redeemVoucher: { __typename: string; premiumUntil?: string | null; code?: string } };

const premium = async (userId: string, now = new Date()) =>
  isPremiumAt(await db.prisma.premiumEntitlement.findMany({ where: { userId } }), now);

describe("vouchers", () => {
  it("a code grants its days of premium once per reader, and is refused the second time with INVALID_CODE", async () => {
    const [code] = await createVouchers(db.prisma, { count: 1, days: 30, uses: 5 });
    const { user, token } = await buildReader(db.prisma);
    const now = new Date();
    const first = await run<Redeem>(db, REDEEM, { code: ` ${code!.toLowerCase()} ` }, { sessionToken: token, now });
    expect(first.data!.redeemVoucher.__typename).toBe("VoucherRedeemed");
    expect(Date.parse(first.data!.redeemVoucher.premiumUntil!)).toBe(now.getTime() + 30 * DAY);
    expect(await premium(user.id)).toBe(true);
    expect(await premium(user.id, new Date(now.getTime() + 31 * DAY))).toBe(false);
    const again = await run<Redeem>(db, REDEEM, { code }, { sessionToken: token });
    expect(again.data!.redeemVoucher).toEqual({ __typename: "InvalidCodeError", code: "INVALID_CODE" });
    expect(await db.prisma.voucher.findUniqueOrThrow({ where: { code: code! } })).toMatchObject({ redemptionCount: 1 });
  });

  it("unknown, expired and used-up codes get the same INVALID_CODE and change nothing", async () => {
    const [expired] = await createVouchers(db.prisma, { count: 1, days: 10, uses: 5, expiresAt: new Date(Date.now() - 1000) });
    const [once] = await createVouchers(db.prisma, { count: 1, days: 10, uses: 1 });
    await redeemVoucher(db.prisma, { userId: (await buildUser(db.prisma)).id, code: once!, now: new Date() });
    const { user, token } = await buildReader(db.prisma);
    for (const code of ["NOPE-NOPE-NOPE", expired!, once!, ""]) {
      const result = await run<Redeem>(db, REDEEM, { code }, { sessionToken: token });
      expect(result.data!.redeemVoucher).toEqual({ __typename: "InvalidCodeError", code: "INVALID_CODE" });
    }
    expect(await db.prisma.premiumEntitlement.count({ where: { userId: user.id } })).toBe(0);
  });

  it("a plan voucher grants the plan's window (a year for annual, for good for lifetime)", async () => {
    await seedTestCommerce(db.prisma);
    const [annual] = await createVouchers(db.prisma, { count: 1, planId: "annual", uses: 1 });
    const [lifetime] = await createVouchers(db.prisma, { count: 1, planId: "lifetime", uses: 1 });
    const now = new Date("2026-03-10T12:00:00Z");
    const a = await redeemVoucher(db.prisma, { userId: (await buildUser(db.prisma)).id, code: annual!, now });
    expect(a.premiumUntil).toEqual(new Date("2027-03-10T12:00:00Z"));
    const b = await redeemVoucher(db.prisma, { userId: (await buildUser(db.prisma)).id, code: lifetime!, now });
    expect(b.premiumUntil).toBeNull();
  });

  it("100 concurrent redemptions of a one-use code by 100 readers: exactly one succeeds", async () => {
    const [code] = await createVouchers(db.prisma, { count: 1, days: 7, uses: 1 });
    const users = await Promise.all(Array.from({ length: 100 }, () => buildUser(db.prisma)));
    const results = await Promise.allSettled(users.map((u) => redeemVoucher(db.prisma, { userId: u.id, code: code!, now: new Date() })));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    for (const r of results) if (r.status === "rejected") expect(r.reason).toBeInstanceOf(InvalidCodeError);
    expect(await db.prisma.voucherRedemption.count()).toBe(1);
    expect(await db.prisma.premiumEntitlement.count({ where: { source: "VOUCHER" } })).toBe(1);
    expect((await db.prisma.voucher.findUniqueOrThrow({ where: { code: code! } })).redemptionCount).toBe(1);
  });

  it("one reader racing themselves on a many-use code redeems it once", async () => {
    const [code] = await createVouchers(db.prisma, { count: 1, days: 7, uses: 50 });
    const user = await buildUser(db.prisma);
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, () => redeemVoucher(db.prisma, { userId: user.id, code: code!, now: new Date() })),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
  });

  it("asks a visitor to sign in", async () => {
    const result = await run(db, REDEEM, { code: "ANY" });
    expect(result.errors?.[0]?.extensions?.code).toBe("UNAUTHENTICATED");
  });

  it("creates a batch of distinct readable codes", async () => {
    const codes = await createVouchers(db.prisma, { count: 50, days: 30, uses: 1, expiresAt: new Date("2030-01-01") });
    expect(new Set(codes).size).toBe(50);
    for (const code of codes) expect(code).toMatch(/^[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}$/);
  });
});
