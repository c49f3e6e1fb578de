import type { RouteName } from "./route-table";

/**
 * The pages that take a card (Stripe's card element when Stripe is configured): only their HTML gets a
 * Content-Security-Policy that lets Stripe.js in (api/src/http/security-headers.ts), so the web app
 * loads these pages from the server, not by client-side navigation (features/commerce/CardForm.tsx).
 */
export const CARD_CHECKOUT_ROUTES: readonly RouteName[] = ["tryNowSubscribe", "settingsSubscribe", "exclusiveOffer", "publicPurchase"];
