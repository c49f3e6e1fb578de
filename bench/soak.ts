// `npm run bench:soak`: a long run at many connections over the hot operations at once, against the
// production server in its own process on a throwaway PostgreSQL database. Not part of `npm test`; a
// 20-second version of it is (`SOAK_SECONDS=20`, the smoke test). It fails (exit code 1) on any error:
// a connection error or timeout, a non-2xx answer, or a GraphQL answer with errors.
//   SOAK_SECONDS      how long the load runs (default 300)
//   SOAK_CONNECTIONS  concurrent connections, shared by the operations (default 200)
//   SOAK_NODE_ARGS    node flags for the server only, e.g. "--max-old-space-size=192" to show the heap stays bounded
// An answer slower than 30 s counts as an error (a timeout).
import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import autocannon from "autocannon";
import { startServer, type ServerProcess } from "../api/src/test/server-process.js";
import { preparePostgres, type BenchDatabase } from "./databases.js";
import { LANGUAGE } from "./config.js";
import { persistedGet, persistedOperation, type HttpRequest } from "./scenarios.js";
import { setUp } from "./setup.js";
import { SearchPageDocument } from "../web/src/gql/graphql.js";

const SECONDS = Number(process.env.SOAK_SECONDS ?? 300);
const CONNECTIONS = Number(process.env.SOAK_CONNECTIONS ?? 200);
const TIMEOUT_SECONDS = 30;
const out = (line = "") => console.log(line);

/** Words readers type, so search answers are not all one cached query. */
const SEARCHES = ["habits", "walden", "prince", "money", "the art", "nursing", "dreams", "leisure", "candle", "sun tzu"];
const SEARCH_PAGE = persistedOperation(SearchPageDocument);

type Operation = { id: string; title: string; request: HttpRequest; nextPath?: () => string };
type Outcome = {
  title: string;
  requests: number;
  /** Sent but not answered when the time was up (still in the server's queue). */
  unanswered: number;
  errors: number;
  non2xx: number;
  graphqlErrors: number;
  times: number[];
};

/** The server's resident memory, MB (Linux). */
async function residentMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, "utf8");
  const kb = Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? NaN);
  return kb / 1024;
}

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length))) - 1]!;
}

async function drive(baseUrl: string, operation: Operation, connections: number, seconds: number): Promise<Outcome> {
  const { request } = operation;
  const times: number[] = [];
  const instance = autocannon({
    url: baseUrl + request.path,
    method: request.method,
    headers: request.headers,
    ...(request.body === undefined ? {} : { body: request.body }),
    ...(request.nextBody || operation.nextPath
      ? {
          requests: [
            {
              setupRequest: (req: autocannon.Request) => ({
                ...req,
                ...(request.nextBody ? { body: request.nextBody() } : {}),
                ...(operation.nextPath ? { path: operation.nextPath() } : {}),
              }),
            },
          ],
        }
      : {}),
    connections,
    duration: seconds,
    // An answer later than this counts as an error (autocannon's default is 10 s).
    timeout: TIMEOUT_SECONDS,
    verifyBody: (text: string) => !text.includes('"errors":['),
  });
  instance.on("response", (_client, _status, _bytes, ms) => times.push(ms));
  const result = await instance;
  times.sort((a, b) => a - b);
  return {
    title: operation.title,
    requests: times.length,
    unanswered: Math.max(0, ((result.requests as { sent?: number }).sent ?? times.length) - times.length - result.errors - result.timeouts),
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    graphqlErrors: result.mismatches,
    times,
  };
}

async function main(): Promise<number> {
  const target = await preparePostgres();
  if ("skipped" in target) {
    out(`soak: no PostgreSQL to run on (${target.skipped})`);
    return 1;
  }
  const created: { readerUserId?: string } = {};
  let server: ServerProcess | undefined;
  try {
    return await soak(target, created, (s) => (server = s));
  } finally {
    await server?.stop();
    for (const line of await target.dispose(created)) out(`cleanup:   ${line}`);
  }
}

