// What the Playwright journeys run against: the built app (api/dist/main.mjs, production mode) on a
// free port with a throwaway embedded database, the test OpenID provider playing Google and Apple for
// the social login journeys, and TRUST_PROXY=loopback (each browser context sends an X-Forwarded-For
// of its own, e2e/browser.ts, so the per-IP sign-up limit counts each journey apart). Started by
// `npm test` (scripts/test.mjs) and by `npm run test:e2e` without E2E_BASE_URL (scripts/test-e2e.mjs).
import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const READY_WITHIN_MS = 120_000;

export async function freePort() {
  return new Promise((resolve) => {
    const srv = createServer();
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/**
 * The journeys' service day (today's free microbook, this week's playlists) must not turn while they run: a
 * journey that opens today's free book would meet another one after midnight. The app's own zone unless its
 * midnight is under two hours away (the journeys take about 25 minutes), then one whose day is half gone.
 */
export function journeyTimeZone(now = new Date()) {
  const hourIn = (timeZone) => Number(new Intl.DateTimeFormat("en-US", { timeZone, hourCycle: "h23", hour: "numeric" }).format(now));
  return ["America/Sao_Paulo", "Asia/Tokyo"].find((zone) => hourIn(zone) < 22);
}

const running = (child) => child && child.exitCode === null && child.signalCode === null;

async function stopChild(child) {
  if (!running(child)) return;
  const exited = once(child, "exit");
  child.kill("SIGTERM");
  await exited;
}

/**
 * Starts the test OpenID provider and the built app (build it first), waits until the app is ready,
 * and returns its origin and `stop()`, which ends both and removes the database folder.
 */
export async function startJourneyApp() {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), "brevia-e2e-"));
  let oidc;
  let server;
  const stop = async () => {
    // The server writes its database folder while it shuts down: remove the folder once it has exited.
    await stopChild(server);
    await stopChild(oidc);
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    // Social login journeys sign in at a real OpenID provider on loopback, configured like Google and Apple.
    oidc = spawn(path.join(ROOT, "node_modules", ".bin", "tsx"), ["api/src/test/oidc-provider-cli.ts", baseUrl], {
      cwd: ROOT,
      stdio: ["ignore", "pipe", "inherit"],
    });
    const oidcEnv = await new Promise((resolve, reject) => {
      let out = "";
      oidc.stdout.on("data", (chunk) => {
        out += chunk;
        if (out.includes("\n")) resolve(JSON.parse(out.slice(0, out.indexOf("\n"))));
      });
      oidc.once("exit", (code) => reject(new Error(`the test OpenID provider exited (${code})`)));
    });
    server = spawn(process.execPath, ["api/dist/main.mjs"], {
      cwd: ROOT,
      stdio: ["ignore", "inherit", "inherit"],
      env: {
        ...process.env,
        ...oidcEnv,
        NODE_ENV: "production",
        PORT: String(port),
        // The journeys' browser uses this origin: links and social login callbacks must match it.
        PUBLIC_URL: baseUrl,
        DATA_DIR: dataDir,
        DATABASE_URL: "",
        LOG_LEVEL: "warn",
        // The journeys' browser contexts each send their own X-Forwarded-For (e2e/browser.ts).
        TRUST_PROXY: "loopback",
        // The commerce journeys move a customer's billing time (the local provider's test clock).
        COMMERCE_TEST_CLOCK: "true",
        SERVICE_TIME_ZONE: journeyTimeZone(),
      },
    });
    const started = Date.now();
    for (;;) {
      if (!running(server)) throw new Error(`the built app exited before it was ready (${server.exitCode ?? server.signalCode})`);
      try {
        if ((await fetch(`${baseUrl}/readyz`)).ok) break;
      } catch {
        /* not up yet */
      }
      if (Date.now() - started > READY_WITHIN_MS) throw new Error(`the built app did not become ready in ${READY_WITHIN_MS / 1000} s`);
      await new Promise((r) => setTimeout(r, 500));
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, stop };
}
