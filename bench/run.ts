// `npm run bench`: HTTP load (autocannon, in this process) on the API server in its own process, on
// PGlite and on PostgreSQL (when one answers). Each scenario is measured between two `{ __typename }`
// baselines of the same run and reported as a ratio to them, so a noisy machine moves both alike.
// See the README ("Benchmarks") for the scenarios, the targets and the environment knobs:
//   BENCH_SECONDS      measured seconds per run (default 10), each after a 2 s warm-up
//   BENCH_CONNECTIONS  concurrent connections (default 10)
//   BENCH_DATABASE_URL a PostgreSQL database to use as it is, instead of a throwaway one on 127.0.0.1:5432
import { randomBytes } from "node:crypto";
import os from "node:os";
import { spawnSync } from "node:child_process";
import path from "node:path";
import { ROOT_DIR } from "../api/src/paths.js";
import { checkBaseline, checkHealthz, checkPage, checkScenario } from "./checks.js";
import { CONNECTIONS, ONLY_DATABASES, ONLY_SCENARIOS, SECONDS, WARMUP_SECONDS } from "./config.js";
import { DATABASE_TITLES, preparePglite, preparePostgres, type DatabaseKind } from "./databases.js";
import { measure, stopLoad, warmUp } from "./load.js";
import { measurementTable, ratioLines, statementLines, targetLines, type DatabaseResult } from "./report.js";
import { BASELINES, type BaselineKind, type HttpRequest, type Measured } from "./scenarios.js";
import { SERVER_COMMAND, startServer, type ServerLogLine, type ServerProcess } from "../api/src/test/server-process.js";
import { setUp, type SetupResult } from "./setup.js";

const out = (line = "") => console.log(line);
const progress = (line: string) => process.stderr.write(`${line}\n`);
const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The server must sign audio URLs with a known key; a fresh one per bench. */
const MEDIA_URL_SECRET = randomBytes(32).toString("base64url");

let interrupted = false;
function checkInterrupted() {
  if (interrupted) throw new Error("interrupted");
}
process.on("SIGINT", () => {
  if (interrupted) process.exit(130); // a second Ctrl-C: leave now, without cleaning up
  interrupted = true;
  progress("interrupted: stopping the load, then the server, then cleaning up (Ctrl-C again to leave at once)");
  stopLoad();
});

/** The server's log lines, grouped by level and message (the load can repeat one thousands of times). */
function serverLogSummary(logs: ServerLogLine[]): string[] {
  const groups = new Map<string, { level: string; message: string; count: number }>();
  for (const line of logs) {
    const key = `${line.level}\u0000${line.message}`;
    const group = groups.get(key) ?? { level: line.level, message: line.message, count: 0 };
    group.count++;
    groups.set(key, group);
  }
  const shown = [...groups.values()].slice(0, 15);
  return [
    `server log (LOG_LEVEL=warn): ${logs.length} line(s)${logs.length ? ":" : ""}`,
    ...shown.map((g) => `  ${String(g.count).padStart(5)} x ${g.level.padEnd(6)} ${g.message.slice(0, 200)}`),
    ...(groups.size > shown.length ? [`  … and ${groups.size - shown.length} more kind(s) of line`] : []),
  ];
}

type Planned = { scenario: Measured; request: HttpRequest; fallback: boolean };

/**
 * Each scenario between two baselines of its kind (`{ __typename }` for GraphQL, `/healthz` for pages):
 * baseline, scenario, baseline, scenario, …, baseline, after a warm-up of everything.
 */
async function measureAll(baseUrl: string, planned: Planned[], result: DatabaseResult) {
  const kinds = [...new Set(planned.map((p) => p.scenario.baseline))];
  // A fresh server is slower for its first seconds (JIT, caches): run every request before the first baseline.
  const warmUps = [
    ...kinds.map((kind) => [`baseline ${BASELINES[kind].title}`, BASELINES[kind].request] as const),
    ...planned.map((p) => [p.scenario.title, p.request] as const),
  ];
  for (const [title, request] of warmUps) {
    await warmUp(title, baseUrl, request);
    checkInterrupted();
  }
  const run = async (name: string, request: HttpRequest) => {
    const m = await measure(name, baseUrl, request);
    checkInterrupted();
    result.measurements.push(m);
    return m;
  };
  const counts: Partial<Record<BaselineKind, number>> = {};
  const baseline = (kind: BaselineKind) => {
    counts[kind] = (counts[kind] ?? 0) + 1;
    return run(`baseline #${counts[kind]} ${BASELINES[kind].title}`, BASELINES[kind].request);
  };
  // Scenarios of one baseline kind one after the other, so a baseline sits between two of them.
  for (const kind of kinds) {
    let before = await baseline(kind);
    for (const { scenario, request, fallback } of planned.filter((p) => p.scenario.baseline === kind)) {
      const m = await run(`${scenario.title}${fallback ? " [POST fallback]" : ""}`, request);
      const after = await baseline(kind);
      result.scenarios.push({
        scenario,
        fallback,
        measurement: m,
        baselines: [before, after],
        ratio: (2 * m.reqPerSec) / (before.reqPerSec + after.reqPerSec),
      });
      before = after;
    }
  }
}

