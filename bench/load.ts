// HTTP load with autocannon, from the bench process against the server process.
import autocannon from "autocannon";
import { CONNECTIONS, SECONDS, WARMUP_SECONDS } from "./config.js";
import type { HttpRequest } from "./scenarios.js";

export type Measurement = {
  name: string;
  reqPerSec: number;
  requests: number;
  /** Nearest rank over every response time (float ms); autocannon 8 reports no p95. */
  p50: number;
  p95: number;
  /** Connection errors + timeouts. */
  errors: number;
  non2xx: number;
  /** 2xx answers whose body has `"errors":[`. */
  graphqlErrors: number;
};

let running: autocannon.Instance | undefined;

/** Stops the load in progress, if any (Ctrl-C). */
export function stopLoad() {
  running?.stop();
}

async function drive(options: autocannon.Options, onResponse?: (ms: number) => void): Promise<autocannon.Result> {
  const instance = autocannon(options);
  running = instance;
  if (onResponse) instance.on("response", (_client, _status, _bytes, responseTime) => onResponse(responseTime));
  try {
    return await instance;
  } finally {
    running = undefined;
  }
}

/** Nearest-rank percentile of sorted values. */
function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[Math.min(rank, sorted.length) - 1]!;
}

/** WARMUP_SECONDS of unmeasured load only: a fresh server runs every code path once before the first measurement. */
export async function warmUp(name: string, baseUrl: string, request: HttpRequest): Promise<void> {
  process.stderr.write(`  ${name}: ${WARMUP_SECONDS}s server warm-up\n`);
  await drive({ ...loadOptions(baseUrl, request), duration: WARMUP_SECONDS });
}

function loadOptions(baseUrl: string, request: HttpRequest): autocannon.Options {
  return {
    url: baseUrl + request.path,
    method: request.method,
    headers: request.headers,
    ...(request.body === undefined ? {} : { body: request.body }),
    ...(request.nextBody ? { requests: [{ setupRequest: (req: autocannon.Request) => ({ ...req, body: request.nextBody!() }) }] } : {}),
    connections: CONNECTIONS,
    // A 200 with `errors` is a failed GraphQL operation: autocannon counts it as a mismatch. (A page
    // comes compressed: only its status is checked under load; bench/checks.ts checked its content.)
    ...(request.path.startsWith("/graphql") ? { verifyBody: (text: string) => !text.includes('"errors":[') } : {}),
  };
}

/** WARMUP_SECONDS of unmeasured load, then SECONDS measured, on CONNECTIONS connections. */
export async function measure(name: string, baseUrl: string, request: HttpRequest): Promise<Measurement> {
  const options = loadOptions(baseUrl, request);
  process.stderr.write(`  ${name}: ${WARMUP_SECONDS}s warm-up, `);
  await drive({ ...options, duration: WARMUP_SECONDS });
  process.stderr.write(`${SECONDS}s measured…\n`);

  const times: number[] = [];
  const result = await drive({ ...options, duration: SECONDS }, (ms) => times.push(ms));
  times.sort((a, b) => a - b);
  return {
    name,
    reqPerSec: result.requests.average,
    requests: result.requests.total ?? times.length,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    graphqlErrors: result.mismatches,
  };
}
