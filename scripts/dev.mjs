// `pnpm dev`: the API (restarted on change by tsx watch) on API_PORT and Vite with HMR on WEB_PORT.
import { spawn } from "node:child_process";

const apiPort = process.env.API_PORT ?? "3000";
const children = [
  spawn("pnpm", ["exec", "tsx", "watch", "api/src/main.ts"], { stdio: "inherit", env: { ...process.env, PORT: apiPort } }),
  spawn("pnpm", ["--filter", "@brevia/web", "dev"], { stdio: "inherit", env: { ...process.env, API_PORT: apiPort } }),
];
const stop = () => children.forEach((c) => c.kill("SIGTERM"));
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
for (const child of children)
  child.on("exit", (code) => {
    stop();
    process.exit(code ?? 0);
  });
