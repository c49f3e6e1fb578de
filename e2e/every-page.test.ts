// Every page of the route table, at a phone's size (390 × 844, and 320 wide for overflow) and a
// laptop's (1280 × 800), in pt, en and es, as a visitor and as a signed-in reader: the phone's header
// is one row of at most 64 px, its controls and the bottom bar's are at least 44 × 44 px, fields are
// 16 px or more, nothing is wider than a 320 px window, the laptop's search box shows its whole
// placeholder, and axe-core finds no serious or critical violation. A screenshot of each page at each
// size goes to the artefact folder (e2e/artifacts.ts: kept only with E2E_ARTIFACTS_DIR).
import path from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOCALES, ROUTE_NAMES, ROUTE_TABLE, type Locale, type RouteName } from "@brevia/routes";
import { artifactFolder } from "./artifacts";
import { seriousAxeViolations } from "./axe";
import { BASE_URL, cspViolations, launchBrowser, openContext, waitForApp } from "./browser";
import { controlSizes, headerRow, horizontalOverflow, placeholderFits, smallFields } from "./layout-checks";

const PREFIX: Record<Locale, string> = { pt: "", en: "/en", es: "/es" };
const BROWSER_LOCALE: Record<Locale, string> = { pt: "pt-BR", en: "en-US", es: "es-ES" };
const PHONE = { width: 390, height: 844 };
const NARROWEST = { width: 320, height: 844 };
const LAPTOP = { width: 1280, height: 800 };

let browser: Browser;
const artefacts = artifactFolder("pages");
/** A sample of each kind of page with a slug, found in the catalogue the app serves. */
const slugs: Record<string, string> = {};

beforeAll(async () => {
  browser = await launchBrowser();
  // In Portuguese, whose paths have no prefix.
  const context = await openContext(browser, { locale: "pt-BR" });
  const page = await context.newPage();
  for (const [list, prefix] of [
    ["/", "/microbook/"],
    ["/categories", "/categories/"],
    ["/originals", "/originals/"],
    ["/playlists", "/playlists/"],
  ] as const) {
    await page.goto(`${BASE_URL}${list}`);
    const href = await page.locator(`main a[href^="${prefix}"]`).first().getAttribute("href");
    slugs[prefix] = decodeURIComponent(href!.slice(prefix.length).split(/[/?#]/)[0]!);
  }
  await context.close();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  artefacts.remove();
});

/** An example path for a route: its path with the parameters filled in (a sample slug, a made-up token). */
function samplePath(name: RouteName): string {
  const pattern = ROUTE_TABLE[name].path;
  return pattern.replace(/:(\w+)/g, (_match, param: string) => {
    if (param === "token") return "not-a-real-token";
    // A quote card nobody shared: its page says so (the shared one is visited by the highlights journey).
    if (param === "id" && pattern.startsWith("/quote/")) return "no-such-quote";
    // An offer of the catalogue's commerce.yaml (the commerce journeys visit the others and an unknown one).
    if (param === "offer") return "annual-50";
    const kind = Object.keys(slugs).find((prefix) => pattern.startsWith(prefix));
    if (param === "slug" && kind) return slugs[kind]!;
    throw new Error(`Route ${name}: give its parameter ${param} a sample in every-page.test.ts`);
  });
}

/**
 * The visitor's pages (public and visitor-only, and the not-found page) and the reader's (the
 * signed-in ones, and home and a microbook with the reader's header), as [name, unprefixed path].
 */
const visitorPages = () => [
  ...ROUTE_NAMES.filter((name) => ROUTE_TABLE[name].guard !== "signed-in").map((name) => [name, samplePath(name)] as const),
  ["notFound", "/no-such-page"] as const,
];
const readerPages = () =>
  ROUTE_NAMES.filter((name) => ROUTE_TABLE[name].guard === "signed-in" || name === "home" || name === "microbook").map(
    (name) => [name, samplePath(name)] as const,
  );

async function signUp(context: BrowserContext, locale: Locale) {
  const email = `every-page-${locale}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const response = await context.request.post(`${BASE_URL}/graphql`, {
    headers: { "content-type": "application/json", "accept-language": locale },
    data: {
      query: `mutation ($email: String!, $password: String!) { signUp(email: $email, password: $password) { __typename } }`,
      variables: { email, password: "a quiet reading hour" },
    },
  });
  expect(await response.json()).toEqual({ data: { signUp: { __typename: "AuthSession" } } });
}

type Problems = Record<string, unknown>;

/** Everything measured on one page at one size; an empty object when all holds. */
async function checkPage(page: Page, size: "phone" | "laptop", shot: string): Promise<Problems> {
  const problems: Problems = {};
  await page.screenshot({ path: path.join(artefacts.dir, `${shot}.png`) });
  if (size === "phone") {
    const header = await headerRow(page);
    if (header.height > 64 || header.spread > 4) problems.header = header;
    const small = (await controlSizes(page, ".site-header, .bottom-nav")).filter((box) => box.width < 44 || box.height < 44);
    if (small.length) problems.smallTargets = small;
    const fields = await smallFields(page);
    if (fields.length) problems.smallFields = fields;
    await page.setViewportSize(NARROWEST);
    const overflow = await horizontalOverflow(page);
    if (overflow.scrollWidth > overflow.viewport || overflow.wider.length) problems.overflowAt320 = overflow;
    await page.screenshot({ path: path.join(artefacts.dir, `${shot}-320.png`) });
    await page.setViewportSize(PHONE);
  } else {
    if ((await page.locator(".site-search input").count()) === 1) {
      const fit = await placeholderFits(page, ".site-search input");
      if (fit.text > fit.room) problems.placeholderCut = fit;
    }
    const overflow = await horizontalOverflow(page);
    if (overflow.scrollWidth > overflow.viewport) problems.overflow = overflow;
  }
  const axe = await seriousAxeViolations(page);
  if (axe.length) problems.axe = axe;
  return problems;
}

for (const [size, viewport] of [
  ["phone", PHONE],
  ["laptop", LAPTOP],
] as const) {
  describe(`every page on a ${size} (${viewport.width} × ${viewport.height})`, () => {
    for (const locale of LOCALES) {
      for (const who of ["visitor", "reader"] as const) {
        it(`in ${locale}, as a ${who}`, { timeout: 600_000 }, async () => {
          const context = await openContext(browser, { locale: BROWSER_LOCALE[locale], viewport });
          if (who === "reader") await signUp(context, locale);
          const page = await context.newPage();
          const found: Record<string, Problems> = {};
          for (const [name, pagePath] of who === "reader" ? readerPages() : visitorPages()) {
            const url = `${BASE_URL}${PREFIX[locale]}${pagePath}`.replace(/(.)\/$/, "$1");
            await page.goto(url);
            await waitForApp(page);
            const problems = await checkPage(page, size, `${size}-${locale}-${who}-${name}`);
            if (Object.keys(problems).length) found[`${name} (${new URL(page.url()).pathname})`] = problems;
          }
          expect(found).toEqual({});
          expect(await cspViolations(context)).toEqual([]);
          await context.close();
        });
      }
    }
  });
}
