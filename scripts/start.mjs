// `npm start` / `pnpm start`: installs what is missing, builds what is missing or stale, then runs
// the production server (it migrates and seeds an empty database itself).
import { spawn } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ensureInstalled, pnpm } from "./pnpm.mjs";

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
process.chdir(root);

ensureInstalled();

function newest(dir) {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === "node_modules" || entry.name === "dist") continue;
    const full = path.join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(full) : statSync(full).mtimeMs);
  }
  return latest;
}
const built = (file) => (existsSync(file) ? statSync(file).mtimeMs : 0);
// The web build is the browser's bundle (web/dist) and the server renderer (web/dist-server).
const webBuilt = Math.min(built("web/dist/index.html"), built("web/dist-server/entry-server.js"));
if (webBuilt < newest("web/src")) pnpm(["--filter", "@brevia/web", "build"]);
if (built("api/dist/main.mjs") < Math.max(newest("api/src"), newest("web/src/app"))) pnpm(["--filter", "@brevia/api", "build"]);

const server = spawn(process.execPath, ["--enable-source-maps", "api/dist/main.mjs"], {
  stdio: "inherit",
  env: { NODE_ENV: "production", ...process.env },
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
