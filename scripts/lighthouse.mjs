// `npm run lighthouse [-- /path …]`: Lighthouse 12 (mobile preset: the default configuration, with
// simulated slow 4G and a 4x slower CPU) in Debian's Chromium on the production server, on the home
// page and a microbook page in each language. Prints the four category scores, LCP, CLS and TBT per
// page, and PASS/FAIL against the targets. Not part of `npm test` (it takes minutes).
//
// It builds the web app when it is missing or stale, starts `node --import tsx api/src/main.ts`
// (NODE_ENV=production) on a free port with a throwaway embedded database (migrated and seeded by the
// server itself), and removes everything it made at the end, also on Ctrl-C. Each language's pages
// are loaded in a Chromium of that language (--lang, --accept-lang), as a reader of that language
// arrives, so no language redirect happens.
//
//   LIGHTHOUSE_RUNS        runs per page (default 1); the median run (by performance score) is shown
//   LIGHTHOUSE_REPORT_DIR  also write each page's report there (HTML and JSON)
//   CHROME_PATH            the browser (default /usr/bin/chromium)
//   arguments              paths to audit instead of the six ("{slug}": the microbook), e.g. /en /en/microbook/{slug}
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { once } from "node:events";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import lighthouse from "lighthouse";
import { ensureWebBuilt, ROOT } from "./web-build.mjs";

// chrome-launcher is Lighthouse's own dependency (the CLI launches Chromium with it).
const { launch } = createRequire(createRequire(import.meta.url).resolve("lighthouse"))("chrome-launcher");

export const TARGETS = {
  performance: 95,
  accessibility: 95,
  "best-practices": 95,
  seo: 100,
  lcpMs: 1500,
  /** Strictly below. */
  cls: 0.05,
  /** Strictly below. */
  tbtMs: 150,
};

const CHROME_PATH = process.env.CHROME_PATH || "/usr/bin/chromium";
const RUNS = Math.max(1, Math.round(Number(process.env.LIGHTHOUSE_RUNS || 1)) || 1);
const REPORT_DIR = process.env.LIGHTHOUSE_REPORT_DIR ? path.resolve(process.env.LIGHTHOUSE_REPORT_DIR) : null;
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];
const DEFAULT_PATHS = ["/", "/en", "/es", "/microbook/{slug}", "/en/microbook/{slug}", "/es/microbook/{slug}"];
/** The browser language of each site language (a reader in Brazil, in the US, in Spain). */
const BROWSER_LANGUAGE = { pt: "pt-BR", en: "en-US", es: "es-ES" };

const log = (line = "") => console.log(line);
const progress = (line) => process.stderr.write(`${line}\n`);

// ---------------------------------------------------------------------------------------------
// Cleanup: the browser, the server, the temp folder; once, also on Ctrl-C.
let tmpDir;
let server;
let chrome;
let cleaning;

function cleanup() {
  cleaning ??= (async () => {
    if (chrome) {
      await Promise.resolve(chrome.kill()).catch(() => undefined); // its folders go with tmpDir below
      chrome = undefined;
    }
    if (server && server.exitCode === null && server.signalCode === null) {
      const exited = once(server, "exit");
      server.kill("SIGTERM");
      const timedOut = await Promise.race([exited.then(() => false), sleep(15_000).then(() => true)]);
      if (timedOut) {
        server.kill("SIGKILL");
        await exited;
      }
    }
    // The server writes its database folder while it shuts down: removed once it has exited.
    if (tmpDir) await rm(tmpDir, { recursive: true, force: true });
  })();
  return cleaning;
}

let interrupted = false;
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    if (interrupted) process.exit(130);
    interrupted = true;
    progress(`${signal}: stopping the browser and the server, removing the temp folder…`);
    void cleanup().finally(() => process.exit(130));
  });
}

// ---------------------------------------------------------------------------------------------
// The server.
async function freePort() {
  const probe = net.createServer().listen(0, "127.0.0.1");
  await once(probe, "listening");
  const { port } = probe.address();
  probe.close();
  await once(probe, "close");
  return port;
}

