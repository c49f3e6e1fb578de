import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../../test/database.js";
import { run } from "../../test/execute.js";
import { buildReader } from "../../test/factories.js";
import { linkIn, useTestSmtpServer } from "../../test/smtp.js";
import { deliverDueMail } from "../accounts/mail/outbox.js";
import { seedTestCommerce, testCard, testCommerce } from "./test-commerce.js";

const db = useTestDatabase();
const { smtp, transport } = useTestSmtpServer();

const PURCHASE = `mutation ($email: String!, $plan: String!, $offer: String, $pm: String!) {
  purchaseAsVisitor(email: $email, planId: $plan, offerSlug: $offer, paymentMethodId: $pm) {
    __typename ... on PurchaseCompleted { email planId } ... on Error { code }
  }
}`;
const CREATE = `mutation ($token: String!, $password: String!) {
  createPassword(token: $token, password: $password, passwordConfirmation: $password) { __typename ... on AuthSession { viewer { email isPremium subscription { planId status } receipts { amount currency } } } }
}`;

async function setup() {
  await seedTestCommerce(db.prisma);
  const commerce = testCommerce(db.prisma);
  const purchase = async (variables: Record<string, unknown>, options: { acceptLanguage?: string; sessionToken?: string } = {}) => {
    const result = await run<{ purchaseAsVisitor: Record<string, unknown> }>(db, PURCHASE, variables, {
      commerce,
      acceptLanguage: "es",
      ...options,
    });
    expect(result.errors).toBeUndefined();
    return result.data!.purchaseAsVisitor;
  };
  return { commerce, purchase };
}

describe("public purchase (/public/purchase)", () => {
  it("buys a plan without an account: the account is made, a create-password link is mailed, and it is premium once the password is set", async () => {
    const { commerce, purchase } = await setup();
    const pm = await testCard(commerce, "4242 4242 4242 4242");
    expect(await purchase({ email: " Buyer@Example.com ", plan: "lifetime", offer: "lifetime-60", pm })).toEqual({
      __typename: "PurchaseCompleted",
      email: "buyer@example.com",
      planId: "lifetime",
    });
    const user = await db.prisma.user.findUniqueOrThrow({ where: { email: "buyer@example.com" } });
    expect(user).toMatchObject({ passwordHash: null, interfaceLanguage: "es" });
    // The currency follows the language it was bought in; the offer's price was charged.
    expect(await db.prisma.receipt.findMany({ where: { userId: user.id }, select: { amount: true, currency: true } })).toEqual([
      { amount: 249800, currency: "MXN" },
    ]);

    await deliverDueMail(db.prisma, transport);
    const mail = await smtp.waitFor("buyer@example.com", /Crea tu contraseña de Brevia/);
    const { token } = linkIn(mail, "/create-password");
    const created = await run<{ createPassword: { viewer: Record<string, unknown> } }>(db, CREATE, { token, password: "my first secret" });
    expect(created.data!.createPassword.viewer).toEqual({
      email: "buyer@example.com",
      isPremium: true,
      subscription: { planId: "lifetime", status: "ACTIVE" },
      receipts: [{ amount: 249800, currency: "MXN" }],
    });
  });

  it("a refused card leaves no account behind; a taken email, a signed-in reader and an unknown plan are refused", async () => {
    const { commerce, purchase } = await setup();
    const declined = await testCard(commerce, "4000 0000 0000 0002");
    expect(await purchase({ email: "declined@example.com", plan: "annual", pm: declined })).toEqual({
      __typename: "CardDeclinedError",
      code: "CARD_DECLINED",
    });
    const poor = await testCard(commerce, "4000 0000 0000 9995");
    expect((await purchase({ email: "declined@example.com", plan: "annual", pm: poor })).code).toBe("INSUFFICIENT_FUNDS");
    expect(await db.prisma.user.count({ where: { email: "declined@example.com" } })).toBe(0);
    expect(await db.prisma.billingCustomer.count()).toBe(0);
    expect(await db.prisma.mailOutbox.count()).toBe(0);

    const { user, token } = await buildReader(db.prisma);
    const pm = await testCard(commerce, "4242 4242 4242 4242");
    expect((await purchase({ email: user.email, plan: "annual", pm })).code).toBe("EMAIL_TAKEN");
    const signedIn = await run<{ purchaseAsVisitor: unknown }>(
      db,
      PURCHASE,
      { email: "other@example.com", plan: "annual", pm },
      { commerce, sessionToken: token },
    );
    expect(signedIn.data?.purchaseAsVisitor ?? null).toBeNull();
    expect((await purchase({ email: "nobody@example.com", plan: "platinum", pm })).code).toBe("OFFER_UNAVAILABLE");
    expect((await purchase({ email: "not-an-email", plan: "annual", pm })).code).toBe("INVALID_INPUT");
    expect(await db.prisma.user.count({ where: { email: { in: ["other@example.com", "nobody@example.com"] } } })).toBe(0);
    expect(await db.prisma.subscription.count()).toBe(0);
  });
});
