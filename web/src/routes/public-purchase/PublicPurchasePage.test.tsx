import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockApollo, renderWithApi } from "../../test/mock-api";
import { Component as PublicPurchasePage, pageLoader } from "./PublicPurchasePage";

const price = (planId: string, interval: string, amount: number, instalmentAmounts = [amount]) => ({
  __typename: "PlanPrice",
  planId,
  interval,
  currency: "BRL",
  amount,
  perMonthAmount: null,
  instalmentAmounts,
  // Every count up to the most offered, each as charged (here: the most offered's amounts, and paying at once).
  instalmentPlans:
    instalmentAmounts.length > 1
      ? [
          { __typename: "InstalmentPlan", count: 1, amounts: [amount] },
          { __typename: "InstalmentPlan", count: instalmentAmounts.length, amounts: instalmentAmounts },
        ]
      : [{ __typename: "InstalmentPlan", count: 1, amounts: [amount] }],
  instalmentsOnlyWithoutSubscription: false,
});

function setUp(path: string, { signedIn = false, purchase = (_v: Record<string, unknown>): Record<string, unknown> => ({}) } = {}) {
  const apollo = mockApollo({
    PublicPurchase: (variables) => ({
      __typename: "Query",
      viewer: signedIn ? { __typename: "Viewer", id: "reader" } : null,
      pricing: [
        price("annual", "YEAR", 29900, [...Array<number>(8).fill(2492), ...Array<number>(4).fill(2491)]),
        price("monthly", "MONTH", 4990),
        price("lifetime", "LIFETIME", 60000),
      ],
      ...(variables.withOffer
        ? {
            exclusiveOffer: {
              __typename: "ExclusiveOffer",
              slug: "annual-40",
              percentOff: 40,
              fromAmount: 29900,
              toAmount: 17940,
              instalmentAmounts: [17940],
              instalmentPlans: [{ __typename: "InstalmentPlan", count: 1, amounts: [17940] }],
              availability: "LIVE",
              plan: { __typename: "PlanPrice", planId: "annual", currency: "BRL", instalmentsOnlyWithoutSubscription: false },
            },
          }
        : {}),
      commerceSettings: { __typename: "CommerceSettings", provider: "LOCAL", testMode: true, stripePublishableKey: null },
    }),
    PurchaseAsVisitor: (variables) => ({ __typename: "Mutation", purchaseAsVisitor: purchase(variables) }),
  });
  const view = renderWithApi(apollo, [{ path: "/public/purchase", loader: pageLoader(apollo), Component: PublicPurchasePage }], {
    path,
    locale: "pt",
  });
  return { apollo, ...view };
}

async function payWith(user: ReturnType<typeof userEvent.setup>, email: string) {
  await user.type(screen.getByLabelText("Seu e-mail"), email);
  await user.type(screen.getByLabelText("Nome impresso no cartão"), "Ada Leitora");
  await user.type(screen.getByLabelText("Número do cartão"), "4242 4242 4242 4242");
  await user.type(screen.getByLabelText("Validade (MM/AA)"), "12/34");
  await user.type(screen.getByLabelText("Código de segurança"), "123");
  await user.click(screen.getByRole("button", { name: "Pagar e assinar o Premium" }));
}

afterEach(() => vi.unstubAllGlobals());

/** An element's text with Intl's no-break spaces (R$ 299,00) as plain ones. */
const text = (selector: string) => document.querySelector(selector)?.textContent?.replace(/\u00a0/g, " ");

describe("/public/purchase", () => {
  it("headline, order and payment details: the plan chosen, the email and the card make the purchase, then the mail is announced", async () => {
    const user = userEvent.setup();
    vi.stubGlobal("fetch", async () => new Response(JSON.stringify({ id: "pm_1" })));
    const { apollo } = setUp("/public/purchase?plan=lifetime", {
      purchase: (v) => ({ __typename: "PurchaseCompleted", email: String(v.email).toLowerCase(), planId: v.planId }),
    });
    await screen.findByRole("heading", { level: 1, name: "Assine o Brevia Premium" });
    expect(screen.getByRole("radio", { name: /Plano vitalício/ })).toHaveProperty("checked", true);
    expect(text(".order-total")).toBe("R$ 600,00");
    await user.click(screen.getByRole("radio", { name: /Plano anual/ }));
    expect(text(".order-total")).toBe("R$ 299,00");
    // Each instalment as it will be charged (they sum to the price).
    expect(text(".instalments")).toBe("Ou em até 12x sem juros: 8 de R$ 24,92 e 4 de R$ 24,91.");
    // The reader chooses the count; each option says the instalments as they will be charged.
    await user.selectOptions(screen.getByLabelText("Pagar em"), "12");
    expect((screen.getByLabelText("Pagar em") as HTMLSelectElement).selectedOptions[0]?.textContent?.replace(/\u00a0/g, " ")).toBe(
      "12 parcelas sem juros: 8 × R$ 24,92 e 4 × R$ 24,91",
    );
    await payWith(user, "Ada@Example.com");
    const thanks = await screen.findByRole("heading", { name: "Obrigado! Confira seu e-mail" });
    await waitFor(() => expect(document.activeElement).toBe(thanks));
    expect(text(".public-purchase__done")).toContain("ada@example.com");
    expect(apollo.operations.find((op) => op.name === "PurchaseAsVisitor")?.variables).toEqual({
      email: "Ada@Example.com",
      planId: "annual",
      offerSlug: null,
      paymentMethodId: "pm_1",
      instalments: 12,
    });
  });

  it("an offer's price when ?offer= names a live one; a taken email is said and nothing is announced", async () => {
    const user = userEvent.setup();
    vi.stubGlobal("fetch", async () => new Response(JSON.stringify({ id: "pm_2" })));
    const { apollo } = setUp("/public/purchase?plan=annual&offer=annual-40", {
      purchase: () => ({ __typename: "EmailTakenError", code: "EMAIL_TAKEN", message: "An account with this email already exists." }),
    });
    await screen.findByRole("heading", { level: 1, name: "Assine o Brevia Premium" });
    expect(apollo.operations[0]?.variables).toEqual({ offer: "annual-40", withOffer: true });
    expect(text(".order-summary__offer")).toBe("Oferta exclusiva: Plano anual com 40% de desconto, R$ 299,00 R$ 179,40");
    expect(text(".order-total")).toBe("R$ 179,40");
    await payWith(user, "taken@example.com");
    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe("Já existe uma conta com este e-mail."));
    expect(apollo.operations.find((op) => op.name === "PurchaseAsVisitor")?.variables.offerSlug).toBe("annual-40");
    expect(document.querySelector(".public-purchase__done")).toBeNull();
  });

  it("a signed-in reader is sent to the subscribe page", async () => {
    setUp("/public/purchase", { signedIn: true });
    await screen.findByRole("heading", { level: 1, name: "Assine o Brevia Premium" });
    expect(screen.getByRole("link", { name: "Assinar o Premium" }).getAttribute("href")).toBe("/settings/subscribe");
    expect(screen.queryByLabelText("Número do cartão")).toBeNull();
  });
});
