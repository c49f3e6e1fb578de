import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import type { TestProject } from "vitest/node";
import { ROOT_DIR } from "../paths.js";
import { buildWebRenderer } from "./web-build.js";

/**
 * The api project's global setup: what many test files need, made once for the run and only when a
 * selected file needs it, removed when the run ends. Files find it with `inject(…)`.
 * - `pgliteDump`: a migrated PGlite database, which each file's useTestDatabase loads (well under a
 *   second) instead of creating and migrating its own (~5 s); not with TEST_DATABASE_URL.
 * - `webServerEntry`: the web's server renderer (`vite build --ssr`, ~20 s), for files that render
 *   pages (useWebRenderer).
 */
export default async function setup(project: TestProject) {
  const selected = project.vitest.state.getPaths().filter((file) => project.matchesTestGlob(file));
  const sources = await Promise.all(selected.map((file) => readFile(file, "utf8")));
  const called = (helper: string) => sources.some((source) => source.includes(`${helper}(`));
  const teardown: (() => Promise<void>)[] = [];
  const database = async () => {
    if (process.env.TEST_DATABASE_URL || !(called("useTestDatabase") || called("useTestServer"))) return;
    const dir = await mkdtemp(path.join(tmpdir(), "brevia-test-db-"));
    teardown.push(() => rm(dir, { recursive: true, force: true }));
    const tsx = path.join(ROOT_DIR, "node_modules", ".bin", "tsx");
    await promisify(execFile)(tsx, [fileURLToPath(new URL("./dump-migrated-pglite.ts", import.meta.url)), path.join(dir, "migrated.tar")]);
    project.provide("pgliteDump", path.join(dir, "migrated.tar"));
  };
  const webRenderer = async () => {
    if (!called("useWebRenderer")) return;
    const web = await buildWebRenderer();
    teardown.push(web.remove);
    project.provide("webServerEntry", web.serverEntry);
  };
  const failed = (await Promise.allSettled([database(), webRenderer()])).find((result) => result.status === "rejected");
  if (failed) {
    for (const remove of teardown) await remove();
    throw failed.reason;
  }
  return async () => {
    for (const remove of teardown) await remove();
  };
}
