import path from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig } from "prisma/config";

const prismaDir = path.dirname(fileURLToPath(import.meta.url));

// Offline: the native schema engine cannot be downloaded. Pointing the CLI at a placeholder makes
// `prisma generate|validate|format` skip the download; migrations use api/src/db/migrate.ts (WASM engine).
process.env.PRISMA_SCHEMA_ENGINE_BINARY ??= path.join(prismaDir, "schema-engine-unavailable.sh");

export default defineConfig({
  schema: path.join(prismaDir, "schema.prisma"),
  migrations: { path: path.join(prismaDir, "migrations") },
});
