import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { InjectOptions, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { audioDir } from "../features/catalog/audio/audio-store.js";
import { createMediaUrlSigner } from "../features/catalog/audio/media-urls.js";
import { TEST_MEDIA_URL_SECRET } from "../test/execute.js";
import { buildMicrobook } from "../test/factories.js";
import { useTestServer } from "../test/http.js";

const CSP =
  "default-src 'self';script-src 'self';script-src-attr 'none';style-src 'self';img-src 'self';media-src 'self';" +
  "font-src 'self';connect-src 'self';object-src 'none';base-uri 'self';form-action 'self';frame-ancestors 'none'";

let dir: string;
const audioUrl = createMediaUrlSigner(TEST_MEDIA_URL_SECRET).audioUrl("narrated.en.opus", new Date(Date.now() + 3_600_000));

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "brevia-headers-"));
  const webDistDir = path.join(dir, "web");
  const mediaDir = path.join(dir, "media");
  await mkdir(webDistDir);
  await writeFile(path.join(webDistDir, "index.html"), "<!doctype html><title>Brevia</title>");
  await mkdir(audioDir(mediaDir), { recursive: true });
  await writeFile(path.join(audioDir(mediaDir), "narrated.en.opus"), Buffer.alloc(1000, 7));
});
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});
const web = () => ({ distDir: path.join(dir, "web") });
const env = () => ({ LOG_LEVEL: "silent", MEDIA_DIR: path.join(dir, "media") });
// Production with introspection forced on: the Sandbox page exists there too, and must stay strict.
const production = useTestServer({ web, env: () => ({ ...env(), GRAPHQL_INTROSPECTION: "true" }), resetBeforeEach: false });
const development = useTestServer({ web, env: () => ({ ...env(), NODE_ENV: "development" }), db: production.db });
beforeAll(async () => {
  await buildMicrobook(production.db.prisma, { slug: "headers-book" });
});

/** One response of each kind the app sends, with the status that proves it is that kind. */
const responses: [label: string, request: InjectOptions, status: number][] = [
  ["an HTML page", { url: "/en" }, 200],
  ["the not-found page", { url: "/en/no-such-page" }, 404],
  ["a GraphQL answer", { method: "POST", url: "/graphql", payload: { query: "{ __typename }" } }, 200],
  ["a GraphQL error", { method: "POST", url: "/graphql", payload: { query: "{ nope }" } }, 400],
  ["a cover", { url: "/covers/headers-book.en.svg" }, 200],
  ["a missing cover", { url: "/covers/no-such-book.en.svg" }, 404],
  ["an audio range", { url: audioUrl, headers: { range: "bytes=0-99" } }, 206],
  ["a refused audio link", { url: "/audio/narrated.en.opus?expires=1&sig=x" }, 403],
  ["a missing asset", { url: "/assets/missing.js" }, 404],
  // Fastify's own error handler answers a body it cannot parse.
  ["a malformed request", { method: "POST", url: "/graphql", headers: { "content-type": "application/json" }, payload: "{" }, 400],
];

async function send(server: typeof production, request: InjectOptions, status: number): Promise<LightMyRequestResponse> {
  const res = await server.app.inject(request);
  expect(res.statusCode, String(request.url)).toBe(status);
  return res;
}

function directives(csp: string | undefined): Map<string, string[]> {
  return new Map(
    (csp ?? "")
      .split(";")
      .map((d) => d.trim().split(/\s+/) as [string, ...string[]])
      .map(([name, ...sources]) => [name, sources]),
  );
}

