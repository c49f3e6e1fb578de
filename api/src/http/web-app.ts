import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { brotliCompress, constants as zlibConstants, gzip } from "node:zlib";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { matchRoute, pageQuery, ROUTE_TABLE, splitLocale } from "@brevia/routes";
import { PRELOAD_ELEMENT_ID, type RenderedPage, type ServerEntry } from "@brevia/routes/ssr-contract";
import { serviceDayKey } from "../features/catalog/service-time.js";
import { WEB_DIST_DIR } from "../paths.js";
import type { InProcessGraphQL } from "./graphql.js";
import { RESPONSE_CACHE_SECONDS } from "./response-cache.js";

export type WebAppOptions = {
  distDir?: string;
  /** The server renderer (`vite build --ssr`); default: dist-server/entry-server.js beside distDir. */
  serverEntry?: string;
  graphql: InProcessGraphQL;
  clock?: () => Date;
  /** PUBLIC_URL: the origin of the pages' links (canonical, alternates, previews), never the Host header's. */
  publicUrl: string;
};

/** A rendered page as the page cache keeps it: the ETag is computed once, with the page. */
type CachedPage = { status: number; html: string; etag?: string; location?: string };

/** How many compressed visitor pages the process keeps (a page is a few KB compressed). */
const COMPRESSED_PAGES = 1000;

function pageEtag(html: string): string {
  return `"${createHash("sha256").update(html).digest("base64url").slice(0, 27)}"`;
}

/** A visitor's page is the same for every visitor: it varies by language (in the path), the day and the catalogue. */
const VARY = "accept-language, cookie";

/**
 * Serves the built web app: files from web/dist, and every page rendered on the server with the
 * web's own routes and loaders (web/src/entry-server.tsx), with the status its route gives (404 for
 * an unknown path or microbook). A visitor's rendered page is kept in the response cache under the
 * keys of the API's answers (path and so language, catalogue version, day); a signed-in reader's
 * page is rendered for them and private. Without a built renderer (a test's bare index.html), every
 * page gets index.html and renders in the browser.
 */
