import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from "playwright-core";

export const BASE_URL = process.env.E2E_BASE_URL ?? "http://127.0.0.1:3000";

/**
 * Debian's Chromium driven by playwright-core (no browser download on this machine). Its temporary,
 * runtime, configuration and cache files (PulseAudio's folder and cookie when a page plays audio,
 * Crashpad's `chromium/Crash Reports`, dconf) go to a folder of its own, removed when the browser goes,
 * never to the system temp folder or the user's ~/.config and ~/.cache.
 */
export async function launchBrowser(): Promise<Browser> {
  const scratch = mkdtempSync(path.join(tmpdir(), "brevia-chromium-"));
  const browser = await chromium
    .launch({
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      env: { ...process.env, TMPDIR: scratch, XDG_RUNTIME_DIR: scratch, XDG_CONFIG_HOME: scratch, XDG_CACHE_HOME: scratch },
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    })
    .catch((error: unknown) => {
      rmSync(scratch, { recursive: true, force: true });
      throw error;
    });
  browser.once("disconnected", () => rmSync(scratch, { recursive: true, force: true }));
  return browser;
}

export type CspViolation = { page: string; directive: string; blocked: string; sample: string };
const cspViolationsByContext = new WeakMap<BrowserContext, CspViolation[]>();

// Runs in every document before the page's own scripts (CSP does not apply to it). Reports go to
// Node at once, so a violation on a page the journey has already left is kept too.
const RECORD_CSP_VIOLATIONS = `addEventListener("securitypolicyviolation", (e) => {
  __reportCspViolation({ page: location.pathname, directive: e.effectiveDirective, blocked: e.blockedURI, sample: e.sample });
});`;

/** A browser context that records every Content-Security-Policy violation in its pages. */
let contexts = 0;

/**
 * A browser context for one reader. Each comes from an address of its own (the app trusts its proxy's
 * X-Forwarded-For), as readers do: the per-IP limits (10 sign-ups an hour) count each journey apart,
 * not the whole suite as one visitor.
 */
export async function openContext(browser: Browser, options: BrowserContextOptions): Promise<BrowserContext> {
  contexts += 1;
  const address = `198.51.100.${((process.pid + contexts) % 254) + 1}`; // TEST-NET-2, documentation addresses
  const context = await browser.newContext({
    ...options,
    extraHTTPHeaders: { "x-forwarded-for": address, ...options.extraHTTPHeaders },
  });
  const violations: CspViolation[] = [];
  cspViolationsByContext.set(context, violations);
  await context.exposeFunction("__reportCspViolation", (violation: CspViolation) => violations.push(violation));
  await context.addInitScript({ content: RECORD_CSP_VIOLATIONS });
  return context;
}

/** The CSP violations seen so far in a context from `openContext` (assert `[]` before closing it). */
export async function cspViolations(context: BrowserContext): Promise<CspViolation[]> {
  const violations = cspViolationsByContext.get(context);
  if (!violations) throw new Error("cspViolations needs a context made by openContext");
  // Playwright delivers a report a page has already sent before the answer to this later call.
  await Promise.all(context.pages().map((page) => page.evaluate(() => 0)));
  return violations;
}

/**
 * Waits until the app has taken the page over: the network is quiet (the page's code and data have
 * arrived) and the app has marked `<html data-hydrated>` (web/src/start.tsx). A click before that
 * lands on the server's HTML and is lost; after a client-side navigation the mark is already there.
 */
export async function waitForApp(page: Page): Promise<void> {
  await page.waitForLoadState("networkidle");
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}
