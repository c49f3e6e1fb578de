// db:status only looks: it names the database it checked and never creates one.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const cli = fileURLToPath(new URL("./migrate-cli.ts", import.meta.url));
const tsx = fileURLToPath(new URL("../../../node_modules/.bin/tsx", import.meta.url));
const status = (env: Record<string, string>) =>
  spawnSync(tsx, [cli, "status"], { encoding: "utf8", env: { ...process.env, DATABASE_URL: "", ...env } });

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "brevia-migrate-cli-"));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe("db:status", () => {
  it("names a missing embedded database and fails without creating its folder", () => {
    const dataDir = path.join(dir, "missing");
    const result = status({ DATA_DIR: dataDir });
    expect(result.status).toBe(1);
    expect(result.stdout).toContain(`Database: PGlite ${path.join(dataDir, "pglite")}`);
    expect(result.stderr).toContain("does not exist: run npm run db:migrate");
    expect(existsSync(dataDir)).toBe(false);
  });

  it("leaves an empty embedded database folder empty", async () => {
    const dataDir = path.join(dir, "empty");
    await mkdir(path.join(dataDir, "pglite"), { recursive: true });
    const result = status({ DATA_DIR: dataDir });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("holds no database");
    expect(await readdir(path.join(dataDir, "pglite"))).toEqual([]);
  });

  it("names a PostgreSQL database without its credentials", () => {
    // Nothing listens on port 1: the command names the database, then fails to reach it.
    const result = status({ DATABASE_URL: "postgres://reader:s3cret@127.0.0.1:1/brevia?password=s3cret" });
    expect(result.status).toBe(1);
    expect(result.stdout).toContain("Database: PostgreSQL postgres://127.0.0.1:1/brevia\n");
    expect(result.stdout + result.stderr).not.toContain("s3cret");
  });

  it("reads the database settings only: the app's others (a feature's, the time zone, links) are not its to check", () => {
    const dataDir = path.join(dir, "other-settings");
    const result = status({ DATA_DIR: dataDir, SERVICE_TIME_ZONE: "Nowhere/Else", PUBLIC_URL: "not a URL", NODE_ENV: "production" });
    expect(result.stderr).not.toContain("Invalid configuration");
    expect(result.stdout).toContain(`Database: PGlite ${path.join(dataDir, "pglite")}`);
    expect(result.stderr).toContain("does not exist: run npm run db:migrate");
  });
});
