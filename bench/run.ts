// `npm run bench`: HTTP load (autocannon) on the in-process app, comparing the microbook page query
// with a `{ __typename }` baseline, and listing the SQL one microbook page query issues.
//
// Environment:
//   BENCH_SECONDS      measured seconds per scenario (default 10), each after a 2 s warm-up
//   BENCH_CONNECTIONS  concurrent connections (default 10)
//   BENCH_DATABASE_URL use this PostgreSQL database instead of a fresh PGlite in a temp dir
import { mkdtemp, rm } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { print } from "graphql";
import { loadConfig } from "../api/src/config.js";
import { openDatabase, type Database } from "../api/src/db/client.js";
import { deployMigrations } from "../api/src/db/migrate.js";
import { QueryRecorder } from "../api/src/db/query-log.js";
import { seedIfEmpty } from "../api/src/features/catalog/import/seed.js";
import { buildServer } from "../api/src/server.js";
import { MicrobookPageDocument, type MicrobookPageQueryVariables } from "../web/src/gql/graphql.js";

const SECONDS = positiveNumber("BENCH_SECONDS", 10);
const CONNECTIONS = positiveNumber("BENCH_CONNECTIONS", 10);
const WARMUP_SECONDS = 2;
const HEADERS = { "content-type": "application/json", "accept-language": "en" };

