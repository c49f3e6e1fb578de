import { execFile } from "node:child_process";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, inject } from "vitest";
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

declare module "vitest" {
  export interface ProvidedContext {
    /** The server renderer global-setup.ts built for this run; unset when no selected file needed it. */
    webServerEntry?: string;
  }
}

/** The web app a test server serves: its built files, and the server renderer that renders its pages. */
export type WebApp = { distDir: string; serverEntry?: string };

/**
 * The server-rendered web app for a test file's server (`useTestServer({ web })`). The renderer is the
 * one the api project's global setup built for the whole run (it builds when a selected file calls
 * this function); the file gets a folder of its own for the built files (index.html and `distFiles`,
 * e.g. assets and the client manifest), removed after its tests. Read the fields inside hooks and tests.
 */
export function useWebRenderer(options: { distFiles?: Record<string, string | Uint8Array> } = {}): Required<WebApp> {
  const handle = {} as Required<WebApp>;
  let distDir: string | undefined;
  let ownBuild: Awaited<ReturnType<typeof buildWebRenderer>> | undefined;
  beforeAll(async () => {
    let serverEntry = inject("webServerEntry");
    if (!serverEntry) {
      // Not built for this run (a watch-mode rerun of a file the first run did not select): build it here.
      ownBuild = await buildWebRenderer();
      serverEntry = ownBuild.serverEntry;
    }
    distDir = await mkdtemp(path.join(tmpdir(), "brevia-web-dist-"));
    for (const [name, content] of Object.entries({ "index.html": TEMPLATE, ...options.distFiles })) {
      await mkdir(path.dirname(path.join(distDir, name)), { recursive: true });
      await writeFile(path.join(distDir, name), content);
    }
    Object.assign(handle, { distDir, serverEntry });
  }, 180_000);
  afterAll(async () => {
    if (distDir) await rm(distDir, { recursive: true, force: true });
    await ownBuild?.remove();
  });
  return handle;
}
