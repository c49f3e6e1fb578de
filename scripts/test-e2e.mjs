// `npm run test:e2e [-- vitest arguments, e.g. e2e/search.test.ts]`: the Playwright journeys in Chromium.
// Without E2E_BASE_URL it builds what is missing or stale and starts what the journeys need, as
// `npm test` does (scripts/e2e-app.mjs: the built app on a free port with a throwaway database, the
// test OpenID provider, TRUST_PROXY=loopback), then stops it all and removes its temp folder. With
// E2E_BASE_URL it runs against that app as it is (see the README for what that app needs).
import { spawn } from "node:child_process";
import { once } from "node:events";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { startJourneyApp } from "./e2e-app.mjs";
import { ensureInstalled } from "./pnpm.mjs";
import { ensureAppBuilt, ROOT } from "./web-build.mjs";

process.chdir(ROOT);
const vitest = path.join(ROOT, "node_modules", ".bin", "vitest");
async function journeys(env) {
  const child = spawn(vitest, ["run", "--project", "e2e", ...process.argv.slice(2)], { stdio: "inherit", env: { ...process.env, ...env } });
  const [exitCode] = await once(child, "exit");
  return exitCode ?? 1;
}

if (process.env.E2E_BASE_URL) {
  process.exit(await journeys({}));
}

const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
if (!existsSync(chromium)) {
  console.error(`No Chromium at ${chromium}: apt-get install -y chromium (npm test installs it), or set CHROMIUM_PATH.`);
  process.exit(1);
}
ensureInstalled();
ensureAppBuilt();
// Like npm test: a temp folder of the run's own (the database, the browsers' scratch folders), removed at the end.
const runTmp = mkdtempSync(path.join(tmpdir(), "brevia-e2e-run-"));
process.env.TMPDIR = runTmp;
let app;
let code = 1;
let stopping;
const stop = () =>
  (stopping ??= (async () => {
    await app?.stop();
    rmSync(runTmp, { recursive: true, force: true });
  })());
// Ctrl-C: the journeys stop (the signal reaches them too); then the app, the provider and the folder go.
for (const signal of ["SIGINT", "SIGTERM"]) process.once(signal, () => void stop().finally(() => process.exit(130)));
try {
  console.error("starting the built app, the test OpenID provider (social login) and TRUST_PROXY=loopback…");
  app = await startJourneyApp();
  code = await journeys({ E2E_BASE_URL: app.baseUrl });
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
} finally {
  await stop();
}
process.exit(code);