/** The built web app the server renders pages with (web/dist, web/dist-server): built now when missing or stale. */
function ensureWebBuilt(): string {
  const build = spawnSync(process.execPath, [path.join(ROOT_DIR, "scripts", "web-build.mjs")], { cwd: ROOT_DIR, encoding: "utf8" });
  if (build.status !== 0) {
    throw new Error(
      `building the web app failed (node scripts/web-build.mjs):\n${`${build.stdout}${build.stderr}`.split("\n").slice(-30).join("\n")}`,
    );
  }
  return build.stdout.trim().split("\n").at(-1) ?? "";
}

async function benchOn(kind: DatabaseKind, previous?: DatabaseResult): Promise<DatabaseResult> {
  out(`=== ${DATABASE_TITLES[kind]} ${"=".repeat(60)}`);
  const result: DatabaseResult = { kind, measurements: [], scenarios: [], problems: [] };
  let prepared;
  try {
    prepared = kind === "pglite" ? await preparePglite() : await preparePostgres();
  } catch (error) {
    result.failure = `could not prepare the database: ${message(error)}`;
    out(`FAILED: ${result.failure}`);
    return result;
  }
  if ("skipped" in prepared) {
    result.skipped = prepared.skipped;
    out(`skipped: no PostgreSQL (${prepared.skipped})`);
    out();
    return result;
  }

  const created: { readerUserId?: string } = {};
  let server: ServerProcess | undefined;
  let setup: SetupResult | undefined;
  const printStatements = () => {
    if (!setup) return;
    const other = previous?.statements && { kind: previous.kind, statements: previous.statements };
    for (const line of statementLines(setup.scenarios, setup.statements, other)) out(line);
  };
  try {
    progress(`${DATABASE_TITLES[kind]}: migrating, seeding, recording SQL…`);
    setup = await setUp(prepared, MEDIA_URL_SECRET, created, (line) => progress(`  ${line}`));
    result.statements = setup.statements;
    out(`database:  ${prepared.description} (server_version ${setup.serverVersion})`);
    out(
      `setup:     ${setup.migrations.length} migration(s) applied; seed: ${setup.seeded ?? "already seeded"}; ` +
        `premium reader ${setup.reader.email} (until ${setup.reader.premiumUntil?.toISOString() ?? "no end"})`,
    );
    out(`microbook: ${setup.slug} (the first of the home page's latest), edition "en"`);
    checkInterrupted();

    server = await startServer(
      {
        ...prepared.serverEnv,
        NODE_ENV: "production",
        LOG_LEVEL: "warn",
        MIGRATE_ON_START: "false",
        SEED_ON_START: "false",
        MEDIA_DIR: prepared.mediaDir,
        MEDIA_URL_SECRET,
        // Nothing from the caller's environment may change what is measured.
        REDIS_URL: "",
        PERSISTED_OPERATIONS_ONLY: "false",
        PERSISTED_OPERATIONS_FILES: "",
        GRAPHQL_INTROSPECTION: "false",
        // Required in production with a database server; only links use it.
        PUBLIC_URL: "http://bench.brevia.invalid",
      },
      // BENCH_NODE_ARGS: node flags for the server only, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof" to profile it.
      { nodeArgs: (process.env.BENCH_NODE_ARGS ?? "").split(" ").filter(Boolean) },
    );
    out(`server:    pid ${server.pid}, ${server.baseUrl}, ready after ${(server.readyAfterMs / 1000).toFixed(1)} s`);

    out("checks:");
    const planned: Planned[] = [];
    const wanted = (id: string) => !ONLY_SCENARIOS || ONLY_SCENARIOS.includes(id);
    const graphqlScenarios = setup.scenarios.filter((scenario) => wanted(scenario.id));
    const pageScenarios = setup.pageScenarios.filter((scenario) => wanted(scenario.id));
    if (graphqlScenarios.length) out(`  ${await checkBaseline(server.baseUrl)}`);
    for (const scenario of graphqlScenarios) {
      const check = await checkScenario(server.baseUrl, scenario);
      out(`  ${check.summary}`);
      if (check.getFailure) {
        out(`    ${check.getFailure}`);
        result.problems.push(check.getFailure);
      }
      planned.push({ scenario, request: check.request, fallback: check.request !== scenario.request });
    }
    if (pageScenarios.length) out(`  ${await checkHealthz(server.baseUrl)}`);
    for (const scenario of pageScenarios) {
      out(`  ${await checkPage(server.baseUrl, scenario)}`);
      planned.push({ scenario, request: scenario.request, fallback: false });
    }
    checkInterrupted();

    progress(`${DATABASE_TITLES[kind]}: load`);
    await measureAll(server.baseUrl, planned, result);
    if (server.exit()) throw new Error(`the server exited during the load (code ${server.exit()!.code})`);

    out();
    out(measurementTable(result.measurements));
    out();
    out("req/s / mean req/s of the two baselines around it:");
    for (const line of ratioLines(result.scenarios)) out(line);
    out();
    printStatements();
  } catch (error) {
    result.failure = message(error);
    out(`FAILED: ${result.failure}`);
    printStatements();
  } finally {
    // The load has stopped (every measure was awaited); now the server, then the database.
    if (server) {
      const stopped = await server.stop();
      const clean = stopped.code === 0 && !stopped.killed;
      out();
      out(
        `shutdown:  SIGTERM; the server exited with ${stopped.signal ? `signal ${stopped.signal}` : `code ${stopped.code}`} ` +
          `after ${stopped.afterMs} ms${stopped.killed ? " (killed: it did not exit within 15 s)" : ""}`,
      );
      if (!clean) result.failure ??= "the server did not shut down cleanly";
      for (const line of serverLogSummary(server.logs)) out(line);
      if (server.logs.some((l) => /Cannot use a pool after calling end/i.test(l.raw))) {
        result.failure ??= 'the server logged "Cannot use a pool after calling end on the pool"';
      }
    }
    try {
      out(`cleanup:   ${(await prepared.dispose(created)).join("; ")}`);
    } catch (error) {
      result.failure ??= `cleanup failed: ${message(error)}`;
      out(`cleanup FAILED: ${message(error)}`);
    }
    out();
  }
  return result;
}

