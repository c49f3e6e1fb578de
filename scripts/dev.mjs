// `npm run dev` / `pnpm dev`: the API (restarted on change by tsx watch) on API_PORT and Vite with HMR
// on its own port, proxying API paths to it. Runs the workspace's binaries directly: a fresh machine
// has npm but no pnpm on its PATH.
import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ensureInstalled } from "./pnpm.mjs";

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
ensureInstalled();

const apiPort = process.env.API_PORT ?? "3000";
// Readers use Vite's server in development: links in emails and pages point there.
const publicUrl = process.env.PUBLIC_URL || `http://localhost:${process.env.WEB_PORT ?? 5173}`;
const bin = (dir, name) => path.join(root, dir, "node_modules", ".bin", name);
const children = [
  spawn(bin(".", "tsx"), ["watch", "api/src/main.ts"], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, PORT: apiPort, PUBLIC_URL: publicUrl },
  }),
  spawn(bin("web", "vite"), [], { cwd: path.join(root, "web"), stdio: "inherit", env: { ...process.env, API_PORT: apiPort } }),
];
const stop = () => children.forEach((c) => c.kill("SIGTERM"));
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
for (const child of children)
  child.on("exit", (code) => {
    stop();
    process.exit(code ?? 0);
  });
