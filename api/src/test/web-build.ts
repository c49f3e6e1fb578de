import { execFile } from "node:child_process";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { ROOT_DIR } from "../paths.js";

const WEB_DIR = path.join(ROOT_DIR, "web");

/** The built index.html, reduced to what the server fills in. */
const TEMPLATE = `<!doctype html>
<html lang="pt">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="Brevia" />
    <title>Brevia</title>
    <script type="module" crossorigin src="/assets/index-test.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

/**
 * Builds the web's server renderer (`vite build --ssr`, as `npm run build` does) for a test server,
 * beside an index.html template. The folder is inside web/ so the bundle finds web's dependencies;
 * `remove()` deletes it.
 */
export async function buildWebRenderer() {
  const dir = await mkdtemp(path.join(WEB_DIR, ".ssr-test-"));
  const distDir = path.join(dir, "dist");
  const serverDir = path.join(dir, "dist-server");
  await mkdir(distDir);
  await writeFile(path.join(distDir, "index.html"), TEMPLATE);
  await promisify(execFile)(
    process.execPath,
    [
      path.join(WEB_DIR, "node_modules", "vite", "bin", "vite.js"),
      "build",
      "--ssr",
      "src/entry-server.tsx",
      "--outDir",
      serverDir,
      "--logLevel",
      "error",
    ],
    { cwd: WEB_DIR },
  );
  return { distDir, serverEntry: path.join(serverDir, "entry-server.js"), remove: () => rm(dir, { recursive: true, force: true }) };
}
