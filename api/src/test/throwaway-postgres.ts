import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll } from "vitest";
import { openDatabase, type Database } from "../db/client.js";
import { deployMigrations } from "../db/migrate.js";

/** The PostgreSQL server of the tests' PostgreSQL pass (unset on the PGlite pass: such tests do not run). */
export const testPostgresUrl = process.env.TEST_DATABASE_URL;

/**
 * For tests that run production processes or take the database away (PostgreSQL only; call inside
 * `describe.runIf(testPostgresUrl)`): a database of their own on the test server, migrated once as
 * production is, opened as `db`, and a data folder; both removed after the file. `productionEnv()` is
 * what an instance started on it needs (it does not migrate or seed; no Redis, SMTP or persisted-only
 * operations unless `extra` says so).
 */
export function useThrowawayPostgres(label: string) {
  const name = `brevia_${label.replace(/\W+/g, "_")}_${process.pid}_${randomBytes(3).toString("hex")}`;
  const handle = {
    name,
    url: "",
    dataDir: "",
    db: undefined as unknown as Database,
    /** A client of the server's maintenance database (to take this database away and back). */
    admin: () => new pg.Client({ connectionString: testPostgresUrl }),
    productionEnv(extra: Record<string, string> = {}): Record<string, string> {
      return {
        NODE_ENV: "production",
        LOG_LEVEL: "warn",
        DATABASE_URL: handle.url,
        MIGRATE_ON_START: "false",
        SEED_ON_START: "false",
        DATA_DIR: handle.dataDir,
        PUBLIC_URL: "http://brevia.test",
        // Shared by every instance: a media URL one signs, another serves.
        MEDIA_URL_SECRET: mediaUrlSecret,
        REDIS_URL: "",
        SMTP_URL: "",
        PERSISTED_OPERATIONS_ONLY: "false",
        PERSISTED_OPERATIONS_FILES: "",
        ...extra,
      };
    },
  };
  const mediaUrlSecret = randomBytes(32).toString("base64url");
  const onServer = async (sql: string) => {
    const client = handle.admin();
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };

  beforeAll(async () => {
    await onServer(`CREATE DATABASE "${name}"`);
    const target = new URL(testPostgresUrl!);
    target.pathname = `/${name}`;
    handle.url = target.toString();
    await deployMigrations({ kind: "postgres", url: handle.url, label });
    handle.db = await openDatabase({ url: handle.url });
    handle.dataDir = await mkdtemp(path.join(tmpdir(), `brevia-${label.replace(/\W+/g, "-")}-`));
  }, 120_000);

  afterAll(async () => {
    await handle.db?.close();
    if (handle.dataDir) await rm(handle.dataDir, { recursive: true, force: true });
    await onServer(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  });
  return handle;
}