async function startServer() {
  tmpDir = await mkdtemp(path.join(os.tmpdir(), "brevia-lighthouse-"));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const output = [];
  server = spawn(process.execPath, ["--import", "tsx", path.join("api", "src", "main.ts")], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      DATABASE_URL: "",
      DATA_DIR: path.join(tmpDir, "data"),
      MEDIA_DIR: path.join(tmpDir, "media"),
      MEDIA_URL_SECRET: randomBytes(32).toString("base64url"),
      MIGRATE_ON_START: "true",
      SEED_ON_START: "true",
      REDIS_URL: "",
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  for (const stream of [server.stdout, server.stderr]) stream.on("data", (chunk) => output.push(String(chunk)));
  const started = Date.now();
  for (;;) {
    if (interrupted) throw new Error("interrupted");
    if (server.exitCode !== null || server.signalCode !== null) {
      throw new Error(`the server exited before it was ready:\n${output.join("").split("\n").slice(-20).join("\n")}`);
    }
    const ready = await fetch(`${baseUrl}/readyz`, { signal: AbortSignal.timeout(2000) }).then(
      (res) => res.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() - started > 180_000) throw new Error("the server was not ready after 180 s");
    await sleep(250);
  }
  return { baseUrl, readyAfterMs: Date.now() - started, output };
}

/** The first of the latest microbooks (whatever the seed holds). */
async function firstSlug(baseUrl) {
  const res = await fetch(`${baseUrl}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ query: "{ latestMicrobooks(first: 1) { nodes { slug } } }" }),
  });
  const body = await res.json();
  const slug = body?.data?.latestMicrobooks?.nodes?.[0]?.slug;
  if (!slug) throw new Error(`no microbook to audit: ${JSON.stringify(body).slice(0, 300)}`);
  return slug;
}

const localeOf = (pathname) => /^\/(en|es)(?=\/|$)/.exec(pathname)?.[1] ?? "pt";

// ---------------------------------------------------------------------------------------------
// Lighthouse.
function summarize(lhr) {
  const audit = (id) => lhr.audits[id]?.numericValue ?? NaN;
  const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  return {
    scores: Object.fromEntries(CATEGORIES.map((id) => [id, score(id)])),
    fcpMs: audit("first-contentful-paint"),
    lcpMs: audit("largest-contentful-paint"),
    cls: audit("cumulative-layout-shift"),
    tbtMs: audit("total-blocking-time"),
    finalUrl: lhr.finalDisplayedUrl,
    benchmarkIndex: lhr.environment?.benchmarkIndex ?? NaN,
    runtimeError: lhr.runtimeError?.message ?? unscoredBecause(lhr),
    lhr,
  };
}

/** Why the performance category has no score (a metric Lighthouse could not measure), or undefined when it has one. */
function unscoredBecause(lhr) {
  const performance = lhr.categories.performance;
  if (!performance || performance.score !== null) return undefined;
  const broken = performance.auditRefs.map((ref) => lhr.audits[ref.id]).filter((audit) => audit?.errorMessage);
  return `no performance score: ${broken.map((audit) => `${audit.id}: ${audit.errorMessage}`).join("; ") || "no reason given"}`;
}

function failures(result) {
  const failed = [];
  for (const id of CATEGORIES) {
    if (!(result.scores[id] >= TARGETS[id])) failed.push(`${id} ${result.scores[id]} < ${TARGETS[id]}`);
  }
  if (!(result.lcpMs <= TARGETS.lcpMs)) failed.push(`LCP ${(result.lcpMs / 1000).toFixed(2)} s > ${TARGETS.lcpMs / 1000} s`);
  if (!(result.cls < TARGETS.cls)) failed.push(`CLS ${result.cls.toFixed(3)} >= ${TARGETS.cls}`);
  if (!(result.tbtMs < TARGETS.tbtMs)) failed.push(`TBT ${Math.round(result.tbtMs)} ms >= ${TARGETS.tbtMs} ms`);
  if (result.redirected) failed.push(`redirected to ${result.finalUrl}`);
  if (result.runtimeError) failed.push(`Lighthouse: ${result.runtimeError}`);
  for (const error of result.runErrors ?? []) failed.push(`Lighthouse, ${error}`);
  return failed;
}

/** What held the performance score back: the failing audits of the category, with their figures. */
function performanceNotes(lhr) {
  const refs = lhr.categories.performance?.auditRefs ?? [];
  return refs
    .map((ref) => lhr.audits[ref.id])
    .filter((audit) => audit && audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode !== "informative")
    .map((audit) => `${audit.title}${audit.displayValue ? `: ${audit.displayValue}` : ""}`);
}

let launches = 0;
async function audit(url, locale) {
  const language = BROWSER_LANGUAGE[locale];
  // Chromium's profile, temporary files (org.chromium.Chromium.*), runtime, configuration and cache
  // (PulseAudio, Crashpad's chromium/Crash Reports, dconf) stay in this run's folder, removed at the end,
  // not in the system temp folder or ~/.config and ~/.cache.
  const scratch = path.join(tmpDir, `chromium-${++launches}`);
  await mkdir(path.join(scratch, "profile"), { recursive: true });
  chrome = await launch({
    chromePath: CHROME_PATH,
    userDataDir: path.join(scratch, "profile"),
    envVars: { ...process.env, TMPDIR: scratch, XDG_RUNTIME_DIR: scratch, XDG_CONFIG_HOME: scratch, XDG_CACHE_HOME: scratch },
    chromeFlags: ["--headless=new", "--no-sandbox", `--lang=${language}`, `--accept-lang=${language},${locale}`],
    // Its own Ctrl-C handler would exit before this script has stopped the server and removed its folder.
    handleSIGINT: false,
  });
  try {
    const runs = [];
    for (let i = 0; i < RUNS; i++) {
      if (interrupted) throw new Error("interrupted");
      const result = await lighthouse(url, { port: chrome.port, logLevel: "error", output: ["html", "json"], onlyCategories: CATEGORIES });
      if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
      runs.push({ ...summarize(result.lhr), report: result.report });
    }
    runs.sort((a, b) => a.scores.performance - b.scores.performance || b.lcpMs - a.lcpMs);
    const median = runs[Math.floor((runs.length - 1) / 2)];
    median.redirected = new URL(median.finalUrl).pathname !== new URL(url).pathname;
    median.allPerformance = runs.map((r) => r.scores.performance);
    // A run Lighthouse could not complete is a failure even when the median run is fine: it is said, not hidden.
    median.runErrors = runs.flatMap((r) => (r.runtimeError && r !== median ? [`another run: ${r.runtimeError}`] : []));
    if (REPORT_DIR) {
      await mkdir(REPORT_DIR, { recursive: true });
      const name = new URL(url).pathname.replace(/^\/|\/$/g, "").replace(/\//g, "_") || "home";
      const [html, json] = median.report;
      await writeFile(path.join(REPORT_DIR, `${name}.html`), html);
      await writeFile(path.join(REPORT_DIR, `${name}.json`), json);
    }
    return median;
  } finally {
    await Promise.resolve(chrome.kill()).catch(() => undefined);
    chrome = undefined;
  }
}

// ---------------------------------------------------------------------------------------------
function table(rows) {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  const line = (r) => r.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join("  ");
  return [line(rows[0]), widths.map((w) => "-".repeat(w)).join("  "), ...rows.slice(1).map(line)].join("\n");
}

async function main() {
  if (!existsSync(CHROME_PATH)) {
    throw new Error(`No browser at ${CHROME_PATH}: install Debian's Chromium (apt-get install chromium) or set CHROME_PATH.`);
  }
  const why = ensureWebBuilt();
  if (why) progress(`built the web app (it was ${why})`);

  progress("starting the production server on a throwaway embedded database (it migrates and seeds)…");
  const { baseUrl, readyAfterMs } = await startServer();
  const slug = await firstSlug(baseUrl);
  const paths = (process.argv.slice(2).length ? process.argv.slice(2) : DEFAULT_PATHS).map((p) => p.replace("{slug}", slug));

  // A server that has run for a while has rendered its pages already (response cache, JIT): the
  // pages are fetched once before they are audited, like the bench's warm-up.
  for (const pathname of paths) {
    const locale = localeOf(pathname);
    const res = await fetch(baseUrl + pathname, {
      headers: { "accept-language": BROWSER_LANGUAGE[locale], cookie: `i18n_redirected=${locale}` },
      redirect: "manual",
    });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${pathname} answered ${res.status} before the audit`);
  }

  log(`Brevia Lighthouse — ${new Date().toISOString()}`);
  log(
    `lighthouse 12 (mobile preset: Moto G Power emulation, simulated slow 4G, 4x CPU slowdown), ${CHROME_PATH}, ` +
      `${RUNS} run(s) per page${RUNS > 1 ? " (median by performance score)" : ""}`,
  );
  log(
    `server:    node --import tsx api/src/main.ts (NODE_ENV=production), ${baseUrl}, ready after ${(readyAfterMs / 1000).toFixed(1)} s; ` +
      `microbook: ${slug}; pages fetched once before the audits`,
  );
  log(`machine:   ${os.cpus().length} CPUs, load average ${os.loadavg()[0].toFixed(2)}`);
  log();

  const results = [];
  for (const pathname of paths) {
    const locale = localeOf(pathname);
    progress(`auditing ${pathname} (${BROWSER_LANGUAGE[locale]} browser)…`);
    const result = await audit(baseUrl + pathname, locale);
    results.push({ pathname, result, failed: failures(result) });
  }

  const rows = [["page", "perf", "a11y", "b.p.", "SEO", "FCP", "LCP", "CLS", "TBT", "CPU index", "verdict"]];
  for (const { pathname, result, failed } of results) {
    rows.push([
      pathname,
      ...CATEGORIES.map((id) => String(result.scores[id])),
      `${(result.fcpMs / 1000).toFixed(2)} s`,
      `${(result.lcpMs / 1000).toFixed(2)} s`,
      result.cls.toFixed(3),
      `${Math.round(result.tbtMs)} ms`,
      String(Math.round(result.benchmarkIndex)),
      failed.length ? "FAIL" : "PASS",
    ]);
  }
  log(table(rows));
  log();
  log(
    `targets: performance >= ${TARGETS.performance}, accessibility >= ${TARGETS.accessibility}, best practices >= ${TARGETS["best-practices"]}, ` +
      `SEO ${TARGETS.seo}, LCP <= ${TARGETS.lcpMs / 1000} s, CLS < ${TARGETS.cls}, TBT < ${TARGETS.tbtMs} ms`,
  );
  for (const { pathname, result, failed } of results) {
    if (RUNS > 1) log(`  ${pathname}: performance of the ${RUNS} runs ${result.allPerformance.join(", ")}`);
    if (!failed.length) continue;
    log(`  ${pathname} FAILS: ${failed.join("; ")}`);
    for (const note of performanceNotes(result.lhr)) log(`      ${note}`);
  }
  log(
    "CPU index: Lighthouse's benchmarkIndex of the machine during the run (its 4x CPU slowdown assumes about 1000 or more; " +
      "a busy machine scores lower and its TBT is inflated)",
  );
  const failedPages = results.filter((r) => r.failed.length).length;
  log();
  log(
    failedPages ? `${failedPages} of ${results.length} page(s) FAIL a target` : `every page PASSES every target (${results.length} pages)`,
  );
  if (REPORT_DIR) log(`reports: ${REPORT_DIR}`);
  return failedPages ? 1 : 0;
}

let code = 1;
try {
  code = await main();
} catch (error) {
  console.error(
    interrupted ? "interrupted" : `lighthouse failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
  );
  code = interrupted ? 130 : 2;
} finally {
  await cleanup();
}
process.exit(code);
