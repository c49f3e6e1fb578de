// `npm test` / `pnpm test`: every check CI runs, in order, with timings. Fails on the first error.
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { startJourneyApp } from "./e2e-app.mjs";
import { pnpm } from "./pnpm.mjs";

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
process.chdir(root);
const timings = [];
// In CI the PostgreSQL pass is required; on a laptop without PostgreSQL it is skipped with a notice.
const ci = /^(true|1)$/i.test(process.env.CI ?? "");
// Every check gets a temp folder of its own (TMPDIR), removed at the end: tests that leave files
// behind are caught (see leavesNoTemp) and nothing lands in the shared OS temp folder.
const testTmp = mkdtempSync(path.join(tmpdir(), "brevia-test-"));
process.env.TMPDIR = testTmp;

function step(name, fn) {
  const started = Date.now();
  console.log(`\n▶ ${name}`);
  fn();
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  timings.push([name, seconds]);
  console.log(`✔ ${name} (${seconds} s)`);
}
const bin = (name) => path.join(root, "node_modules", ".bin", name);
function run(cmd, args, env = {}) {
  const r = spawnSync(cmd, args, { stdio: "inherit", env: { ...process.env, ...env } });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(" ")} failed (exit ${r.status})`);
}
function unchanged(label, files, regenerate) {
  const before = files.map((f) => (existsSync(f) ? readFileSync(f, "utf8") : ""));
  regenerate();
  const stale = files.filter((f, i) => readFileSync(f, "utf8") !== before[i]);
  if (stale.length) throw new Error(`${label} is stale: ${stale.join(", ")} changed when regenerated. Commit the regenerated files.`);
}

/** Runs fn and fails when it left something new in the temp folder (tsx keeps a folder per user there by design). */
function leavesNoTemp(fn) {
  const before = new Set(readdirSync(testTmp));
  fn();
  const left = readdirSync(testTmp).filter((name) => !before.has(name) && !name.startsWith("tsx-"));
  if (left.length) throw new Error(`tests left temporary files behind (${left.join(", ")}): remove them in afterAll or finally`);
}

function postgresAnswers() {
  try {
    execFileSync("psql", ["-h", "127.0.0.1", "-U", "postgres", "-d", "postgres", "-tAc", "SELECT 1"], { stdio: "pipe", timeout: 5000 });
    return true;
  } catch {
    return false;
  }
}

try {
  // Asked first, so that CI without PostgreSQL fails at once rather than after the build.
  const postgres = postgresAnswers();
  if (!postgres && ci) {
    throw new Error(
      "CI is set, so the API tests must also run on PostgreSQL, but no PostgreSQL answers on 127.0.0.1:5432 " +
        "(psql -h 127.0.0.1 -U postgres -c 'SELECT 1' failed). Start it there (trust auth for user postgres), or run without CI to skip that pass.",
    );
  }
  step("install (frozen lockfile)", () => pnpm(["install", "--frozen-lockfile"]));
  step("typecheck", () => pnpm(["typecheck"]));
  step("lint", () => pnpm(["lint"]));
  step("schema.graphql and codegen are fresh", () => {
    unchanged("schema.graphql", ["schema.graphql"], () => pnpm(["schema:print"]));
    unchanged("codegen output", ["web/src/gql/graphql.ts", "web/src/gql/gql.ts", "web/src/gql/possible-types.ts"], () => pnpm(["codegen"]));
  });
  // Breaking changes against the last release's schema fail unless recorded with a reason (README:
  // "Changing the GraphQL schema"); dangerous and safe changes are printed.
  step("schema.graphql keeps the contract of the last release", () => pnpm(["schema:diff"]));
  step("migrations match schema.prisma", () => pnpm(["db:check"]));
  step("Lingui catalogues complete", () => pnpm(["i18n:check"]));
  step("catalogue valid", () => pnpm(["catalog:check"]));
  // Send to Kindle's tests validate the EPUBs it makes with Debian's epubcheck (a Java program).
  if (!existsSync("/usr/bin/epubcheck")) {
    step("install epubcheck (Debian package)", () => {
      run("apt-get", ["update", "-qq"]);
      run("apt-get", ["install", "-y", "-qq", "epubcheck"], { DEBIAN_FRONTEND: "noninteractive" });
    });
  }
  step("unit and API tests on PGlite", () =>
    leavesNoTemp(() => run(bin("vitest"), ["run", "--project", "api", "--project", "web", "--project", "web-dom"])),
  );
  if (postgres) {
    const name = `brevia_test_${process.pid}_${Date.now()}`;
    step(`API tests on PostgreSQL (127.0.0.1:5432, throwaway database ${name})`, () => {
      run("psql", ["-h", "127.0.0.1", "-U", "postgres", "-d", "postgres", "-qc", `CREATE DATABASE ${name}`]);
      try {
        leavesNoTemp(() =>
          run(bin("vitest"), ["run", "--project", "api"], { TEST_DATABASE_URL: `postgres://postgres@127.0.0.1:5432/${name}` }),
        );
      } finally {
        run("psql", ["-h", "127.0.0.1", "-U", "postgres", "-d", "postgres", "-qc", `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`]);
      }
    });
  } else {
    console.log("\n(no PostgreSQL answers on 127.0.0.1:5432: the PostgreSQL pass is skipped; with CI=true this fails)");
  }
  step("production build", () => pnpm(["build"]));
  // The soak's smoke test: 20 s at 200 connections over the hot operations, no error allowed (README, "Soak").
  if (postgres) {
    step("soak smoke test on PostgreSQL (20 s, 200 connections)", () =>
      leavesNoTemp(() => run(bin("tsx"), ["bench/soak.ts"], { SOAK_SECONDS: "20", SOAK_CONNECTIONS: "200" })),
    );
  }
  if (!existsSync("/usr/bin/chromium")) {
    step("install Chromium (Debian package)", () => {
      run("apt-get", ["update", "-qq"]);
      run("apt-get", ["install", "-y", "-qq", "chromium"], { DEBIAN_FRONTEND: "noninteractive" });
    });
  }
  // The built app, the test OpenID provider and TRUST_PROXY=loopback (scripts/e2e-app.mjs).
  const app = await startJourneyApp();
  try {
    step("Playwright journeys in Chromium against the built app", () =>
      leavesNoTemp(() => run(bin("vitest"), ["run", "--project", "e2e"], { E2E_BASE_URL: app.baseUrl })),
    );
  } finally {
    await app.stop();
  }
  console.log("\nAll checks passed:");
  for (const [name, seconds] of timings) console.log(`  ${seconds.padStart(6)} s  ${name}`);
} catch (error) {
  console.error(`\n✘ ${error instanceof Error ? error.message : error}`);
  process.exitCode = 1;
} finally {
  rmSync(testTmp, { recursive: true, force: true });
}
