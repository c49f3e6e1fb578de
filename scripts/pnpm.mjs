// How to call pnpm from a script: the running pnpm if there is one, else the pinned version via npx
// (a fresh machine has Node and npm only).
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";

const pinned = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")).packageManager;
const execPath = process.env.npm_execpath ?? "";

export function pnpmCommand() {
  if (/pnpm/.test(execPath)) return [process.execPath, [execPath]];
  return ["npx", ["-y", pinned]];
}

/** Runs pnpm with arguments, inheriting output; throws on failure. */
export function pnpm(args, options = {}) {
  const [cmd, base] = pnpmCommand();
  const result = spawnSync(cmd, [...base, ...args], { stdio: "inherit", ...options });
  if (result.status !== 0) throw new Error(`pnpm ${args.join(" ")} failed (exit ${result.status})`);
}

/** Installs the workspace (lockfile as is) when it has not been installed yet in this checkout. */
export function ensureInstalled() {
  const root = new URL("../", import.meta.url);
  const installed = ["node_modules/.modules.yaml", "api/src/generated/prisma"].every((p) => existsSync(new URL(p, root)));
  if (!installed) pnpm(["install", "--frozen-lockfile"], { cwd: root });
}
