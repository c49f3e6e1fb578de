import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import { matchRoute } from "../../../web/src/app/route-table.js";
import { WEB_DIST_DIR } from "../paths.js";

/**
 * Serves the built web app: files from web/dist, and index.html for every page path. A path the
 * route table does not know still gets the app (it renders the not-found page) but with status 404.
 */
export async function registerWebApp(app: FastifyInstance, distDir = WEB_DIST_DIR) {
  const indexPath = path.join(distDir, "index.html");
  if (!existsSync(indexPath)) {
    app.log.warn(`No built web app at ${distDir}: run \`npm run build\` (npm start does it for you).`);
    return;
  }
  const indexHtml = await readFile(indexPath, "utf8");
  await app.register(fastifyStatic, {
    root: distDir,
    wildcard: false,
    index: false,
    // Hashed assets never change; everything else is revalidated.
    setHeaders: (res, filePath) => {
      if (filePath.includes(`${path.sep}assets${path.sep}`)) res.setHeader("cache-control", "public, max-age=31536000, immutable");
    },
  });
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split("?")[0] ?? "/";
    const wantsPage = request.method === "GET" || request.method === "HEAD";
    if (!wantsPage || pathname.startsWith("/assets/") || pathname.startsWith("/graphql") || /\.[a-z0-9]+$/i.test(pathname)) {
      return reply.code(404).type("text/plain; charset=utf-8").send("This page could not be found");
    }
    return reply
      .code(matchRoute(pathname) ? 200 : 404)
      .header("cache-control", "no-cache")
      .type("text/html; charset=utf-8")
      .send(indexHtml);
  });
}
