import path from "node:path";
import { z } from "zod";
import { ROOT_DIR } from "../paths.js";

/**
 * The database settings (DATABASE_URL, DATA_DIR): all that the migration CLI reads, so it loads no
 * feature and validates nothing else. The app's configuration (config.ts) includes them.
 */
export const databaseEnv = {
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "DATABASE_URL must be a postgres:// or postgresql:// URL")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  DATA_DIR: z.string().default(path.join(ROOT_DIR, ".data")),
};

export type DatabaseConfig = {
  /** A PostgreSQL server; unset: the embedded database in `dataDir`. */
  databaseUrl: string | undefined;
  /** Folder of the embedded database (`$DATA_DIR/pglite`) and, by default, of the media. */
  dataDir: string;
};

export function databaseConfig(e: z.infer<z.ZodObject<typeof databaseEnv>>): DatabaseConfig {
  return { databaseUrl: e.DATABASE_URL, dataDir: path.resolve(e.DATA_DIR) };
}

export function loadDatabaseConfig(env: NodeJS.ProcessEnv = process.env): DatabaseConfig {
  const parsed = z.object(databaseEnv).safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`Invalid configuration: ${problems}`);
  }
  return databaseConfig(parsed.data);
}
