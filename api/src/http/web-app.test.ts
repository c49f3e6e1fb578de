import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { CompressedPages, pageChunkUrls } from "./web-app.js";

let dir: string | undefined;
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
  dir = undefined;
});

async function distWithManifest(manifest: unknown): Promise<string> {
  dir = await mkdtemp(path.join(tmpdir(), "brevia-web-app-"));
  await mkdir(path.join(dir, ".vite"));
  await writeFile(path.join(dir, ".vite", "manifest.json"), JSON.stringify(manifest));
  return dir;
}

describe("the chunks a page preloads", () => {
  it("are its modules' chunks and their imports, less the entry's and the app's", async () => {
    const urls = await pageChunkUrls(
      await distWithManifest({
        "index.html": { file: "assets/index.js", isEntry: true, imports: ["_polyfill.js"], dynamicImports: ["src/start.tsx"] },
        "_polyfill.js": { file: "assets/polyfill.js" },
        "src/start.tsx": { file: "assets/start.js", imports: ["_react.js"], dynamicImports: ["src/routes/home/Home.tsx"] },
        "_react.js": { file: "assets/react.js" },
        "_card.js": { file: "assets/card.js", imports: ["_react.js"], css: ["assets/card.css"] },
        "src/routes/home/Home.tsx": { file: "assets/Home.js", imports: ["_card.js", "src/start.tsx"] },
        "src/locales/es.po": { file: "assets/es.js" },
      }),
    );
    expect(urls(["src/routes/home/Home.tsx", "src/locales/es.po"])).toEqual(["/assets/Home.js", "/assets/card.js", "/assets/es.js"]);
    expect(urls(["src/routes/unknown.tsx"])).toEqual([]);
  });

  it("are none without a manifest (a bare build)", async () => {
    dir = await mkdtemp(path.join(tmpdir(), "brevia-web-app-"));
    expect((await pageChunkUrls(dir))(["src/routes/home/Home.tsx"])).toEqual([]);
  });
});

describe("compressed visitor pages", () => {
  it("compress a page once per ETag and encoding, and keep a bounded number, least recently used out first", async () => {
    const pages = new CompressedPages(2);
    const html = `<!doctype html><p>${"Brevia ".repeat(500)}</p>`;
    const first = pages.get('"a"', "br", html);
    expect(pages.get('"a"', "br", html)).toBe(first); // shared, even while it is being compressed
    expect(brotliDecompressSync(await first).toString("utf8")).toBe(html);
    expect(gunzipSync(await pages.get('"a"', "gzip", html)).toString("utf8")).toBe(html);
    await pages.get('"a"', "br", html); // most recently used now: the gzip one goes first
    await pages.get('"b"', "br", "<p>b</p>");
    expect(pages.size).toBe(2);
    expect(pages.get('"a"', "br", html)).toBe(first);
  });
});