async function soak(target: BenchDatabase, created: { readerUserId?: string }, started: (server: ServerProcess) => void): Promise<number> {
  const secret = randomBytes(32).toString("base64url");
  out(`Brevia soak — ${new Date().toISOString()}: ${SECONDS} s at ${CONNECTIONS} connections, PostgreSQL (${target.description})`);
  const setup = await setUp(target, secret, created, (line) => process.stderr.write(`${line}\n`));
  const server = await startServer(
    {
      ...target.serverEnv,
      NODE_ENV: "production",
      LOG_LEVEL: "warn",
      MIGRATE_ON_START: "false",
      SEED_ON_START: "false",
      MEDIA_DIR: target.mediaDir,
      MEDIA_URL_SECRET: secret,
      REDIS_URL: "",
      PERSISTED_OPERATIONS_ONLY: "false",
      PERSISTED_OPERATIONS_FILES: "",
      GRAPHQL_INTROSPECTION: "false",
      PUBLIC_URL: "http://soak.brevia.invalid",
    },
    { nodeArgs: (process.env.SOAK_NODE_ARGS ?? "").split(" ").filter(Boolean) },
  );
  started(server);
  out(`server:    pid ${server.pid}, ${server.baseUrl}`);

  const byId = new Map(setup.scenarios.map((scenario) => [scenario.id, scenario]));
  const scenario = (id: string) => {
    const found = byId.get(id as never);
    if (!found) throw new Error(`the bench has no scenario ${id}`);
    return { id, title: found.title, request: found.request };
  };
  let searchIndex = 0;
  const searchRequest = (query: string) => persistedGet(SEARCH_PAGE, { query, language: LANGUAGE });
  const operations: Operation[] = [
    scenario("visitorHome"),
    scenario("visitorMicrobook"),
    scenario("readerMicrobook"),
    scenario("readerLibrary"),
    scenario("progressSave"),
    {
      id: "search",
      title: "visitor search (10 queries in turn)",
      request: searchRequest(SEARCHES[0]!),
      nextPath: () => searchRequest(SEARCHES[searchIndex++ % SEARCHES.length]!).path,
    },
  ];
  const per = Math.max(1, Math.floor(CONNECTIONS / operations.length));

  // A short warm-up at low load (JIT, caches), then the memory at the start.
  await Promise.all(operations.map((operation) => drive(server.baseUrl, operation, 2, 2)));
  const memory: [string, number][] = [["start", await residentMb(server.pid)]];
  const middle = setTimeout(() => void residentMb(server.pid).then((mb) => memory.push(["middle", mb])), (SECONDS * 1000) / 2);
  const outcomes = await Promise.all(operations.map((operation) => drive(server.baseUrl, operation, per, SECONDS)));
  clearTimeout(middle);
  memory.push(["end", await residentMb(server.pid)]);

  out();
  out(
    "operation                                       requests   req/s  errors  non-2xx  GraphQL errors  p50 ms  p95 ms  p99 ms  in flight at the end",
  );
  out(
    "--------------------------------------------  ---------  ------  ------  -------  --------------  ------  ------  ------  --------------------",
  );
  let failures = 0;
  for (const o of outcomes) {
    failures += o.errors + o.non2xx + o.graphqlErrors;
    // An operation the others starved of every answer did not pass either.
    if (o.requests === 0) failures += 1;
    out(
      `${o.title.padEnd(44)}  ${String(o.requests).padStart(9)}  ${(o.requests / SECONDS).toFixed(0).padStart(6)}  ` +
        `${String(o.errors).padStart(6)}  ${String(o.non2xx).padStart(7)}  ${String(o.graphqlErrors).padStart(14)}  ` +
        `${percentile(o.times, 50).toFixed(1).padStart(6)}  ${percentile(o.times, 95).toFixed(1).padStart(6)}  ${percentile(o.times, 99).toFixed(1).padStart(6)}  ${String(o.unanswered).padStart(20)}`,
    );
  }
  const total = outcomes.reduce((sum, o) => sum + o.requests, 0);
  out(`all: ${total} requests in ${SECONDS} s (${(total / SECONDS).toFixed(0)} req/s) on ${per * operations.length} connections`);
  const start = memory[0]![1];
  out(
    `server memory (RSS): ${memory.map(([when, mb]) => `${when} ${mb.toFixed(0)} MB`).join(", ")}; ` +
      `growth start→end ${(memory.at(-1)![1] - start).toFixed(0)} MB (${(((memory.at(-1)![1] - start) / start) * 100).toFixed(0)} %)`,
  );
  const errorLines = server.logs.filter((line) => line.level === "error" || line.level === "fatal");
  out(`server log: ${errorLines.length} error line(s)${errorLines.length ? `, first: ${errorLines[0]!.message.slice(0, 200)}` : ""}`);
  failures += errorLines.length;
  out(failures ? `FAIL: ${failures} failed answer(s) or error line(s)` : "PASS: no errors");
  return failures ? 1 : 0;
}

process.exitCode = await main();
