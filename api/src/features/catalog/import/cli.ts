// pnpm catalog:check [dir]   validate a catalogue folder; last line: its counts as JSON
// pnpm catalog:import [dir]  validate, then upsert it into the database (DATABASE_URL or DATA_DIR)
import path from "node:path";
import { loadConfig } from "../../../config.js";
import { openDatabase } from "../../../db/client.js";
import { CATALOG_DIR } from "../../../paths.js";
import { storeCatalogAudio } from "../audio/audio-store.js";
import { CatalogValidationError, formatIssue, type CatalogIssue } from "./errors.js";
import { importCatalog } from "./import.js";
import { readCatalog } from "./parse.js";
import { catalogStats } from "./stats.js";

const [command, dirArg] = process.argv.slice(2);
const dir = path.resolve(dirArg ?? CATALOG_DIR);

function printWarnings(warnings: CatalogIssue[]) {
  for (const warning of warnings) console.warn(`warning: ${formatIssue(warning)}`);
}

async function main(): Promise<number> {
  const catalog = await readCatalog(dir);
  printWarnings(catalog.warnings);
  if (command === "check") {
    console.log(`${path.relative(process.cwd(), dir) || "."} is valid.`);
    console.log(JSON.stringify(catalogStats(catalog)));
    return 0;
  }
  if (command === "import") {
    const config = loadConfig();
    // PGlite allows one process per folder: stop the app before importing into the embedded database.
    const db = await openDatabase({
      url: config.databaseUrl,
      dataDir: config.databaseUrl ? undefined : path.join(config.dataDir, "pglite"),
    });
    try {
      const summary = await importCatalog(db.prisma, catalog);
      const audio = await storeCatalogAudio(dir, catalog, config.mediaDir);
      console.log(`Imported into ${db.label}: ${JSON.stringify(summary)}`);
      console.log(`Audio in ${config.mediaDir}: ${audio.copied} copied, ${audio.unchanged} unchanged`);
    } finally {
      await db.close();
    }
    return 0;
  }
  console.error("usage: catalog:check [dir] | catalog:import [dir]");
  return 64;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof CatalogValidationError) printWarnings(error.warnings);
    console.error(error instanceof CatalogValidationError ? error.message : `catalog ${command ?? ""} failed: ${String(error)}`);
    process.exit(1);
  },
);
