// The production process: migrate, seed an empty database, serve API and web app on PORT.
import path from "node:path";
import { loadConfig } from "./config.js";
import { openDatabase } from "./db/client.js";
import { deployMigrations } from "./db/migrate.js";
import { seedIfEmpty } from "./features/catalog/import/seed.js";
import { readCommerceFile, seedCommerce } from "./features/commerce/commerce-catalog.js";
import { buildServer } from "./server.js";

const config = loadConfig();
const db = await openDatabase({ url: config.databaseUrl, dataDir: config.databaseUrl ? undefined : path.join(config.dataDir, "pglite") });

if (config.migrateOnStart) {
  const applied = await deployMigrations(
    db.pglite ? { kind: "pglite", pglite: db.pglite, label: db.label } : { kind: "postgres", url: db.url!, label: db.label },
    (message) => console.error(message),
  );
  if (applied.length) console.log(`Applied ${applied.length} migration(s) to ${db.label}: ${applied.join(", ")}`);
}
if (config.seedOnStart) {
  const seeded = await seedIfEmpty(db.prisma, config.mediaDir);
  if (seeded) console.log(`Seeded the catalogue: ${seeded}`);
  // Plans, offers and sample vouchers the database lacks (never overwrites prices edited there).
  const added = await seedCommerce(db.prisma, await readCommerceFile());
  if (added) console.log(`Seeded commerce: ${added} plans, prices, offers and vouchers`);
}

const app = await buildServer(config, db);

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, "shutting down: finishing requests in flight");
  const force = setTimeout(() => process.exit(1), 10_000).unref();
  try {
    await app.close();
    await db.close();
  } finally {
    clearTimeout(force);
    process.exit(0);
  }
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));

await app.listen({ port: config.port, host: config.host });
app.log.info(`Brevia is serving on http://localhost:${config.port}/ (database: ${db.label})`);
if (config.publicUrlIsDefault) {
  app.log.info(`PUBLIC_URL is not set: links in emails and pages use ${config.publicUrl}; set PUBLIC_URL to the site's origin`);
}
