// npm run catalog:synthetic -- --books N --users M [--seed S] [--reset] [--force]
// Fills the app's database (DATABASE_URL or DATA_DIR) with synthetic data for benchmarks; see generate.ts.
// The app seeds the bundled catalogue only into a database with no microbooks: to have both, start the
// app (or run catalog:import) before this, not after.
import path from "node:path";
import { parseArgs } from "node:util";
import { loadConfig } from "../../../config.js";
import { openDatabase } from "../../../db/client.js";
import { deployMigrations } from "../../../db/migrate.js";
import { generateSynthetic, type SyntheticSummary } from "./generate.js";

const MAX = { books: 100_000, users: 1_000_000, seed: 2 ** 32 - 1 };
const USAGE = `usage: npm run catalog:synthetic -- [--books N] [--users M] [--seed S] [--reset] [--force]
  --books N  synthetic microbooks wanted in total (0-${MAX.books}); each with editions, key ideas and similar works
  --users M  synthetic readers wanted in total (0-${MAX.users}); each with favourites, reading status and progress
  --seed S   seed of the generator (default 1): same seed, same data; top up with the seed used before
  --reset    first delete every synthetic row (and nothing else); alone, only deletes
  --force    run even with NODE_ENV=production
Numbers are totals: synthetic rows already there are kept, so running again tops up to N and M.`;

/** Bad command-line arguments: exit 64 with the usage text. */
class UsageError extends Error {}

function count(name: keyof typeof MAX, raw: string | undefined, fallback: number): number {
  if (raw === undefined) return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) > MAX[name])
    throw new UsageError(`--${name} must be a whole number from 0 to ${MAX[name]}, got "${raw}"`);
  return Number(raw);
}

function parseCli() {
  let parsed;
  try {
    parsed = parseArgs({
      options: {
        books: { type: "string" },
        users: { type: "string" },
        seed: { type: "string" },
        reset: { type: "boolean", default: false },
        force: { type: "boolean", default: false },
      },
    });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  const { values } = parsed;
  const options = {
    books: count("books", values.books, 0),
    users: count("users", values.users, 0),
    seed: count("seed", values.seed, 1),
    reset: values.reset,
    force: values.force,
  };
  if (!options.books && !options.users && !options.reset) throw new UsageError("nothing to do: give --books, --users or --reset");
  return options;
}

function describe(s: SyntheticSummary, seconds: number): string {
  const a = s.added;
  const parts = [];
  if (s.deleted) parts.push(`deleted ${s.deleted.microbooks} microbooks, ${s.deleted.users} users and ${s.deleted.states} book states`);
  if (a.microbooks || a.users || a.similar || !s.deleted) {
    const created = s.categoriesCreated ? `, ${s.categoriesCreated} categories` : "";
    parts.push(
      `added ${a.microbooks} microbooks (${a.editions} editions, ${a.keyIdeas} key ideas, ${a.similar} similar links${created}), ` +
        `${a.users} users (${a.states} book states)`,
    );
  }
  parts.push(`synthetic total: ${s.total.microbooks} microbooks, ${s.total.users} users`, `${seconds.toFixed(1)} s`);
  return parts.join("; ");
}

async function main(): Promise<number> {
  const options = parseCli();
  const config = loadConfig();
  if (config.production && !options.force) {
    console.error("Refusing to write synthetic data with NODE_ENV=production; add --force if this really is a benchmark database.");
    return 1;
  }
  const started = performance.now();
  const elapsed = () => (performance.now() - started) / 1000;
  // PGlite allows one process per folder: stop the app first when using the embedded database.
  const db = await openDatabase({ url: config.databaseUrl, dataDir: config.databaseUrl ? undefined : path.join(config.dataDir, "pglite") });
  try {
    const applied = await deployMigrations(
      db.pglite ? { kind: "pglite", pglite: db.pglite, label: db.label } : { kind: "postgres", url: db.url!, label: db.label },
      (message) => console.error(message),
    );
    if (applied.length) console.log(`Applied ${applied.length} migration(s) to ${db.label}: ${applied.join(", ")}`);
    console.log(`Generating into ${db.label} (seed ${options.seed})${options.reset ? ", after deleting synthetic rows" : ""}…`);
    let lastPrint = 0;
    const summary = await generateSynthetic(db.prisma, {
      ...options,
      onProgress: (step, done, total) => {
        // One line every few seconds is enough to see it move without flooding a CI log.
        if (done < total && elapsed() - lastPrint < 3) return;
        lastPrint = elapsed();
        console.log(`  ${step} ${done}/${total} (${elapsed().toFixed(1)} s)`);
      },
    });
    console.log(describe(summary, elapsed()));
  } finally {
    await db.close();
  }
  return 0;
}

main().then(
  (code) => process.exit(code), // the WASM migration engine leaves a timer pending: do not wait for it
  (error: unknown) => {
    if (error instanceof UsageError) {
      console.error(`${error.message}\n${USAGE}`);
      process.exit(64);
    }
    console.error(`catalog:synthetic failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
