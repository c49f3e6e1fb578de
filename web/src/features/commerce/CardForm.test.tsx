import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Locale } from "@brevia/routes";
import { mockApollo, renderWithApi } from "../../test/mock-api";
import { CardForm } from "./CardForm";

// The lazy chunk loads under a busy machine's load too: waits are generous, not timed assertions.
const slow = { timeout: 5000 };

// Stripe's card element with Stripe.js mocked (the browser cannot reach Stripe here): loadStripe answers a
// fake Stripe whose card element records how it was made and whose confirmCardSetup answers as Stripe would.

const stripeMock = vi.hoisted(() => {
  const card = { mount: vi.fn(), on: vi.fn(), off: vi.fn(), once: vi.fn(), destroy: vi.fn(), update: vi.fn(), unmount: vi.fn() };
  const elements = { create: vi.fn(() => card), getElement: vi.fn(() => card), update: vi.fn() };
  const stripe = {
    elements: vi.fn(() => elements),
    createToken: vi.fn(),
    createPaymentMethod: vi.fn(),
    confirmCardPayment: vi.fn(),
    confirmCardSetup: vi.fn(),
    registerAppInfo: vi.fn(),
    _registerWrapper: vi.fn(),
  };
  return { card, elements, stripe, loadStripe: vi.fn(async () => stripe) };
});
vi.mock("@stripe/stripe-js", () => ({ loadStripe: stripeMock.loadStripe }));

function renderForm(path: string, locale: Locale, onPaymentMethod: (id: string) => Promise<string | null>) {
  const apollo = mockApollo({
    PrepareCardSetup: () => ({ __typename: "Mutation", prepareCardSetup: { __typename: "CardSetup", clientSecret: "seti_1_secret_x" } }),
  });
  renderWithApi(
    apollo,
    [
      {
        path: "*",
        element: <CardForm provider="STRIPE" stripePublishableKey="pk_test_brevia" submitLabel="Pay" onPaymentMethod={onPaymentMethod} />,
      },
    ],
    { path, locale },
  );
  return apollo;
}

/** Submits once Stripe.js has loaded (the button waits for it). */
async function pay() {
  const button = screen.getByRole("button", { name: "Pay" }) as HTMLButtonElement;
  await waitFor(() => expect(button.disabled).toBe(false), slow);
  fireEvent.click(button);
}

beforeEach(() => {
  vi.clearAllMocks();
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe("CardForm with Stripe", () => {
  it("renders Stripe's card element (no card field of Brevia's own), in the page's language", async () => {
    renderForm("/public/purchase", "pt", async () => null);
    await waitFor(
      () => expect(stripeMock.elements.create).toHaveBeenCalledWith("card", expect.objectContaining({ hidePostalCode: true })),
      slow,
    );
    expect(stripeMock.loadStripe).toHaveBeenCalledWith("pk_test_brevia", { locale: "pt-BR" });
    expect(stripeMock.card.mount).toHaveBeenCalled();
    expect(document.querySelector('input[autocomplete="cc-number"], input[name="number"], input[name="cvc"]')).toBeNull();
  });

  it("confirms the API's SetupIntent with the card element and hands on only the payment method id", async () => {
    stripeMock.stripe.confirmCardSetup.mockResolvedValue({ setupIntent: { id: "seti_1", payment_method: "pm_stripe_1" } });
    const onPaymentMethod = vi.fn(async () => null);
    const apollo = renderForm("/en/public/purchase", "en", onPaymentMethod);
    fireEvent.change(await screen.findByLabelText("Name on the card", {}, slow), { target: { value: "Ana Leitora" } });
    await pay();
    await waitFor(() => expect(onPaymentMethod).toHaveBeenCalledWith("pm_stripe_1"), slow);
    expect(apollo.operations.map((o) => o.name)).toEqual(["PrepareCardSetup"]);
    expect(stripeMock.stripe.confirmCardSetup).toHaveBeenCalledWith("seti_1_secret_x", {
      payment_method: { card: stripeMock.card, billing_details: { name: "Ana Leitora" } },
    });
  });

  it("shows Stripe's message for a declined card and uses nothing", async () => {
    stripeMock.stripe.confirmCardSetup.mockResolvedValue({
      error: { type: "card_error", code: "card_declined", message: "Your card was declined." },
    });
    const onPaymentMethod = vi.fn(async () => null);
    renderForm("/en/public/purchase", "en", onPaymentMethod);
    fireEvent.change(await screen.findByLabelText("Name on the card", {}, slow), { target: { value: "Ana" } });
    await pay();
    expect((await screen.findByRole("alert", {}, slow)).textContent).toBe("Your card was declined.");
    expect(onPaymentMethod).not.toHaveBeenCalled();
  });

  it("reached by client-side navigation from a page whose policy keeps Stripe out: reloads instead of loading Stripe.js", async () => {
    vi.spyOn(performance, "getEntriesByType").mockReturnValue([{ name: "http://localhost/en" } as PerformanceEntry]);
    const reload = vi.fn();
    vi.spyOn(window, "location", "get").mockReturnValue({ ...window.location, reload } as Location);
    renderForm("/en/public/purchase", "en", async () => null);
    await waitFor(() => expect(reload).toHaveBeenCalled(), slow);
    expect(stripeMock.loadStripe).not.toHaveBeenCalled();
  });
});
