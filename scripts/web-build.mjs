// The built web app (web/dist for the browser, web/dist-server for the server renderer), rebuilt
// when missing or older than its sources. Used by `npm start`, `npm run test:e2e`, `npm run lighthouse` and `npm run bench`;
// run directly (`node scripts/web-build.mjs`) it builds the web app if needed.
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { pnpm } from "./pnpm.mjs";

export const ROOT = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const at = (file) => path.join(ROOT, file);

/** The newest modification time under `dir` (node_modules and dist folders left out). */
export function newest(dir) {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === "node_modules" || entry.name === "dist" || entry.name === "dist-server") continue;
    const full = path.join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(full) : statSync(full).mtimeMs);
  }
  return latest;
}

/** A file's modification time, 0 when it is missing. */
export const builtAt = (file) => (existsSync(at(file)) ? statSync(at(file)).mtimeMs : 0);

/** Why the web app needs building ("missing", "stale"), or null when its build is current. */
export function webBuildNeeded() {
  const built = Math.min(builtAt("web/dist/index.html"), builtAt("web/dist-server/entry-server.js"));
  if (built === 0) return "missing";
  // The sources (the web's and the workspace packages', e.g. the route contract), the HTML template,
  // the build configuration and its plugins.
  const sources = Math.max(
    newest(at("web/src")),
    newest(at("packages")),
    newest(at("web/build")),
    builtAt("web/index.html"),
    builtAt("web/vite.config.ts"),
  );
  return built < sources ? "stale" : null;
}

/** Builds the web app (browser bundle and server renderer) when it is missing or stale; returns why it did, or null. */
export function ensureWebBuilt() {
  const needed = webBuildNeeded();
  if (needed) pnpm(["--filter", "@brevia/web", "build"], { cwd: ROOT });
  return needed;
}

/** The web app and the server bundle (api/dist/main.mjs), each built when missing or stale (npm start, npm run test:e2e). */
export function ensureAppBuilt() {
  ensureWebBuilt();
  // The server bundles the workspace packages (the route contract) and the web's operation manifest.
  const apiSources = Math.max(newest(at("api/src")), newest(at("packages")), builtAt("web/src/gql/persisted-documents.json"));
  if (builtAt("api/dist/main.mjs") < apiSources) {
    pnpm(["--filter", "@brevia/api", "build"], { cwd: ROOT });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const why = ensureWebBuilt();
  console.log(why ? `web app built (it was ${why})` : "web app build is current");
}
