import { Writable } from "node:stream";
import { afterAll, beforeAll } from "vitest";
import { loadConfig } from "../config.js";
import { buildServer } from "../server.js";
import type { GraphQLOptions } from "../http/graphql.js";
import type { Database } from "../db/client.js";
import { useTestDatabase, type TestDatabase } from "./database.js";
import { TEST_MEDIA_URL_SECRET } from "./execute.js";
import type { WebApp } from "./web-build.js";

export type LogLine = { level: number; msg: string; requestId?: string; reqId?: string; [key: string]: unknown };

export type TestServerOptions = GraphQLOptions & {
  /** Environment variables over the test defaults (production, LOG_LEVEL info, the test media key). */
  env?: Record<string, string>;
  /** The web app to serve (`useWebRenderer()`, or a folder with an index.html); default: none. */
  web?: WebApp;
};

/**
 * The real HTTP server on a test database, as production configures it (no web app unless `web`),
 * with its log lines kept for assertions. Close it with `app.close()`.
 */
export async function startTestServer(db: Database, options: TestServerOptions = {}) {
  const logs: LogLine[] = [];
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString("utf8").split("\n")) if (line.trim()) logs.push(JSON.parse(line) as LogLine);
      done();
    },
  });
  const { env, web, ...graphqlOptions } = options;
  const config = loadConfig({ NODE_ENV: "production", LOG_LEVEL: "info", MEDIA_URL_SECRET: TEST_MEDIA_URL_SECRET, ...env });
  const app = await buildServer(config, db, {
    webDistDir: web?.distDir ?? "/nonexistent-web-dist",
    webServerEntry: web?.serverEntry,
    logStream,
    catalogVersionMaxAgeMs: 0,
    ...graphqlOptions,
  });
  return { app, logs };
}

/** A GET /graphql URL for an operation, as Apollo Client builds it. */
export function graphqlGetUrl(params: { query?: string; operationName?: string; variables?: object; extensions?: object }) {
  const search = new URLSearchParams();
  if (params.query) search.set("query", params.query);
  if (params.operationName) search.set("operationName", params.operationName);
  if (params.variables) search.set("variables", JSON.stringify(params.variables));
  if (params.extensions) search.set("extensions", JSON.stringify(params.extensions));
  return `/graphql?${search.toString()}`;
}

type Lazy<T> = T | (() => T);

/**
 * A test file's server on its test database (`useTestDatabase`: emptied before each test unless
 * `resetBeforeEach: false`), started before the file's tests and closed after them; a second server
 * on the same database takes the first one's `db`. `env` and `web` the file only knows in its own
 * beforeAll (a temp folder, a provider's address) can be functions, called when the server starts:
 * that beforeAll must come before this call. Read `app` and `logs` inside tests (set in beforeAll).
 */
export function useTestServer(
  options: Omit<TestServerOptions, "env" | "web"> & {
    env?: Lazy<Record<string, string>>;
    web?: Lazy<WebApp>;
    db?: TestDatabase;
    resetBeforeEach?: boolean;
  } = {},
) {
  const { env, web, db: shared, resetBeforeEach, ...serverOptions } = options;
  const db = shared ?? useTestDatabase({ resetBeforeEach });
  const handle = { db } as { db: TestDatabase } & Awaited<ReturnType<typeof startTestServer>>;
  beforeAll(async () => {
    const started = await startTestServer(db, {
      ...serverOptions,
      env: typeof env === "function" ? env() : env,
      web: typeof web === "function" ? web() : web,
    });
    Object.assign(handle, started);
  });
  afterAll(async () => {
    await handle.app?.close();
  });
  return handle;
}
