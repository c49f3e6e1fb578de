// `node scripts/run-in.mjs <api|web> <script>`: runs a workspace package's own package.json script
// in its folder with its binaries on PATH, as `pnpm --filter` would. The root scripts call it so
// that `npm run …` works on a machine with Node and npm only: no pnpm needed, nothing downloaded.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const [pkg = "", script = ""] = process.argv.slice(2);
const dir = path.join(root, pkg);
const scripts = ["api", "web"].includes(pkg) ? JSON.parse(readFileSync(path.join(dir, "package.json"), "utf8")).scripts : {};
const command = Object.hasOwn(scripts, script) ? scripts[script] : undefined;
if (!command) {
  console.error(`usage: node scripts/run-in.mjs <api|web> <script> (no script "${script}" in "${pkg}")`);
  process.exit(64);
}
const bins = [path.join(dir, "node_modules", ".bin"), path.join(root, "node_modules", ".bin")];
// The Lingui CLI (i18n:extract, i18n:check) reads lingui.config.ts through jiti: no transpile cache in
// the system temp folder (see web/vite.config.ts, which does the same for builds).
const env = { JITI_FS_CACHE: "false", ...process.env, PATH: [...bins, process.env.PATH].join(path.delimiter) };
console.error(`> ${pkg}: ${command}`);
const result = spawnSync(command, { cwd: dir, env, shell: true, stdio: "inherit" });
process.exit(result.status ?? 1);
