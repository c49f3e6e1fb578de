import { Writable } from "node:stream";
import { afterAll, beforeAll } from "vitest";
import { loadConfig } from "../config.js";
import { buildServer } from "../server.js";
import type { GraphQLOptions } from "../http/graphql.js";
import type { Database } from "../db/client.js";
import { openTestDatabase, type TestDatabase } from "./database.js";
import { TEST_MEDIA_URL_SECRET } from "./execute.js";

export type LogLine = { level: number; msg: string; requestId?: string; reqId?: string; [key: string]: unknown };

/**
 * The real HTTP server on a test database, as production configures it (no web app), with its log
 * lines kept for assertions. Close it with `app.close()`.
 */
export async function startTestServer(db: Database, options: GraphQLOptions & { env?: Record<string, string> } = {}) {
  const logs: LogLine[] = [];
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString("utf8").split("\n")) if (line.trim()) logs.push(JSON.parse(line) as LogLine);
      done();
    },
  });
  const config = loadConfig({ NODE_ENV: "production", LOG_LEVEL: "info", MEDIA_URL_SECRET: TEST_MEDIA_URL_SECRET, ...options.env });
  const app = await buildServer(config, db, { webDistDir: "/nonexistent-web-dist", logStream, catalogVersionMaxAgeMs: 0, ...options });
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

/**
 * A test file's database and server, opened before its tests and closed after them. Read the fields
 * inside tests (they are set in beforeAll).
 */
export function useTestServer(options: Parameters<typeof startTestServer>[1] = {}) {
  const handle = {} as { db: TestDatabase } & Awaited<ReturnType<typeof startTestServer>>;
  beforeAll(async () => {
    handle.db = await openTestDatabase();
    Object.assign(handle, await startTestServer(handle.db, options));
  });
  afterAll(async () => {
    await handle.app?.close();
    await handle.db?.close();
  });
  return handle;
}