export async function registerWebApp(app: FastifyInstance, options: WebAppOptions) {
  const distDir = options.distDir ?? WEB_DIST_DIR;
  const indexPath = path.join(distDir, "index.html");
  if (!existsSync(indexPath)) {
    app.log.warn(`No built web app at ${distDir}: run \`npm run build\` (npm start does it for you).`);
    return;
  }
  const indexHtml = await readFile(indexPath, "utf8");
  const pageChunks = await pageChunkUrls(distDir);
  const serverEntryPath = options.serverEntry ?? path.join(path.dirname(distDir), "dist-server", "entry-server.js");
  const entry = existsSync(serverEntryPath) ? ((await import(pathToFileURL(serverEntryPath).href)) as ServerEntry) : null;
  // A new build (new asset names in index.html) must not be served pages rendered for the old one.
  const build = createHash("sha256").update(indexHtml).digest("hex").slice(0, 16);
  const { inProcess, responseStore, catalogVersion } = options.graphql;

  await app.register(fastifyStatic, {
    root: distDir,
    wildcard: false,
    index: false,
    // web/dist holds a .br and a .gz of every compressible file (made by the build): sent as they are.
    preCompressed: true,
    // Hashed assets never change; everything else is revalidated. (send's own header would override these.)
    cacheControl: false,
    setHeaders: (res, filePath) => {
      const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
      res.setHeader("cache-control", hashed ? "public, max-age=31536000, immutable" : "public, no-cache");
    },
  });

  /**
   * Names the page's own chunks (route modules, messages) in the page, for the browser's entry to
   * fetch beside the app's code, so hydration does not wait one more round trip for them.
   */
  function withPreloads(rendered: RenderedPage): CachedPage {
    if (rendered.location) return { status: rendered.status, html: "", location: rendered.location };
    const urls = pageChunks(rendered.modules ?? []);
    if (!urls.length) return { status: rendered.status, html: rendered.html };
    // Plain asset paths (from the build's manifest); escaped all the same, like any JSON in a <script>.
    const json = JSON.stringify(urls).replace(/</g, "\\u003c");
    const element = `<script type="application/json" id="${PRELOAD_ELEMENT_ID}">${json}</script>`;
    return { status: rendered.status, html: rendered.html.replace("</body>", () => `  ${element}\n  </body>`) };
  }

  /** Compressed visitor pages, by ETag and encoding (a bounded number, least recently used dropped first). */
  const compressedPages = new CompressedPages(COMPRESSED_PAGES);

  async function renderPage(request: FastifyRequest, reply: FastifyReply, server: ServerEntry) {
    // The path and query from the request; the origin from PUBLIC_URL (the Host header is anyone's to
    // set, and behind a proxy an internal name), so links, previews and the page cache ignore the Host.
    const { pathname, search } = new URL(request.url, "http://localhost");
    const url = new URL(pathname + search, options.publicUrl);
    const page = { url: url.href, cookie: request.headers.cookie, acceptLanguage: request.headers["accept-language"] };
    const redirect = server.localeRedirect(page);
    if (redirect) {
      return reply
        .code(302)
        .header("location", redirect.location)
        .header("set-cookie", redirect.setCookie)
        .header("cache-control", "private, no-store")
        .header("vary", VARY)
        .send();
    }
    const { viewer, execute } = await inProcess(request, splitLocale(url.pathname).locale);
    let rendered: CachedPage | undefined;
    let shared = false;
    const route = matchRoute(url.pathname);
    if (viewer || (route && ROUTE_TABLE[route.name].token)) {
      // A reader's own page, or a mailed link's (its token in the path): never shared or stored.
      rendered = withPreloads(await server.render({ ...page, execute }, indexHtml));
      reply.header("cache-control", "private, no-store");
    } else {
      const day = serviceDayKey(options.clock?.() ?? new Date(), options.graphql.timeZone);
      // The query parameters its route declares make a page distinct; any other changes nothing on it
      // (so it cannot fill the cache).
      const key = `page:${build}:${url.origin}${url.pathname}${pageQuery(url)}:${await catalogVersion.current()}:${day}`;
      const cached = await responseStore.get(key);
      if (cached) {
        rendered = JSON.parse(cached) as CachedPage;
      } else {
        rendered = withPreloads(await server.render({ ...page, execute }, indexHtml));
        rendered.etag = pageEtag(rendered.html);
      }
      // Only pages that exist: caching every unknown path would let anyone fill the cache.
      if (!cached && rendered.status === 200) {
        await responseStore.set(key, JSON.stringify(rendered), { ttl: RESPONSE_CACHE_SECONDS });
      }
      // no-cache: browsers and CDNs revalidate every time (a new build or catalogue must show at once),
      // and the ETag makes an unchanged page a 304 without a body.
      reply.header("x-cache", cached ? "hit" : "miss").header("cache-control", rendered.status === 200 ? "public, no-cache" : "no-cache");
      if (rendered.status === 200) {
        shared = true;
        const etag = (rendered.etag ??= pageEtag(rendered.html));
        reply.header("etag", etag);
        if (ifNoneMatch(request.headers["if-none-match"], etag)) return reply.code(304).header("vary", VARY).send();
      }
    }
    // A route guard sent the reader elsewhere (to /login, or away from it): a redirect, never cached.
    if (rendered.location) {
      return reply
        .code(rendered.status)
        .header("location", rendered.location)
        .header("cache-control", "private, no-store")
        .header("vary", VARY)
        .send();
    }
    reply.code(rendered.status).header("vary", `${VARY}, accept-encoding`).type("text/html; charset=utf-8");
    // The not-found handler is not a route, so @fastify/compress does not see it: compressed here.
    const encoding = preferredEncoding(request.headers["accept-encoding"]);
    if (!encoding) return reply.send(rendered.html);
    // A page every visitor gets is compressed once (per build, catalogue version and day, like its
    // cache key), harder; the others for their one reader.
    const body =
      shared && rendered.etag
        ? await compressedPages.get(rendered.etag, encoding, rendered.html)
        : await compressHtml(rendered.html, encoding);
    return reply.header("content-encoding", encoding).send(body);
  }

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split("?")[0] ?? "/";
    const wantsPage = request.method === "GET" || request.method === "HEAD";
    if (!wantsPage || pathname.startsWith("/assets/") || pathname.startsWith("/graphql") || /\.[a-z0-9]+$/i.test(pathname)) {
      return reply.code(404).type("text/plain; charset=utf-8").send("This page could not be found");
    }
    if (entry) {
      try {
        return await renderPage(request, reply, entry);
      } catch (error) {
        // A bug in rendering must not take the site down: the page still renders in the browser.
        request.log.error({ err: error, requestId: request.id }, "Server rendering failed; sending the page to render in the browser");
      }
    }
    return reply
      .code(matchRoute(pathname) ? 200 : 404)
      .header("cache-control", "no-cache")
      .type("text/html; charset=utf-8")
      .send(indexHtml);
  });
}

