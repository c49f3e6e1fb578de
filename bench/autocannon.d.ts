// Minimal typings for autocannon 8 (the package ships none and @types/autocannon is not installed):
// only what bench/load.ts uses. Checked against node_modules/autocannon/lib/{run,aggregateResult}.js.
declare module "autocannon" {
  import type { EventEmitter } from "node:events";

  namespace autocannon {
    interface Options {
      url: string;
      method?: "GET" | "POST" | "PUT" | "DELETE" | "PATCH" | "HEAD" | "OPTIONS";
      headers?: Record<string, string>;
      body?: string | Buffer;
      connections?: number;
      pipelining?: number;
      /** Seconds. */
      duration?: number;
      /** Seconds. */
      timeout?: number;
      /** Returning false counts the response as a mismatch. */
      verifyBody?: (body: string) => boolean;
      expectBody?: string;
      excludeErrorStats?: boolean;
      renderProgressBar?: boolean;
      /** Requests sent in turn; `setupRequest` may change each one (a body per request). */
      requests?: { setupRequest?: (request: Request) => Request }[];
    }

    /** What `setupRequest` receives and returns. */
    interface Request {
      method?: string;
      path?: string;
      headers?: Record<string, string>;
      body?: string | Buffer;
    }

    /** histAsObj + addPercentiles (hdr-histogram-percentiles-obj 3): there is no p95. */
    interface Histogram {
      average: number;
      mean: number;
      stddev: number;
      min: number;
      max: number;
      total?: number;
      p0_001: number;
      p0_01: number;
      p0_1: number;
      p1: number;
      p2_5: number;
      p10: number;
      p25: number;
      p50: number;
      p75: number;
      p90: number;
      p97_5: number;
      p99: number;
      p99_9: number;
      p99_99: number;
      p99_999: number;
    }

    interface Result {
      title?: string;
      url: string;
      connections: number;
      pipelining: number;
      duration: number;
      samples: number;
      start: Date;
      finish: Date;
      errors: number;
      timeouts: number;
      mismatches: number;
      non2xx: number;
      resets: number;
      "1xx": number;
      "2xx": number;
      "3xx": number;
      "4xx": number;
      "5xx": number;
      statusCodeStats: Record<string, { count: number }>;
      /** Milliseconds; HDR histogram of integer values. */
      latency: Histogram & { totalCount: number };
      /** Requests completed per sample interval (1 s by default). */
      requests: Histogram & { sent: number };
      throughput: Histogram;
    }

    interface Instance extends EventEmitter, PromiseLike<Result> {
      stop(): void;
      on(event: "response", listener: (client: unknown, statusCode: number, resBytes: number, responseTime: number) => void): this;
      on(event: "done", listener: (result: Result) => void): this;
      on(event: "reqError", listener: (error: Error) => void): this;
      on(event: string, listener: (...args: unknown[]) => void): this;
    }
  }

  function autocannon(options: autocannon.Options): autocannon.Instance;
  export = autocannon;
}
