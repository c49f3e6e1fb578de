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