async function main(): Promise<number> {
  out(`Brevia bench — ${new Date().toISOString()}`);
  out(
    `load:      autocannon (in the bench process), ${CONNECTIONS} connections, ${WARMUP_SECONDS} s warm-up + ${SECONDS} s measured per run ` +
      `(and ${WARMUP_SECONDS} s of each request on a fresh server); ` +
      `node ${process.version}, ${os.cpus().length} CPUs, load average ${os.loadavg()[0]!.toFixed(2)}`,
  );
  out(`server:    node ${SERVER_COMMAND.join(" ")}, its own process (NODE_ENV=production, LOG_LEVEL=warn, in-memory response cache)`);
  out("requests:  the web's persisted GET (operationName, variables, extensions.persistedQuery.sha256Hash; apollo-require-preflight,");
  out("           accept-language en); the signed-in reader adds its brevia_session cookie. Baseline: POST { __typename }.");
  out("           The page: GET /en/microbook/<slug> as Chromium asks for it (accept text/html, accept-encoding br, cookie");
  out("           i18n_redirected=en), a server-rendered page from the page cache. Baseline: GET /healthz.");
  if (!ONLY_SCENARIOS || ONLY_SCENARIOS.includes("visitorMicrobookHtml")) {
    progress("web app: checking its build (web/dist, web/dist-server)…");
    out(`web app:   ${ensureWebBuilt()} (web/dist, web/dist-server: the server renders pages with it)`);
  }
  out();

  const results: DatabaseResult[] = [];
  for (const kind of ["pglite", "postgres"] as const) {
    if (interrupted) break;
    if (ONLY_DATABASES && !ONLY_DATABASES.includes(kind)) continue;
    results.push(
      await benchOn(
        kind,
        results.find((r) => r.statements),
      ),
    );
  }

  out("req/s: autocannon's mean of per-second samples. p50/p95: nearest rank over every response time. errors: connection");
  out('errors + timeouts. GraphQL errors: 2xx answers whose body has "errors". SQL: recorded in-process through the schema');
  out("(session lookup + operation, as the server runs them); not counted: the catalogue version read for the response");
  out("cache key (at most one per second per server, shared by all requests).");
  out();
  out(`TARGETS (load average now ${os.loadavg()[0]!.toFixed(2)})`);
  const { lines, failed } = targetLines(results);
  for (const line of lines) out(line);
  out();
  out(
    `${failed ? `${failed} target verdict(s) FAIL` : "every target measured PASSES"} (a report: the exit code is 0 unless something broke).`,
  );
  const broken = results.flatMap((r) => [...(r.failure ? [r.failure] : []), ...r.problems].map((p) => `${DATABASE_TITLES[r.kind]}: ${p}`));
  if (broken.length) {
    out("BROKEN (exit code 1):");
    for (const line of broken) out(`  ${line.split("\n")[0]}`);
  }
  return broken.length || interrupted ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error("bench failed:", error);
    process.exit(1);
  },
);
