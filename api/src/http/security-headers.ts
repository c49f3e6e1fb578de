import fastifyHelmet from "@fastify/helmet";
import type { FastifyInstance } from "fastify";
import { matchRoute } from "@brevia/routes";
import { CARD_CHECKOUT_ROUTES } from "@brevia/routes/checkout-pages";
import type { AppConfig } from "../config.js";

/**
 * What the built web app loads, and nothing more: its own scripts, stylesheet, favicon and covers
 * (WebP and PNG at /covers/…), narration (/audio/…) and /graphql, all from this origin. The web app has no
 * inline script or style element, no data: URL and no web font (system fonts only). React sets
 * `style` props through the CSSOM, which style-src does not govern.
 *
 * Server-rendered pages (web-app.ts) carry the Apollo cache state in a
 * `<script type="application/json">` element, and a microbook page its JSON-LD in a
 * `<script type="application/ld+json">`: data blocks, not script (the browser never runs them), so
 * CSP does not apply to them, no nonce is needed and a rendered page can be cached for every visitor. If an executable inline
 * script is ever needed, pass `enableCSPNonces: true` to helmet below (a fresh `'nonce-…'` per
 * response, `reply.cspNonce.script`); never add 'unsafe-inline' to script-src. Rendered HTML has no
 * `style` attributes (the category colour is set through the CSSOM), so style-src stays 'self'.
 */
const directives = {
  "default-src": ["'self'"],
  "script-src": ["'self'"],
  "script-src-attr": ["'none'"],
  "style-src": ["'self'"],
  "img-src": ["'self'"],
  "media-src": ["'self'"],
  "font-src": ["'self'"],
  "connect-src": ["'self'"],
  "object-src": ["'none'"],
  "base-uri": ["'self'"],
  "form-action": ["'self'"],
  "frame-ancestors": ["'none'"],
  // No upgrade-insecure-requests: every source is this origin, and over plain HTTP on a LAN
  // address (npm start on another machine) it would send every asset request to https and break.
};

/*
 * The pages that take a card (CARD_CHECKOUT_ROUTES). Only their HTML, and only when Stripe is
 * configured, may load Stripe.js (js.stripe.com), talk to api.stripe.com and frame Stripe's card
 * fields and 3-D Secure pages (js.stripe.com, hooks.stripe.com); every other page keeps the strict policy.
 */
const STRIPE_SOURCES: Partial<Record<keyof typeof directives | "frame-src", string[]>> = {
  "script-src": ["https://js.stripe.com"],
  "connect-src": ["https://api.stripe.com"],
  "frame-src": ["https://js.stripe.com", "https://hooks.stripe.com"],
};

/** The checkout pages' policy: the strict one plus Stripe's origins, in helmet's own serialization. */
export const checkoutCsp = Object.entries({ ...directives, "frame-src": ["'self'"] })
  .map(([name, sources]) => [name, ...sources, ...(STRIPE_SOURCES[name as keyof typeof STRIPE_SOURCES] ?? [])].join(" "))
  .join(";");

const isCheckoutPage = (url: string) => {
  const route = matchRoute(url.split("?")[0]!);
  return route !== null && CARD_CHECKOUT_ROUTES.includes(route.name);
};

/** Security headers on every response (pages, /graphql, media, errors); see the README. */
export async function registerSecurityHeaders(app: FastifyInstance, config: AppConfig) {
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: { useDefaults: false, directives },
    frameguard: { action: "deny" },
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    // A browser remembers HSTS for a year: send it only from production, which runs behind TLS.
    hsts: config.production ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    // Helmet's defaults stay on: nosniff, Cross-Origin-Opener-Policy and
    // Cross-Origin-Resource-Policy same-origin (the app's <img> and <audio> are same-origin), …
  });

  if (config.stripe) {
    app.addHook("onSend", async (request, reply) => {
      const html = String(reply.getHeader("content-type") ?? "").startsWith("text/html");
      // Helmet writes its headers on the raw response, so the checkout policy replaces it there.
      if (request.method === "GET" && html && isCheckoutPage(request.url)) reply.raw.setHeader("content-security-policy", checkoutCsp);
    });
  }

  // Apollo Sandbox (GET /graphql in a browser) runs inline scripts and scripts, styles and frames
  // from Apollo's CDN, and its HTML carries its own nonce-based CSP in a <meta> tag. In development
  // only, drop our header CSP from that one HTML response so Apollo's policy governs it; the
  // other headers (X-Frame-Options: DENY…) stay. Production never relaxes anything, even with
  // GRAPHQL_INTROSPECTION=true.
  if (config.introspection && !config.production) {
    app.addHook("onSend", async (request, reply) => {
      const isSandboxPage =
        request.method === "GET" &&
        request.routeOptions.url === "/graphql" &&
        String(reply.getHeader("content-type") ?? "").startsWith("text/html");
      // Helmet writes its headers on the raw response, so remove it there.
      if (isSandboxPage) reply.raw.removeHeader("content-security-policy");
    });
  }
}
