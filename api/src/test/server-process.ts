// The API server in its own process, as in production: `node --import tsx api/src/main.ts` (the bench, and
// the tests that need real processes: two instances on one database).
import { spawn } from "node:child_process";
import { once } from "node:events";
import net from "node:net";
import path from "node:path";
import { createInterface } from "node:readline";
import { setTimeout as sleep } from "node:timers/promises";
import { ROOT_DIR } from "../paths.js";

export const SERVER_COMMAND = ["--import", "tsx", path.join("api", "src", "main.ts")];
const READY_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 15_000;

/** One line the server wrote: pino JSON (level, msg, err) or plain text (stderr, a crash). */
export type ServerLogLine = { stream: "stdout" | "stderr"; level: string; message: string; raw: string };

export type ServerProcess = {
  pid: number;
  baseUrl: string;
  readyAfterMs: number;
  logs: ServerLogLine[];
  /** Set when the process has exited. */
  exit(): { code: number | null; signal: NodeJS.Signals | null } | undefined;
  /** SIGTERM, then waits for it to exit (SIGKILL after 15 s). */
  stop(): Promise<{ code: number | null; signal: NodeJS.Signals | null; afterMs: number; killed: boolean }>;
};

const PINO_LEVELS: Record<number, string> = { 10: "trace", 20: "debug", 30: "info", 40: "warn", 50: "error", 60: "fatal" };

function parseLine(stream: "stdout" | "stderr", raw: string): ServerLogLine {
  try {
    const json = JSON.parse(raw) as { level?: number; msg?: string; err?: { message?: string }; code?: string };
    if (typeof json === "object" && json && typeof json.level === "number") {
      const detail = json.err?.message ? `: ${json.err.message}` : json.code ? ` (${json.code})` : "";
      return { stream, level: PINO_LEVELS[json.level] ?? String(json.level), message: `${json.msg ?? ""}${detail}`, raw };
    }
  } catch {
    // not JSON: plain text
  }
  return { stream, level: stream === "stderr" ? "stderr" : "stdout", message: raw, raw };
}

/** A port free right now on 127.0.0.1 (the server does not support PORT=0). */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as net.AddressInfo;
  server.close();
  await once(server, "close");
  return port;
}

/** `nodeArgs`: node flags for the server only (the bench's BENCH_NODE_ARGS, e.g. to profile it). */
export async function startServer(env: Record<string, string>, options: { nodeArgs?: string[] } = {}): Promise<ServerProcess> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const started = Date.now();
  // `node --import tsx` (not the tsx CLI) so the pid is the server itself and SIGTERM reaches main.ts.
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), ...SERVER_COMMAND], {
    cwd: ROOT_DIR,
    env: { ...process.env, ...env, HOST: "127.0.0.1", PORT: String(port) },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const logs: ServerLogLine[] = [];
  for (const stream of ["stdout", "stderr"] as const) {
    createInterface({ input: child[stream] }).on("line", (line) => logs.push(parseLine(stream, line)));
  }
  let exited: { code: number | null; signal: NodeJS.Signals | null } | undefined;
  const exitPromise = new Promise<void>((resolve) => {
    child.once("exit", (code, signal) => {
      exited = { code, signal };
      resolve();
    });
  });
  if (child.pid === undefined) throw new Error(`could not start the server: ${process.execPath} ${SERVER_COMMAND.join(" ")}`);

  const stop: ServerProcess["stop"] = async () => {
    const stopping = Date.now();
    let killed = false;
    if (!exited) {
      child.kill("SIGTERM");
      const timedOut = await Promise.race([exitPromise.then(() => false), sleep(STOP_TIMEOUT_MS).then(() => true)]);
      if (timedOut) {
        killed = true;
        child.kill("SIGKILL");
        await exitPromise;
      }
    }
    return { code: exited?.code ?? null, signal: exited?.signal ?? null, afterMs: Date.now() - stopping, killed };
  };

  // Ready when /readyz answers 200 (the database answers too).
  const deadline = started + READY_TIMEOUT_MS;
  for (;;) {
    if (exited) {
      const tail = logs.slice(-20).map((l) => `  ${l.raw}`);
      throw new Error(`the server exited before it was ready (code ${exited.code}, signal ${exited.signal}):\n${tail.join("\n")}`);
    }
    const ok = await fetch(`${baseUrl}/readyz`, { signal: AbortSignal.timeout(2000) }).then(
      (res) => res.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the server was not ready after ${READY_TIMEOUT_MS / 1000} s`);
    }
    await sleep(100);
  }
  return { pid: child.pid, baseUrl, readyAfterMs: Date.now() - started, logs, exit: () => exited, stop };
}
