// npm run admin:grant -- <email>          gives the account the admin role (the admin console's `admin` scope)
// npm run admin:grant -- --revoke <email> takes it back
// DATABASE_URL=postgres://… acts on a PostgreSQL server; without it, the embedded database in DATA_DIR
// (stop the app first: only one process may open it).
import path from "node:path";
import { openDatabase } from "../../db/client.js";
import { loadDatabaseConfig } from "../../db/db-config.js";
import { setRole } from "./admin-role.js";

const args = process.argv.slice(2);
const revoke = args.includes("--revoke");
const emails = args.filter((arg) => arg !== "--revoke");
if (emails.length !== 1 || !emails[0]!.includes("@")) {
  console.error("Usage: npm run admin:grant -- [--revoke] <email>");
  process.exit(2);
}

const config = loadDatabaseConfig();
const db = await openDatabase({ url: config.databaseUrl, dataDir: config.databaseUrl ? undefined : path.join(config.dataDir, "pglite") });
let exitCode = 0;
try {
  const result = await setRole(db.prisma, emails[0]!, revoke ? "READER" : "ADMIN");
  if ("notFound" in result) {
    console.error(`No account has the email ${result.email} (${db.label}).`);
    exitCode = 1;
  } else {
    const what = result.role === "ADMIN" ? "is an admin" : "is no longer an admin";
    console.log(`${result.email} ${what}${result.changed ? "" : " (it already was so)"} (${db.label}).`);
  }
} finally {
  await db.close();
}
process.exit(exitCode);
