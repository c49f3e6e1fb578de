import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { openDatabase, type Database } from "../api/src/db/client";
import { deployMigrations } from "../api/src/db/migrate";
import { seedIfEmpty } from "../api/src/features/catalog/import/seed";

// A journey that needs data the UI cannot make (a premium reader: commerce does not sell Premium to a
// test; a pinned free book of the day) starts the built app itself, on a database it prepared first
// (PGlite allows one process per data directory, so the shared journey app's cannot be written to).

export type OwnApp = { base: string; stop(): Promise<void> };

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = createServer();
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

/**
 * Migrates and seeds a throwaway embedded database as the app's own start-up does, lets `prepare` add
 * the journey's data, then starts the built app on it (production mode) and waits until it is ready.
 */
export async function startOwnApp(
  name: string,
  prepare: (db: Database) => Promise<void>,
  env: Record<string, string> = {},
): Promise<OwnApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `brevia-e2e-${name}-`));
  let server: ChildProcess | undefined;
  const stop = async () => {
    if (server && server.exitCode === null && server.signalCode === null) {
      const exited = new Promise((resolve) => server!.once("exit", resolve));
      server.kill("SIGTERM");
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const db = await openDatabase({ dataDir: path.join(dataDir, "pglite") });
    try {
      await deployMigrations({ kind: "pglite", pglite: db.pglite!, label: db.label });
      await seedIfEmpty(db.prisma, path.join(dataDir, "media"));
      await prepare(db);
    } finally {
      await db.close();
    }
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    server = spawn(process.execPath, ["api/dist/main.mjs"], {
      stdio: ["ignore", "inherit", "inherit"],
      env: {
        ...process.env,
        NODE_ENV: "production",
        PORT: String(port),
        DATA_DIR: dataDir,
        DATABASE_URL: "",
        LOG_LEVEL: "warn",
        TRUST_PROXY: "loopback",
        PUBLIC_URL: base,
        ...env,
      },
    });
    const started = Date.now();
    for (;;) {
      if ((await fetch(`${base}/readyz`).catch(() => null))?.ok) break;
      if (server.exitCode !== null) throw new Error(`the app exited with code ${server.exitCode}`);
      if (Date.now() - started > 110_000) throw new Error("the app did not become ready");
      await new Promise((r) => setTimeout(r, 500));
    }
    return { base, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
