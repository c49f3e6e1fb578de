// Writes a migrated, empty PGlite database to the file named on the command line. global-setup.ts
// runs it with tsx: the migration engine needs import.meta.resolve, which the test runner's own
// process does not offer.
import { dumpMigratedPglite } from "./database.js";

await dumpMigratedPglite(process.argv[2]!);
// The migration engine leaves a timer running.
process.exit(0);
