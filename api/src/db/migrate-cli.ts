// npm run db:migrate | db:migration <name> | db:status | db:check
// DATABASE_URL=postgres://… targets a PostgreSQL server; without it, the embedded database in DATA_DIR.
import { existsSync } from "node:fs";
import path from "node:path";
import { loadDatabaseConfig } from "./db-config.js";
import { createPglite, postgresLabel } from "./client.js";
import { createMigration, deployMigrations, migrationStatus, pendingSchemaChanges, type MigrationTarget } from "./migrate.js";

// Only the database settings: migrating loads no feature and needs none of the app's other settings.
const config = loadDatabaseConfig();
const [command, ...args] = process.argv.slice(2);
const log = (m: string) => console.error(m);
const pgliteDir = path.join(config.dataDir, "pglite");
/** The database the commands act on, as people should see it (no credentials). */
const targetLabel = config.databaseUrl ? postgresLabel(config.databaseUrl) : `PGlite ${pgliteDir}`;

async function withTarget<T>(fn: (target: MigrationTarget) => Promise<T>): Promise<T> {
  if (config.databaseUrl) return fn({ kind: "postgres", url: config.databaseUrl, label: targetLabel });
  const pglite = await createPglite(pgliteDir);
  try {
    return await fn({ kind: "pglite", pglite, label: targetLabel });
  } finally {
    await pglite.close();
  }
}

async function main(): Promise<number> {
  switch (command) {
    case "deploy": {
      const applied = await withTarget((t) => deployMigrations(t, log));
      console.log(
        applied.length
          ? `Applied ${applied.length} migration(s) to ${targetLabel}:\n  ${applied.join("\n  ")}`
          : `No pending migrations for ${targetLabel}.`,
      );
      return 0;
    }
    case "status": {
      console.log(`Database: ${targetLabel}`);
      // Opening a folder with PGlite creates a database in it: status only looks, so check first.
      if (!config.databaseUrl && !existsSync(path.join(pgliteDir, "PG_VERSION"))) {
        const what = existsSync(pgliteDir) ? "holds no database" : "does not exist";
        console.error(`The embedded database folder ${what}: run npm run db:migrate to create it.`);
        return 1;
      }
      const s = await withTarget((t) => migrationStatus(t, log));
      console.log(`${s.onDisk} migration(s) on disk.`);
      if (s.failed.length) console.log(`Failed: ${s.failed.join(", ")}`);
      if (s.edited.length) console.log(`Edited after being applied: ${s.edited.join(", ")}`);
      if (s.history) console.log(JSON.stringify(s.history, null, 2));
      console.log(s.upToDate ? "Database schema is up to date." : "Database schema is NOT up to date.");
      return s.upToDate ? 0 : 1;
    }
    case "check": {
      const sql = await pendingSchemaChanges(log);
      console.log(
        sql ? `schema.prisma has changes with no migration. Missing SQL:\n\n${sql}` : "prisma/migrations is in sync with schema.prisma.",
      );
      return sql ? 2 : 0;
    }
    case "create": {
      const name = args.find((a) => !a.startsWith("--"));
      if (!name) throw new Error("usage: npm run db:migration -- <name> [--allow-empty]");
      const sql = await pendingSchemaChanges(log);
      if (!sql && !args.includes("--allow-empty")) {
        console.log("No schema changes: no migration created (use --allow-empty for an empty one).");
        return 0;
      }
      const dir = await createMigration(name, sql);
      console.log(`Created ${path.relative(process.cwd(), dir)}/migration.sql: review it (drops, new NOT NULL columns).`);
      return 0;
    }
    default:
      console.error("usage: db:migrate (deploy) | db:migration <name> | db:status | db:check");
      return 64;
  }
}

main().then(
  (code) => process.exit(code), // the WASM engine leaves a timer pending: do not wait for it
  (error: unknown) => {
    console.error(`migrate ${command ?? ""} failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
