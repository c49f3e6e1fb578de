import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockApollo, renderWithApi } from "../../test/mock-api";
import { Component as ExclusiveOfferPage, pageLoader } from "./ExclusiveOfferPage";

type Availability = "LIVE" | "ENDED" | "NOT_ELIGIBLE";

const offer = (availability: Availability, overrides: Record<string, unknown> = {}) => ({
  __typename: "ExclusiveOffer",
  slug: "annual-50",
  percentOff: 50,
  fromAmount: 7990,
  toAmount: 3995,
  perMonthAmount: 332,
  instalmentAmounts: [3995],
  instalmentPlans: [{ __typename: "InstalmentPlan", count: 1, amounts: [3995] }],
  availability,
  plan: { __typename: "PlanPrice", planId: "annual", interval: "YEAR", currency: "USD", instalmentsOnlyWithoutSubscription: false },
  ...overrides,
});

function setUp(
  answer: Record<string, unknown> | null,
  { signedIn = false, locale = "en" as "en" | "es" | "pt", slug = "annual-50", provider = "LOCAL" } = {},
) {
  const apollo = mockApollo({
    ExclusiveOffer: () => ({
      __typename: "Query",
      viewer: signedIn ? { __typename: "Viewer", id: "reader" } : null,
      exclusiveOffer: answer,
      commerceSettings: { __typename: "CommerceSettings", provider, testMode: provider === "LOCAL", stripePublishableKey: null },
    }),
    StartHostedCheckout: () => ({
      __typename: "Mutation",
      startHostedCheckout: { __typename: "CheckoutUnavailableError", code: "CHECKOUT_UNAVAILABLE", message: "unavailable" },
    }),
    Subscribe: () => ({ __typename: "Mutation", subscribe: { __typename: "PremiumSubscription", status: "ACTIVE" } }),
  });
  const prefix = locale === "pt" ? "" : `/${locale}`;
  const view = renderWithApi(
    apollo,
    [
      { path: `${prefix}/exclusive-offer/:offer`, loader: pageLoader(apollo), Component: ExclusiveOfferPage },
      { path: `${prefix}/welcome-to-knowledge`, element: <h1>Thanks</h1> },
    ],
    { path: `${prefix}/exclusive-offer/${slug}`, locale },
  );
  return { apollo, ...view };
}

afterEach(() => vi.unstubAllGlobals());

