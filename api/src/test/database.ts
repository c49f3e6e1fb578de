import { afterAll, beforeAll, beforeEach } from "vitest";
import { createPglite, openDatabase, type Database } from "../db/client.js";
import { deployMigrations } from "../db/migrate.js";
import { QueryRecorder } from "../db/query-log.js";

export type TestDatabase = Database & { recorder: QueryRecorder; reset(): Promise<void> };

/**
 * A migrated database for one test file: PostgreSQL when TEST_DATABASE_URL is set (CI runs both),
 * otherwise an in-memory PGlite. `reset()` empties every table so tests never see each other's rows.
 */
export async function openTestDatabase(): Promise<TestDatabase> {
  const recorder = new QueryRecorder();
  const url = process.env.TEST_DATABASE_URL;
  let db: Database;
  if (url) {
    await deployMigrations({ kind: "postgres", url, label: "test" });
    db = await openDatabase({ url, recorder });
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
    opened = await openTestDatabase();
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