type ManifestChunk = { file: string; isEntry?: boolean; imports?: string[]; dynamicImports?: string[] };

/**
 * The URLs of the chunks that source modules (as Vite's manifest names them, e.g.
 * src/routes/home/Home.tsx) need: theirs and those they import, less the entry's and the app's
 * (which the entry loads anyway). Without a manifest (a test's bare build), none.
 */
export async function pageChunkUrls(distDir: string): Promise<(modules: string[]) => string[]> {
  const manifestPath = path.join(distDir, ".vite", "manifest.json");
  if (!existsSync(manifestPath)) return () => [];
  const manifest = JSON.parse(await readFile(manifestPath, "utf8")) as Record<string, ManifestChunk>;
  const closure = (key: string, into: Set<string>): Set<string> => {
    if (!into.has(key) && manifest[key]) {
      into.add(key);
      for (const imported of manifest[key].imports ?? []) closure(imported, into);
    }
    return into;
  };
  // The entry and the app it starts (its dynamic import, web/src/start.tsx): the entry loads those
  // chunks anyway (Vite's preloading fetches an import's chunks together).
  const loadedAnyway = new Set<string>();
  for (const key of Object.keys(manifest)) {
    if (!manifest[key]!.isEntry) continue;
    closure(key, loadedAnyway);
    for (const started of manifest[key]!.dynamicImports ?? []) closure(started, loadedAnyway);
  }
  const cache = new Map<string, string[]>();
  return (modules) => {
    const cacheKey = modules.join("\n");
    let urls = cache.get(cacheKey);
    if (!urls) {
      const keys = new Set<string>();
      for (const module of modules) closure(module, keys);
      urls = [...keys]
        .filter((key) => !loadedAnyway.has(key) && manifest[key]!.file.endsWith(".js"))
        .map((key) => `/${manifest[key]!.file}`);
      cache.set(cacheKey, urls);
    }
    return urls;
  };
}
/** Whether an If-None-Match header (one or more entity tags, or *) matches this ETag. */
function ifNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.trim() === "*" || header.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag);
}

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** br, else gzip, when the client accepts it (a q=0 refuses); null: send uncompressed. */
export function preferredEncoding(header: string | undefined): "br" | "gzip" | null {
  if (!header) return null;
  const accepted = new Map(
    header.split(",").map((part) => {
      const [name, ...params] = part.trim().toLowerCase().split(";");
      const q = params.map((p) => /^\s*q=([\d.]+)/.exec(p)?.[1]).find(Boolean);
      return [name!.trim(), q === undefined ? 1 : Number(q)] as const;
    }),
  );
  const wants = (name: string) => (accepted.get(name) ?? accepted.get("*") ?? 0) > 0;
  return wants("br") ? "br" : wants("gzip") ? "gzip" : null;
}

/** `perRequest`: brotli at 4, most of its gain for a fraction of the time of its maximum; `once`: a page many readers get. */
function compressHtml(html: string, encoding: "br" | "gzip", effort: "perRequest" | "once" = "perRequest"): Promise<Buffer> {
  const once = effort === "once";
  return encoding === "br"
    ? brotli(html, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: once ? 9 : 4 } })
    : gzipAsync(html, { level: once ? 9 : 6 });
}

/**
 * Compressed bodies of the pages every visitor gets, by ETag (the page's content) and encoding, so a
 * cached page costs no compression per request. In-process and bounded: the least recently used
 * entry goes first. Concurrent requests for a page being compressed share that work.
 */
export class CompressedPages {
  private readonly entries = new Map<string, Promise<Buffer>>();
  constructor(private readonly max: number) {}

  get(etag: string, encoding: "br" | "gzip", html: string): Promise<Buffer> {
    const key = `${encoding}:${etag}`;
    let body = this.entries.get(key);
    if (body) {
      this.entries.delete(key); // re-inserted below: now the most recently used
    } else {
      body = compressHtml(html, encoding, "once");
      body.catch(() => this.entries.delete(key));
    }
    this.entries.set(key, body);
    if (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value!);
    return body;
  }

  get size() {
    return this.entries.size;
  }
}