describe("security headers", () => {
  it.each(responses)("are on %s in production, HSTS included", async (_, request, status) => {
    const res = await send(production, request, status);
    expect(res.headers).toMatchObject({
      "content-security-policy": CSP,
      "x-content-type-options": "nosniff",
      "referrer-policy": "strict-origin-when-cross-origin",
      "x-frame-options": "DENY",
      "cross-origin-resource-policy": "same-origin",
      "strict-transport-security": "max-age=31536000; includeSubDomains",
    });
  });

  it.each(responses)("are on %s in development, without HSTS", async (_, request, status) => {
    const res = await send(development, request, status);
    expect(res.headers).toMatchObject({ "content-security-policy": CSP, "x-content-type-options": "nosniff", "x-frame-options": "DENY" });
    expect(res.headers).not.toHaveProperty("strict-transport-security");
  });

  it("allow no inline or eval'd script, no plugin, no framing", async () => {
    const csp = directives((await production.app.inject("/en")).headers["content-security-policy"] as string);
    expect(csp.get("script-src")).toEqual(["'self'"]);
    expect(csp.get("script-src")).not.toContain("'unsafe-inline'");
    expect(csp.get("script-src")).not.toContain("'unsafe-eval'");
    expect(csp.get("object-src")).toEqual(["'none'"]);
    expect(csp.get("frame-ancestors")).toEqual(["'none'"]);
  });
});

describe("the Apollo Sandbox page at GET /graphql", () => {
  const sandbox: InjectOptions = { url: "/graphql", headers: { accept: "text/html" } };

  it("runs under Apollo's own meta CSP in development, other headers kept", async () => {
    const res = await send(development, sandbox, 200);
    expect(res.headers["content-type"]).toContain("text/html");
    expect(res.body).toContain('http-equiv="Content-Security-Policy"');
    expect(res.headers).not.toHaveProperty("content-security-policy");
    expect(res.headers).toMatchObject({ "x-frame-options": "DENY", "x-content-type-options": "nosniff" });
  });

  it("relaxes nothing in production, even with introspection on", async () => {
    const res = await send(production, sandbox, 200);
    expect(res.headers["content-type"]).toContain("text/html");
    expect(res.headers["content-security-policy"]).toBe(CSP);
  });
});

describe("the checkout pages' policy (Stripe.js only where a card is taken)", () => {
  const stripeEnv = () => ({
    ...env(),
    STRIPE_SECRET_KEY: "sk_test_brevia",
    STRIPE_PUBLISHABLE_KEY: "pk_test_brevia",
    STRIPE_WEBHOOK_SECRET: "whsec_brevia",
  });
  const withStripe = useTestServer({ web, env: stripeEnv, db: production.db });
  const stripeOrigins = (csp: string | undefined) => (csp ?? "").split(/[\s;]+/).filter((source) => source.includes("stripe.com"));

  it("with Stripe configured: the home page has no Stripe origin, a checkout page allows Stripe.js, its API and its frames", async () => {
    const home = await send(withStripe, { url: "/en" }, 200);
    expect(stripeOrigins(home.headers["content-security-policy"] as string)).toEqual([]);
    for (const url of ["/public/purchase", "/en/public/purchase?plan=lifetime", "/es/exclusive-offer/no-such-offer"]) {
      const res = await withStripe.app.inject(url);
      expect(res.headers["content-type"], url).toContain("text/html");
      const csp = directives(res.headers["content-security-policy"] as string);
      expect(csp.get("script-src"), url).toEqual(["'self'", "https://js.stripe.com"]);
      expect(csp.get("connect-src"), url).toEqual(["'self'", "https://api.stripe.com"]);
      expect(csp.get("frame-src"), url).toEqual(["'self'", "https://js.stripe.com", "https://hooks.stripe.com"]);
      expect(csp.get("frame-ancestors"), url).toEqual(["'none'"]);
    }
    // A GraphQL answer from a checkout page's address is not a page: strict.
    const api = await withStripe.app.inject({ method: "POST", url: "/graphql", payload: { query: "{ __typename }" } });
    expect(stripeOrigins(api.headers["content-security-policy"] as string)).toEqual([]);
  });

  it("without Stripe (the local TEST MODE provider): checkout pages keep the strict policy", async () => {
    const res = await production.app.inject("/en/public/purchase");
    expect(res.headers["content-type"]).toContain("text/html");
    expect(res.headers["content-security-policy"]).toBe(CSP);
  });
});
