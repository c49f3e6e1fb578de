import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { brotliCompress, constants as zlibConstants, gzip } from "node:zlib";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { matchRoute, splitLocale } from "../../../web/src/app/route-table.js";
import type { ServerEntry } from "../../../web/src/app/ssr-contract.js";
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
};

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

  async function renderPage(request: FastifyRequest, reply: FastifyReply, server: ServerEntry) {
    const url = new URL(request.url, `${request.protocol}://${request.host}`);
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
    let rendered: { status: number; html: string } | undefined;
    if (viewer) {
      rendered = await server.render({ ...page, execute }, indexHtml);
      reply.header("cache-control", "private, no-store");
    } else {
      const day = serviceDayKey(options.clock?.() ?? new Date(), options.graphql.timeZone);
      const key = `page:${build}:${url.origin}${url.pathname}${pageParams(url)}:${await catalogVersion.current()}:${day}`;
      const cached = await responseStore.get(key);
      rendered = cached ? (JSON.parse(cached) as { status: number; html: string }) : await server.render({ ...page, execute }, indexHtml);
      // Only pages that exist: caching every unknown path would let anyone fill the cache.
      if (!cached && rendered.status === 200) {
        await responseStore.set(key, JSON.stringify(rendered), { ttl: RESPONSE_CACHE_SECONDS });
      }
      // no-cache: browsers and CDNs revalidate every time (a new build or catalogue must show at once),
      // and the ETag makes an unchanged page a 304 without a body.
      const etag = `"${createHash("sha256").update(rendered.html).digest("base64url").slice(0, 27)}"`;
      reply.header("x-cache", cached ? "hit" : "miss").header("cache-control", rendered.status === 200 ? "public, no-cache" : "no-cache");
      if (rendered.status === 200) {
        reply.header("etag", etag);
        if (ifNoneMatch(request.headers["if-none-match"], etag)) return reply.code(304).header("vary", VARY).send();
      }
    }
    reply.code(rendered.status).header("vary", `${VARY}, accept-encoding`).type("text/html; charset=utf-8");
    // The not-found handler is not a route, so @fastify/compress does not see it: compressed here.
    const encoding = preferredEncoding(request.headers["accept-encoding"]);
    if (!encoding) return reply.send(rendered.html);
    return reply.header("content-encoding", encoding).send(await compressHtml(rendered.html, encoding));
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

/**
 * The query parameters a page renders from (a listing's ?page=N and ?sort=…), in a fixed order: part of
 * the cached page's key. Any other parameter changes nothing on the page, so it cannot fill the cache.
 */
export function pageParams(url: URL): string {
  const kept = PAGE_PARAMS.flatMap((name) => url.searchParams.getAll(name).map((value) => `${name}=${encodeURIComponent(value)}`));
  return kept.length ? `?${kept.join("&")}` : "";
}
const PAGE_PARAMS = ["page", "sort"] as const;

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

function compressHtml(html: string, encoding: "br" | "gzip"): Promise<Buffer> {
  // Brotli at 4: most of its gain for a fraction of the time of its maximum, paid per request.
  return encoding === "br" ? brotli(html, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } }) : gzipAsync(html, { level: 6 });
}
