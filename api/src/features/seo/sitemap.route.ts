import type { FastifyInstance } from "fastify";
import { LOCALES, localizePath, ROUTE_NAMES, ROUTE_TABLE, routePath, type RouteName } from "@brevia/routes";
import { headLinks } from "@brevia/routes/page-links";
import type { Database } from "../../db/client.js";
import { serviceDay, weekStart } from "../catalog/service-time.js";

/** The routes declared for the sitemap whose paths have parameters: each page of them comes from the database. */
type SitemapRouteWithParams = {
  [N in RouteName]: (typeof ROUTE_TABLE)[N] extends { sitemap: true; path: `${string}:${string}` } ? N : never;
}[RouteName];

type SitemapPage = { path: string; lastmod?: Date };

const escapeXml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** One <url> per page and language, each listing every language's version (and x-default). */
function urlEntries(origin: string, paths: SitemapPage[]): string[] {
  return paths.flatMap(({ path, lastmod }) =>
    LOCALES.map((locale) => {
      const { canonical, alternates } = headLinks(origin, localizePath(locale, path));
      return [
        "  <url>",
        `    <loc>${escapeXml(canonical)}</loc>`,
        ...(lastmod ? [`    <lastmod>${lastmod.toISOString().slice(0, 10)}</lastmod>`] : []),
        ...alternates.map((a) => `    <xhtml:link rel="alternate" hreflang="${a.hreflang}" href="${escapeXml(a.href)}"/>`),
        "  </url>",
      ].join("\n");
    }),
  );
}

/**
 * GET /robots.txt and /sitemap.xml: every page of the routes declared for it (@brevia/routes `sitemap`:
 * home, the discovery listings, each category, original, playlist and microbook) in the three
 * languages, with its alternates, for crawlers. A declared route with path parameters must say here
 * which pages it has (the type below fails until it does).
 */
export function registerSitemap(app: FastifyInstance, db: Database, options: { publicUrl: string; timeZone?: string }) {
  const origin = options.publicUrl;
  const timeZone = options.timeZone;
  app.get("/robots.txt", async (_request, reply) =>
    reply
      .type("text/plain; charset=utf-8")
      .header("cache-control", "public, max-age=3600")
      .send(`User-agent: *\nAllow: /\nDisallow: /graphql\n\nSitemap: ${origin}/sitemap.xml\n`),
  );

  app.get("/sitemap.xml", async (_request, reply) => {
    const [categories, originals, playlists] = await Promise.all([
      db.prisma.category.findMany({ where: { microbookCount: { gt: 0 } }, orderBy: { position: "asc" }, select: { slug: true } }),
      db.prisma.original.findMany({ orderBy: { position: "asc" }, select: { slug: true } }),
      // A later week's playlist is not out yet.
      db.prisma.playlist.findMany({
        where: { weekStart: { lte: weekStart(serviceDay(new Date(), timeZone)) } },
        orderBy: [{ weekStart: "desc" }, { slug: "asc" }],
        select: { slug: true },
      }),
    ]);
    const microbooks = await db.prisma.microbook.findMany({
      where: { editions: { some: {} } },
      orderBy: { slug: "asc" },
      select: { slug: true, editions: { select: { updatedAt: true } } },
    });
    const pagesWithParams: Record<SitemapRouteWithParams, SitemapPage[]> = {
      category: categories.map((c) => ({ path: routePath("category", { slug: c.slug }) })),
      original: originals.map((o) => ({ path: routePath("original", { slug: o.slug }) })),
      playlist: playlists.map((p) => ({ path: routePath("playlist", { slug: p.slug }) })),
      microbook: microbooks.map((book) => ({
        path: routePath("microbook", { slug: book.slug }),
        lastmod: new Date(Math.max(...book.editions.map((e) => e.updatedAt.getTime()))),
      })),
    };
    const paths: SitemapPage[] = [
      ...ROUTE_NAMES.filter((name) => ROUTE_TABLE[name].sitemap && !ROUTE_TABLE[name].path.includes(":")).map((name) => ({
        path: ROUTE_TABLE[name].path,
      })),
      ...Object.values(pagesWithParams).flat(),
    ];
    const xml = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
      ...urlEntries(origin, paths),
      "</urlset>",
      "",
    ].join("\n");
    return reply.type("application/xml; charset=utf-8").header("cache-control", "public, max-age=3600").send(xml);
  });
}
