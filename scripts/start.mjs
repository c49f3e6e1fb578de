// `npm start` / `pnpm start`: installs what is missing, builds what is missing or stale, then runs
// the production server (it migrates and seeds an empty database itself).
import { spawn } from "node:child_process";
import { ensureInstalled } from "./pnpm.mjs";
import { ensureAppBuilt, ROOT } from "./web-build.mjs";

process.chdir(ROOT);

ensureInstalled();

// The web build is the browser's bundle (web/dist) and the server renderer (web/dist-server); then the server's.
ensureAppBuilt();

const server = spawn(process.execPath, ["--enable-source-maps", "api/dist/main.mjs"], {
  stdio: "inherit",
  env: { NODE_ENV: "production", ...process.env },
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