function positiveNumber(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number, got ${JSON.stringify(raw)}`);
  return value;
}

type GraphQLResponse = { data?: Record<string, unknown> | null; errors?: { message: string; extensions?: unknown }[] };

async function postGraphQL(url: string, body: string): Promise<GraphQLResponse> {
  const res = await fetch(url, { method: "POST", headers: HEADERS, body });
  const text = await res.text();
  let json: GraphQLResponse;
  try {
    json = JSON.parse(text) as GraphQLResponse;
  } catch {
    throw new Error(`POST /graphql answered ${res.status} with non-JSON: ${text.slice(0, 500)}`);
  }
  if (!res.ok || json.errors?.length) {
    throw new Error(
      `POST /graphql answered ${res.status}: ${JSON.stringify(json.errors ?? json).slice(0, 2000)}\nrequest: ${body.slice(0, 500)}`,
    );
  }
  return json;
}

/** Nearest-rank percentile of sorted values. */
function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[Math.min(rank, sorted.length) - 1]!;
}

type Measurement = {
  name: string;
  reqPerSec: number;
  requests: number;
  p50: number;
  p95: number;
  acP50: number;
  acP97_5: number;
  errors: number;
  non2xx: number;
  graphqlErrors: number;
};

async function load(name: string, url: string, body: string): Promise<Measurement> {
  const options: autocannon.Options = {
    url,
    method: "POST",
    headers: HEADERS,
    body,
    connections: CONNECTIONS,
    // A 200 with `errors` is a failed GraphQL operation: autocannon counts it as a mismatch.
    verifyBody: (text) => !text.includes('"errors":['),
  };
  process.stderr.write(`  ${name}: ${WARMUP_SECONDS}s warm-up, `);
  await autocannon({ ...options, duration: WARMUP_SECONDS });
  process.stderr.write(`${SECONDS}s measured…\n`);

  // autocannon 8 reports p50/p90/p97.5/p99 (no p95), from an HDR histogram of whole milliseconds:
  // keep every response time (float ms) to compute p50 and p95 exactly.
  const times: number[] = [];
  const instance = autocannon({ ...options, duration: SECONDS });
  instance.on("response", (_client, _status, _bytes, responseTime) => {
    times.push(responseTime);
  });
  const result = await instance;
  times.sort((a, b) => a - b);
  return {
    name,
    reqPerSec: result.requests.average,
    requests: result.requests.total ?? times.length,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    acP50: result.latency.p50,
    acP97_5: result.latency.p97_5,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    graphqlErrors: result.mismatches,
  };
}

function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  const line = (r: string[]) => r.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join("  ");
  return [line(rows[0]!), widths.map((w) => "-".repeat(w)).join("  "), ...rows.slice(1).map(line)].join("\n");
}

const ms = (v: number) => (Number.isFinite(v) ? v.toFixed(2) : "n/a");

async function main() {
  const recorder = new QueryRecorder();
  const databaseUrl = process.env.BENCH_DATABASE_URL || undefined;
  let tmpDir: string | undefined;
  let db: Database | undefined;
  let app: Awaited<ReturnType<typeof buildServer>> | undefined;

  try {
    // The embedded database and the seeded media go in one folder, removed at the end.
    tmpDir = await mkdtemp(path.join(os.tmpdir(), "brevia-bench-"));
    db = databaseUrl
      ? await openDatabase({ url: databaseUrl, recorder })
      : await openDatabase({ dataDir: path.join(tmpDir, "pglite"), recorder });
    const applied = await deployMigrations(
      db.pglite ? { kind: "pglite", pglite: db.pglite, label: db.label } : { kind: "postgres", url: db.url!, label: db.label },
      (message) => console.error(message),
    );
    const config = loadConfig({
      ...process.env,
      NODE_ENV: "production",
      LOG_LEVEL: "warn",
      MEDIA_DIR: process.env.MEDIA_DIR ?? path.join(tmpDir, "media"),
    });
    const seeded = await seedIfEmpty(db.prisma, config.mediaDir);

    app = await buildServer(config, db);
    await app.listen({ port: 0, host: "127.0.0.1" });
    const address = app.server.address() as AddressInfo;
    const url = `http://127.0.0.1:${address.port}/graphql`;

    console.log(`Brevia bench — ${new Date().toISOString()}`);
    console.log(`database:    ${db.label}; ${applied.length} migration(s) applied; seed: ${seeded ?? "already seeded"}`);
    console.log(`server:      ${url} (NODE_ENV=production, in-process)`);
    console.log(
      `load:        autocannon, ${CONNECTIONS} connections, ${WARMUP_SECONDS}s warm-up + ${SECONDS}s per scenario, node ${process.version}, ${os.cpus().length} CPUs`,
    );

    const latest = await postGraphQL(url, JSON.stringify({ query: "{ latestMicrobooks(first: 1) { nodes { slug } } }" }));
    const slug = (latest.data?.latestMicrobooks as { nodes: { slug: string }[] } | undefined)?.nodes[0]?.slug;
    if (!slug) throw new Error(`latestMicrobooks returned no microbook: ${JSON.stringify(latest)}`);

    // The web app's own document (codegen output), fragments included: what the page sends.
    const variables: MicrobookPageQueryVariables = { slug, language: "en" };
    console.log("query:       MicrobookPage, the web app's document (web/src/gql, from web/src/routes/microbook/microbook.query.ts)");
    console.log(`variables:   ${JSON.stringify(variables)}`);

    const baselineBody = JSON.stringify({ query: "{ __typename }" });
    const microbookBody = JSON.stringify({ operationName: "MicrobookPage", query: print(MicrobookPageDocument), variables });

    // One plain request to check the query works, then one with the SQL recorder on.
    const check = await postGraphQL(url, microbookBody);
    if (!check.data?.microbook) throw new Error(`microbook(slug: ${JSON.stringify(slug)}) returned null: ${JSON.stringify(check)}`);
    const { statements } = await recorder.capture(() => postGraphQL(url, microbookBody));

    console.error("running load:");
    const baseline = await load("{ __typename } (baseline)", url, baselineBody);
    const microbook = await load("MicrobookPage", url, microbookBody);

    console.log("");
    console.log(
      table([
        ["scenario", "req/s (avg)", "p50 ms", "p95 ms", "ac p50 / p97.5 ms", "requests", "errors", "non-2xx", "GraphQL errors"],
        ...[baseline, microbook].map((m) => [
          m.name,
          m.reqPerSec.toFixed(1),
          ms(m.p50),
          ms(m.p95),
          `${m.acP50} / ${m.acP97_5}`,
          String(m.requests),
          String(m.errors),
          String(m.non2xx),
          String(m.graphqlErrors),
        ]),
      ]),
    );
    console.log("");
    console.log("req/s: autocannon's mean of per-second samples. p50/p95: nearest rank over every response time");
    console.log("(autocannon 8 reports no p95); 'ac p50 / p97.5': autocannon's own whole-millisecond HDR percentiles.");
    console.log('errors: connection errors + timeouts. GraphQL errors: 200 responses whose body has "errors".');
    console.log("");
    console.log(
      `ratio MicrobookPage / baseline:  req/s ${(microbook.reqPerSec / baseline.reqPerSec).toFixed(3)}  (${(baseline.reqPerSec / microbook.reqPerSec).toFixed(1)}x fewer)`,
    );
    console.log(`                                 p95   ${(microbook.p95 / baseline.p95).toFixed(2)}x`);
    console.log("");
    console.log(`SQL statements issued by one MicrobookPage request (slug ${slug}): ${statements.length}`);
    statements.forEach((sql, i) => console.log(`${String(i + 1).padStart(3)}. ${sql}`));
  } finally {
    await app?.close();
    await db?.close();
    if (tmpDir) await rm(tmpDir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error("bench failed:", error);
    process.exit(1);
  },
);
