import { readFile, writeFile } from "node:fs/promises";
import { PGlite } from "@electric-sql/pglite";
import { citext } from "@electric-sql/pglite/contrib/citext";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";
import { afterAll, beforeAll, beforeEach, inject } from "vitest";
import { createPglite, openDatabase, type Database } from "../db/client.js";
import { deployMigrations } from "../db/migrate.js";
import { QueryRecorder } from "../db/query-log.js";

export type TestDatabase = Database & { recorder: QueryRecorder; reset(): Promise<void> };

declare module "vitest" {
  export interface ProvidedContext {
    /** A migrated, empty PGlite database (a data-directory dump) global-setup.ts made for this run. */
    pgliteDump?: string;
  }
}

/** The extensions createPglite (db/client.ts) loads: a copy of a database it migrated needs them too. */
const PGLITE_EXTENSIONS = { citext, pg_trgm, unaccent };

/**
 * Migrates a new in-memory PGlite database and writes it to `file` as a data-directory dump, for
 * openTestDatabase to start from: loading it takes well under a second, creating and migrating one ~5 s.
 */
export async function dumpMigratedPglite(file: string) {
  const pglite = await createPglite();
  try {
    await deployMigrations({ kind: "pglite", pglite, label: "test" });
    await writeFile(file, new Uint8Array(await (await pglite.dumpDataDir("none")).arrayBuffer()));
  } finally {
    await pglite.close();
  }
}

/** A PGlite database loaded from dumpMigratedPglite's dump, with every extension it was made with. */
async function loadPglite(dump: string) {
  const pglite = await PGlite.create({ loadDataDir: new Blob([await readFile(dump)]), extensions: PGLITE_EXTENSIONS });
  const { rows } = await pglite.query<{ extname: string }>("SELECT extname FROM pg_extension WHERE extname <> 'plpgsql'");
  const missing = rows.map((row) => row.extname).filter((name) => !(name in PGLITE_EXTENSIONS));
  if (missing.length) throw new Error(`Add ${missing.join(", ")} to PGLITE_EXTENSIONS (test/database.ts), as createPglite loads it`);
  return pglite;
}

/**
 * A migrated database for one test file: PostgreSQL when TEST_DATABASE_URL is set (CI runs both),
 * otherwise an in-memory PGlite, loaded from `pgliteDump` (the run's migrated copy) when given.
 * `reset()` empties every table so tests never see each other's rows.
 */
export async function openTestDatabase(options: { pgliteDump?: string } = {}): Promise<TestDatabase> {
  const recorder = new QueryRecorder();
  const url = process.env.TEST_DATABASE_URL;
  let db: Database;
  if (url) {
    await deployMigrations({ kind: "postgres", url, label: "test" });
    db = await openDatabase({ url, recorder });
  } else if (options.pgliteDump) {
    db = await openDatabase({ pglite: await loadPglite(options.pgliteDump), recorder });
  } else {
    const pglite = await createPglite();
    await deployMigrations({ kind: "pglite", pglite, label: "test" });
    db = await openDatabase({ pglite, recorder });
  }
  const reset = async () => {
    const tables = await db.prisma.$queryRaw<{ tablename: string }[]>`
      SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename <> '_prisma_migrations'`;
    await db.prisma.$executeRawUnsafe(`TRUNCATE ${tables.map((t) => `"${t.tablename}"`).join(", ")} CASCADE`);
  };
  await reset();
  return Object.assign(db, { recorder, reset });
}

/**
 * A test file's database: opened before the file's tests, emptied before each test (unless
 * `resetBeforeEach: false`, for files that seed once in beforeAll), closed after them. Call it at the
 * top of the file, before the file's own hooks, so they run with the database open and emptied. The
 * handle's fields are read inside hooks and tests (the database opens in beforeAll).
 */
export function useTestDatabase(options: { resetBeforeEach?: boolean } = {}): TestDatabase {
  let opened: TestDatabase | undefined;
  const current = () => {
    if (!opened) throw new Error("useTestDatabase: the database is open only inside the file's hooks and tests");
    return opened;
  };
  beforeAll(async () => {
    opened = await openTestDatabase({ pgliteDump: inject("pgliteDump") });
  });
  if (options.resetBeforeEach !== false) beforeEach(() => current().reset());
  afterAll(async () => {
    await opened?.close();
    opened = undefined;
  });
  return {
    get prisma() {
      return current().prisma;
    },
    get kind() {
      return current().kind;
    },
    get label() {
      return current().label;
    },
    get pglite() {
      return current().pglite;
    },
    get url() {
      return current().url;
    },
    get recorder() {
      return current().recorder;
    },
    close: () => current().close(),
    reset: () => current().reset(),
  };
}
