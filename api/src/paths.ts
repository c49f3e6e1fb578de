import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** The repository root, found from this file whether it runs from source or from api/dist. */
function findRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, "pnpm-workspace.yaml"))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error("Cannot find the Brevia workspace root (pnpm-workspace.yaml)");
    dir = parent;
  }
  return dir;
}

export const ROOT_DIR = findRoot();
export const PRISMA_DIR = path.join(ROOT_DIR, "prisma");
export const SCHEMA_PATH = path.join(PRISMA_DIR, "schema.prisma");
export const MIGRATIONS_DIR = path.join(PRISMA_DIR, "migrations");
export const CATALOG_DIR = path.join(PRISMA_DIR, "seed", "catalog");
export const WEB_DIST_DIR = path.join(ROOT_DIR, "web", "dist");
