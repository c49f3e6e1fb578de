// The two databases a bench runs on: PGlite in a temp folder, and PostgreSQL (a throwaway database
// on the local server, or BENCH_DATABASE_URL as it is). Each knows how to undo what the bench created.
import { mkdtemp, rm } from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { openDatabase, postgresLabel, type Database } from "../api/src/db/client.js";
import type { MigrationTarget } from "../api/src/db/migrate.js";
import type { QueryRecorder } from "../api/src/db/query-log.js";
import { GIVEN_DATABASE_URL, PG_SERVER_URL } from "./config.js";

export type DatabaseKind = "pglite" | "postgres";

export type BenchDatabase = {
  kind: DatabaseKind;
  /** Where the data lives, without credentials. */
  description: string;
  /** Narrated audio the seed copies (the server serves it from there). */
  mediaDir: string;
  /** Opens it in the bench process, for setup only: PGlite allows one process per data directory. */
  open(recorder?: QueryRecorder): Promise<Database>;
  migrationTarget(db: Database): MigrationTarget;
  /** What the server process needs to open the same database. */
  serverEnv: Record<string, string>;
  /** Undoes what the bench created (temp folder, throwaway database, the bench reader); returns what it did. */
  dispose(created: { readerUserId?: string }): Promise<string[]>;
};

export const DATABASE_TITLES: Record<DatabaseKind, string> = { pglite: "PGlite", postgres: "PostgreSQL" };

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

async function withDatabase<T>(url: string, fn: (db: Database) => Promise<T>): Promise<T> {
  const db = await openDatabase({ url });
  try {
    return await fn(db);
  } finally {
    await db.close();
  }
}

async function serverVersion(db: Database): Promise<string> {
  const [row] = await db.prisma.$queryRawUnsafe<{ server_version: string }[]>("SHOW server_version");
  return row?.server_version ?? "?";
}

async function newTempDir(kind: DatabaseKind) {
  return mkdtemp(path.join(os.tmpdir(), `brevia-bench-${process.pid}-${kind}-`));
}

export async function preparePglite(): Promise<BenchDatabase> {
  const tmpDir = await newTempDir("pglite");
  const dataDir = path.join(tmpDir, "data");
  const pgliteDir = path.join(dataDir, "pglite"); // where api/src/main.ts looks, given DATA_DIR
  return {
    kind: "pglite",
    description: `PGlite, data directory ${pgliteDir}`,
    mediaDir: path.join(tmpDir, "media"),
    open: (recorder) => openDatabase({ dataDir: pgliteDir, recorder }),
    migrationTarget: (db) => ({ kind: "pglite", pglite: db.pglite!, label: db.label }),
    serverEnv: { DATA_DIR: dataDir, DATABASE_URL: "" },
    dispose: async () => {
      await rm(tmpDir, { recursive: true, force: true });
      return [`removed ${tmpDir}`];
    },
  };
}

/** Whether something accepts TCP connections on host:port within `timeoutMs`. */
function tcpAnswers(host: string, port: number, timeoutMs = 2000): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    const done = (answered: boolean) => {
      socket.destroy();
      resolve(answered);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once("connect", () => done(true));
    socket.once("error", () => done(false));
  });
}

/**
 * PostgreSQL for this run, or the reason there is none. BENCH_DATABASE_URL is used as it is (so a
 * synthetic catalogue can be benched) and must answer; otherwise a throwaway database is created on
 * the local server, when one answers.
 */
export async function preparePostgres(): Promise<BenchDatabase | { skipped: string }> {
  if (GIVEN_DATABASE_URL) {
    const url = GIVEN_DATABASE_URL;
    await withDatabase(url, serverVersion); // throws when it does not answer: a given database must
    const tmpDir = await newTempDir("postgres");
    return {
      kind: "postgres",
      description: `BENCH_DATABASE_URL, ${postgresLabel(url)} (used as it is, not dropped)`,
      mediaDir: path.join(tmpDir, "media"),
      open: (recorder) => openDatabase({ url, recorder }),
      migrationTarget: (db) => ({ kind: "postgres", url, label: db.label }),
      serverEnv: { DATABASE_URL: url, DATA_DIR: path.join(tmpDir, "data") },
      dispose: async ({ readerUserId }) => {
        const done: string[] = [];
        if (readerUserId) {
          // Sessions and entitlements go with it (onDelete: Cascade).
          await withDatabase(url, (db) => db.prisma.user.deleteMany({ where: { id: readerUserId } }));
          done.push("deleted the bench reader");
        }
        await rm(tmpDir, { recursive: true, force: true });
        return [...done, `removed ${tmpDir}`];
      },
    };
  }

  const server = new URL(PG_SERVER_URL);
  if (!(await tcpAnswers(server.hostname, Number(server.port || 5432)))) {
    return { skipped: `nothing answers on ${server.host} and BENCH_DATABASE_URL is not set` };
  }
  const name = `brevia_bench_${process.pid}`;
  try {
    await withDatabase(PG_SERVER_URL, (admin) => admin.prisma.$executeRawUnsafe(`CREATE DATABASE ${quoteIdent(name)}`));
  } catch (error) {
    return { skipped: `PostgreSQL on ${server.host} refused: ${error instanceof Error ? error.message.split("\n")[0] : String(error)}` };
  }
  const url = Object.assign(new URL(PG_SERVER_URL), { pathname: `/${name}` }).toString();
  const tmpDir = await newTempDir("postgres");
  return {
    kind: "postgres",
    description: `PostgreSQL, throwaway database ${name} on ${server.host}`,
    mediaDir: path.join(tmpDir, "media"),
    open: (recorder) => openDatabase({ url, recorder }),
    migrationTarget: (db) => ({ kind: "postgres", url, label: db.label }),
    serverEnv: { DATABASE_URL: url, DATA_DIR: path.join(tmpDir, "data") },
    dispose: async () => {
      // FORCE: ends any session still open (there should be none: the server has exited).
      await withDatabase(PG_SERVER_URL, (admin) =>
        admin.prisma.$executeRawUnsafe(`DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`),
      );
      await rm(tmpDir, { recursive: true, force: true });
      return [`dropped database ${name}`, `removed ${tmpDir}`];
    },
  };
}
