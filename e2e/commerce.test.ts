import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BASE_URL, cspViolations, launchBrowser, openContext } from "./browser";

// The commerce journeys in BRL, USD and MXN on the local TEST MODE provider: a trial started with
// 4242 after a declined card, the thank-you page, one-click cancel, the test clock ending the trial
// uncharged, and a voucher working once. axe-core checks each commerce screen.

const AXE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
}, 120_000);
afterAll(() => browser?.close());

/** Serious or critical axe-core violations on the page as it is now (run through the debugger: CSP does not apply). */
async function axeViolations(page: Page): Promise<string[]> {
  await page.evaluate(AXE);
  const result = await page.evaluate<{ violations: { id: string; impact: string | null; nodes: unknown[] }[] }>(
    "axe.run(document, { resultTypes: ['violations'] })",
  );
  return result.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id} (${v.nodes.length})`);
}

async function graphql<T>(page: Page, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const body = JSON.stringify({ query, variables });
  const answer = await page.evaluate(
    async ([url, payload]) =>
      (await fetch(url!, { method: "POST", headers: { "content-type": "application/json" }, body: payload })).json(),
    [`${BASE_URL}/graphql`, body],
  );
  return (answer as { data: T }).data;
}

const CASES = [
  {
    language: "pt",
    prefix: "",
    locale: "pt-BR",
    intl: "pt-BR",
    currency: "BRL",
    amount: 299,
    declined: "Seu cartão foi recusado.",
    invalidCode: "Por favor, insira um código válido",
  },
  {
    language: "en",
    prefix: "/en",
    locale: "en-US",
    intl: "en-US",
    currency: "USD",
    amount: 79.9,
    declined: "Your card was declined.",
    invalidCode: "Please enter a valid code",
  },
  {
    language: "es",
    prefix: "/es",
    locale: "es-MX",
    intl: "es-MX",
    currency: "MXN",
    amount: 1249,
    declined: "Tu tarjeta fue rechazada.",
    invalidCode: "Por favor, ingresa un código válido",
  },
] as const;

async function fillCard(page: Page, number: string) {
  await page.locator('input[name="name"]').fill("Ada Reader");
  await page.locator('input[name="number"]').fill(number);
  await page.locator('input[name="expiry"]').fill("12/34");
  await page.locator('input[name="cvc"]').fill("123");
  await page.locator(".card-form button[type=submit]").click();
}

describe("commerce", () => {
  for (const c of CASES) {
    it(
      `${c.language}: a trial with 4242 after a declined card reads a premium book, cancelled in settings it ends uncharged and locked; a voucher works once`,
      { timeout: 180_000 },
      async () => {
        const context = await openContext(browser, { locale: c.locale });
        const page = await context.newPage();
        const errors: string[] = [];
        page.on("pageerror", (error) => errors.push(error.message));
        // As Intl writes it (pt-BR puts a no-break space after R$).
        const price = new Intl.NumberFormat(c.intl, { style: "currency", currency: c.currency }).format(c.amount);
        const email = `commerce-${c.language}-${Date.now()}@example.com`;

        // The landing, as a visitor: TEST MODE, the annual price in the language's currency.
        await page.goto(`${BASE_URL}${c.prefix}/try-now`);
        await expect.poll(() => page.locator(".test-mode").textContent()).toContain("TEST MODE");
        expect(await page.locator(".price-card").textContent()).toContain(price);
        expect(await axeViolations(page)).toEqual([]);

        await page.goto(`${BASE_URL}${c.prefix}/signup`);
        await page.waitForLoadState("networkidle");
        await page.locator('input[name="email"]').fill(email);
        await page.locator('input[name="password"]').fill("a quiet reading hour");
        await page.keyboard.press("Enter");
        await page.waitForURL(/\/welcome$/, { waitUntil: "commit" });

        await page.goto(`${BASE_URL}${c.prefix}/try-now/subscribe`);
        await page.waitForLoadState("networkidle");
        const summary = await page.locator(".order-summary").textContent();
        expect(summary).toContain(price);
        const dateOf = (days: number) =>
          new Intl.DateTimeFormat(c.intl, { dateStyle: "long", timeZone: "America/Sao_Paulo" }).format(
            new Date(Date.now() + days * 86_400_000),
          );
        const trialEnd = [dateOf(7), dateOf(7 + 1 / 24)];
        expect(trialEnd.some((d) => summary!.includes(d))).toBe(true);
        expect(await axeViolations(page)).toEqual([]);

        // A declined card says so and changes nothing.
        await fillCard(page, "4000 0000 0000 0002");
        await expect.poll(() => page.locator(".card-form [role=alert]").textContent()).toBe(c.declined);
        expect(
          (await graphql<{ viewer: { subscription: null | object } }>(page, "{ viewer { subscription { status } } }")).viewer.subscription,
        ).toBeNull();

        await fillCard(page, "4242 4242 4242 4242");
        await page.waitForURL(/\/welcome-to-knowledge$/, { waitUntil: "commit" });
        await expect.poll(() => page.locator(".welcome-to-knowledge__trial").textContent()).toContain(email);
        const thanks = (await page.locator(".welcome-to-knowledge__trial").textContent())!;
        expect(trialEnd.some((d) => thanks.includes(d))).toBe(true);
        expect(await axeViolations(page)).toEqual([]);
        expect((await graphql<{ viewer: { isPremium: boolean } }>(page, "{ viewer { isPremium } }")).viewer.isPremium).toBe(true);

        // The trial reader reads a premium book: a microbook that is not today's free one, whole, unlocked.
        const { freeMicrobookToday } = await graphql<{ freeMicrobookToday: { slug: string } | null }>(
          page,
          "{ freeMicrobookToday { slug } }",
        );
        const premiumBook = freeMicrobookToday?.slug === "meditations" ? "walden" : "meditations";
        await page.goto(`${BASE_URL}${c.prefix}/microbook/${premiumBook}`);
        await expect.poll(() => page.locator(".key-ideas__list li").count()).toBeGreaterThan(0);
        expect(await page.locator(".notice--locked").count()).toBe(0);
        await page.goto(`${BASE_URL}${c.prefix}/microbook/${premiumBook}/read`);
        await page.waitForLoadState("networkidle");
        expect(page.url()).toBe(`${BASE_URL}${c.prefix}/microbook/${premiumBook}/read`);
        await expect.poll(() => page.locator('[data-reader-chapter="0"] p').count()).toBeGreaterThan(0);
        expect(await page.locator(".notice--locked").count()).toBe(0);
        const BOOK = `query ($slug: String!) { microbook(slug: $slug) { viewerAccess { canRead } } }`;
        type Book = { microbook: { viewerAccess: { canRead: boolean } } };
        const canRead = async () =>
          (
            await page.evaluate(
              async ([url, payload]) =>
                (await fetch(url!, { method: "POST", headers: { "content-type": "application/json" }, body: payload })).json(),
              [`${BASE_URL}/graphql`, JSON.stringify({ query: BOOK, variables: { slug: premiumBook } })],
            )
          ).data as Book;
        expect((await canRead()).microbook.viewerAccess.canRead).toBe(true);

        // Cancel in settings, one click: access stays until the trial's end.
        await page.goto(`${BASE_URL}${c.prefix}/settings`);
        await page.waitForLoadState("networkidle");
        await page.locator(".subscription-cancel button").click();
        await expect.poll(() => page.locator(".settings-section .form-notice").count()).toBe(1);
        expect(await axeViolations(page)).toEqual([]);
        type State = { viewer: { isPremium: boolean; subscription: { status: string; cancelAtPeriodEnd: boolean }; receipts: unknown[] } };
        const STATE = "{ viewer { isPremium subscription { status cancelAtPeriodEnd } receipts { amount } } }";
        expect((await graphql<State>(page, STATE)).viewer).toMatchObject({
          isPremium: true,
          subscription: { status: "TRIALING", cancelAtPeriodEnd: true },
        });

        // The test clock: past the trial's end, access is gone and nothing was charged.
        await graphql(page, "mutation { advanceTestClock(days: 8) { __typename } }");
        expect((await graphql<State>(page, STATE)).viewer).toEqual({
          isPremium: false,
          subscription: { status: "CANCELED", cancelAtPeriodEnd: true },
          receipts: [],
        });
        // The premium book is locked again.
        expect((await canRead()).microbook.viewerAccess.canRead).toBe(false);
        await page.goto(`${BASE_URL}${c.prefix}/microbook/${premiumBook}`);
        await expect.poll(() => page.locator(".notice--locked").count()).toBeGreaterThan(0);

        // A voucher works once, and is refused the second time with the spec's message.
        await page.goto(`${BASE_URL}${c.prefix}/redeem-voucher-internal`);
        await page.waitForLoadState("networkidle");
        await page.locator('input[name="code"]').fill("BREVIA-WELCOME-30");
        await page.locator(".voucher-form button").click();
        await expect.poll(() => page.locator(".voucher-form [role=status]").count()).toBe(1);
        expect((await graphql<State>(page, STATE)).viewer.isPremium).toBe(true);
        await page.locator(".voucher-form button").click();
        await expect.poll(() => page.locator(".voucher-form [role=alert]").textContent()).toBe(c.invalidCode);
        expect(await axeViolations(page)).toEqual([]);

        expect(errors).toEqual([]);
        expect(await cspViolations(context)).toEqual([]);
        await context.close();
      },
    );
  }
});