describe("/exclusive-offer/:offer", () => {
  it("shows a live offer's from and to prices and label; a visitor buys it without an account or logs in first", async () => {
    const { apollo } = setUp(offer("LIVE"));
    await screen.findByRole("heading", { level: 1, name: "Exclusive offer: 50% off" });
    expect(apollo.operations[0]).toEqual({ name: "ExclusiveOffer", variables: { slug: "annual-50" } });
    expect(screen.getByText("$79.90").tagName).toBe("DEL");
    expect(screen.getByLabelText("Now: $39.95")).toBeTruthy();
    expect(screen.getByText("50% off")).toBeTruthy();
    expect(screen.getByText("That is $3.32 a month.")).toBeTruthy();
    expect(screen.getByText(/TEST MODE/)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Get this offer" }).getAttribute("href")).toBe(
      "/en/public/purchase?plan=annual&offer=annual-50",
    );
    expect(screen.getByRole("link", { name: "I already have an account" }).getAttribute("href")).toBe(
      "/en/login?next=%2Fexclusive-offer%2Fannual-50",
    );
    expect(screen.queryByLabelText("Card number")).toBeNull();
  });

  it("a reader pays the offer's price with the card form: the offer's slug goes with the plan", async () => {
    const user = userEvent.setup();
    const fetch = vi.fn(async () => new Response(JSON.stringify({ id: "pm_test_1" }), { headers: { "content-type": "application/json" } }));
    vi.stubGlobal("fetch", fetch);
    const { apollo, router } = setUp(offer("LIVE"), { signedIn: true });
    await screen.findByRole("heading", { level: 1, name: "Exclusive offer: 50% off" });
    await user.type(screen.getByLabelText("Name on the card"), "Ada Reader");
    await user.type(screen.getByLabelText("Card number"), "4242 4242 4242 4242");
    await user.type(screen.getByLabelText("Expiry date (MM/YY)"), "12/34");
    await user.type(screen.getByLabelText("Security code"), "123");
    await user.click(screen.getByRole("button", { name: "Pay $39.95" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/en/welcome-to-knowledge"));
    expect(apollo.operations.find((op) => op.name === "Subscribe")?.variables).toEqual({
      planId: "annual",
      offerSlug: "annual-50",
      paymentMethodId: "pm_test_1",
      instalments: 1,
    });
  });

  it("with Stripe, a reader goes to Stripe Checkout for the offer (no card field on Brevia's page)", async () => {
    const user = userEvent.setup();
    const { apollo } = setUp(offer("LIVE"), { signedIn: true, provider: "STRIPE" });
    await screen.findByRole("heading", { level: 1, name: "Exclusive offer: 50% off" });
    expect(screen.queryByLabelText("Card number")).toBeNull();
    expect(screen.queryByText(/TEST MODE/)).toBeNull();
    await user.click(screen.getByRole("button", { name: "Pay $39.95" }));
    await waitFor(() =>
      expect(screen.getByRole("alert").textContent).toBe("The secure payment page is not available. Please pay with the card form."),
    );
    expect(apollo.operations.find((op) => op.name === "StartHostedCheckout")?.variables).toEqual({
      planId: "annual",
      offerSlug: "annual-50",
      cancelPath: "/exclusive-offer/annual-50",
    });
  });

  it("the lifetime plan at 60 %, in Spanish and pesos", async () => {
    setUp(
      offer("LIVE", {
        slug: "lifetime-60",
        percentOff: 60,
        fromAmount: 624500,
        toAmount: 249800,
        perMonthAmount: null,
        instalmentAmounts: Array.from({ length: 12 }, (_, i) => (i < 8 ? 20817 : 20816)),
        instalmentPlans: [
          { __typename: "InstalmentPlan", count: 1, amounts: [249800] },
          { __typename: "InstalmentPlan", count: 12, amounts: Array.from({ length: 12 }, (_, i) => (i < 8 ? 20817 : 20816)) },
        ],
        plan: {
          __typename: "PlanPrice",
          planId: "lifetime",
          interval: "LIFETIME",
          currency: "MXN",
          instalmentsOnlyWithoutSubscription: false,
        },
      }),
      { locale: "es", slug: "lifetime-60" },
    );
    await screen.findByRole("heading", { level: 1, name: "Oferta exclusiva: 60% de descuento" });
    const price = (cents: number) => new Intl.NumberFormat("es-MX", { style: "currency", currency: "MXN" }).format(cents / 100);
    expect(screen.getByText(price(624500)).tagName).toBe("DEL");
    expect(screen.getByLabelText(`Ahora: ${price(249800)}`)).toBeTruthy();
    expect(screen.getByText("un solo pago, para siempre", { exact: false })).toBeTruthy();
    expect(screen.getByText(`O hasta en 12 cuotas sin intereses: 8 de ${price(20817)} y 4 de ${price(20816)}.`)).toBeTruthy();
  });

  it("exclusiveOfferGuard: an unknown, ended or not-for-you offer gets a page that says so, with a way on", async () => {
    const cases: [Record<string, unknown> | null, string, string][] = [
      [null, "This offer does not exist", "/en/try-now"],
      [offer("ENDED"), "This offer has ended", "/en/try-now"],
      [offer("NOT_ELIGIBLE"), "This offer is for new subscribers", "/en/settings"],
    ];
    for (const [answer, title, next] of cases) {
      const view = setUp(answer, { signedIn: true });
      await screen.findByRole("heading", { level: 1, name: title });
      expect(screen.getAllByRole("link").map((link) => link.getAttribute("href"))).toEqual([next]);
      expect(screen.queryByLabelText("Card number")).toBeNull();
      view.unmount();
    }
  });
});
