import { createHash } from "node:crypto";
import path from "node:path";
import { mkdir } from "node:fs/promises";
import { PGlite } from "@electric-sql/pglite";
import { citext } from "@electric-sql/pglite/contrib/citext";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { PrismaClient } from "../generated/prisma/client.js";
import { withPreparedQueries } from "./pglite-prepared.js";
import { recordingAdapterFactory, type QueryRecorder } from "./query-log.js";

export type Database = {
  prisma: PrismaClient;
  kind: "postgres" | "pglite";
  /** Where the data lives, without credentials: for logs. */
  label: string;
  /** The embedded instance, when there is one (migrations must run on this very instance). */
  pglite?: PGlite;
  url?: string;
  close(): Promise<void>;
};

export type OpenDatabaseOptions = {
  /** postgres:// URL; without one the embedded database is used. */
  url?: string;
  /** Folder of the embedded database; undefined with no url means in memory. */
  dataDir?: string;
  recorder?: QueryRecorder;
  /** An already open embedded instance to use (tests migrate it first). */
  pglite?: PGlite;
};

/** A PostgreSQL URL fit for messages and logs: without user, password or query (which may hold a password). */
export function postgresLabel(url: string): string {
  const { protocol, host, pathname } = new URL(url);
  return `PostgreSQL ${protocol}//${host}${pathname}`;
}

/** Creates a PGlite instance with the extensions the migrations enable (citext, pg_trgm, unaccent). */
export async function createPglite(dataDir?: string): Promise<PGlite> {
  if (dataDir) await mkdir(dataDir, { recursive: true });
  return PGlite.create(dataDir, { extensions: { citext, pg_trgm, unaccent } });
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if (options.url) {
    // Named (prepared) statements: PostgreSQL plans each distinct statement once per connection instead
    // of on every request (a page's statement takes longer to plan than to run). Behind PgBouncer this
    // needs session pooling, or PgBouncer 1.21+ with max_prepared_statements.
    const preparedStatementName = (query: { sql: string }) => `brevia_${createHash("sha1").update(query.sql).digest("hex").slice(0, 24)}`;
    const factory = recordingAdapterFactory(
      new PrismaPg({ connectionString: options.url }, { statementNameGenerator: preparedStatementName }),
      options.recorder,
    );
    const prisma = new PrismaClient({ adapter: factory });
    return {
      prisma,
      kind: "postgres",
      label: postgresLabel(options.url),
      url: options.url,
      close: () => prisma.$disconnect(),
    };
  }
  const pglite = options.pglite ?? (await createPglite(options.dataDir));
  const factory = recordingAdapterFactory(new PrismaPGlite(withPreparedQueries(pglite)), options.recorder);
  const prisma = new PrismaClient({ adapter: factory });
  return {
    prisma,
    kind: "pglite",
    label: options.dataDir ? `PGlite ${path.relative(process.cwd(), options.dataDir) || "."}` : "PGlite (memory)",
    pglite,
    // PGlite must be closed explicitly: it flushes the folder, and an open instance keeps Node alive.
    close: async () => {
      await prisma.$disconnect();
      await pglite.close();
    },
  };
}
