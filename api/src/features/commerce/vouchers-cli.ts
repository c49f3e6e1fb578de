// npm run commerce:vouchers -- --days 30 [--uses 1] [--expires 2027-06-30] [--count 10]
// npm run commerce:vouchers -- --plan annual --count 5
// Creates a batch of voucher codes and prints them, one a line. DATABASE_URL=postgres://… acts on a
// PostgreSQL server; without it, the embedded database in DATA_DIR (stop the app first).
import path from "node:path";
import { parseArgs } from "node:util";
import { openDatabase } from "../../db/client.js";
import { loadDatabaseConfig } from "../../db/db-config.js";
import { createVouchers } from "./vouchers.js";

const usage =
  "Usage: npm run commerce:vouchers -- (--days N | --plan annual|monthly|lifetime) [--uses N] [--expires YYYY-MM-DD] [--count N]";
let options;
try {
  options = parseArgs({
    options: {
      days: { type: "string" },
      plan: { type: "string" },
      uses: { type: "string" },
      expires: { type: "string" },
      count: { type: "string" },
    },
  }).values;
} catch {
  console.error(usage);
  process.exit(2);
}
const int = (value: string | undefined, fallback: number) => (value === undefined ? fallback : Number(value));
const days = options.days === undefined ? undefined : Number(options.days);
const uses = int(options.uses, 1);
const count = int(options.count, 1);
const expiresAt = options.expires ? new Date(options.expires.length === 10 ? `${options.expires}T23:59:59Z` : options.expires) : undefined;
const bad =
  (days === undefined) === (options.plan === undefined) ||
  (days !== undefined && !(Number.isInteger(days) && days > 0)) ||
  !(Number.isInteger(uses) && uses > 0) ||
  !(Number.isInteger(count) && count > 0 && count <= 10_000) ||
  (expiresAt && Number.isNaN(expiresAt.getTime()));
if (bad) {
  console.error(usage);
  process.exit(2);
}

const config = loadDatabaseConfig();
const db = await openDatabase({ url: config.databaseUrl, dataDir: config.databaseUrl ? undefined : path.join(config.dataDir, "pglite") });
let exitCode = 0;
try {
  if (options.plan && !(await db.prisma.plan.findUnique({ where: { id: options.plan } }))) {
    console.error(`No plan "${options.plan}" (${db.label}).`);
    exitCode = 1;
  } else {
    const codes = await createVouchers(db.prisma, { count, days, planId: options.plan, uses, expiresAt });
    console.log(codes.join("\n"));
  }
} finally {
  await db.close();
}
process.exit(exitCode);
