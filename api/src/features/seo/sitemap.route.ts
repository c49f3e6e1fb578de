import type { FastifyInstance } from "fastify";
import { LOCALES, localizePath, ROUTES } from "@brevia/routes";
import { headLinks } from "@brevia/routes/page-links";
import type { Database } from "../../db/client.js";
import { serviceDay, weekStart } from "../catalog/service-time.js";

const escapeXml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** One <url> per page and language, each listing every language's version (and x-default). */
function urlEntries(origin: string, paths: { path: string; lastmod?: Date }[]): string[] {
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
 * GET /robots.txt and /sitemap.xml: every public page (home, the discovery listings, each category,
 * original, playlist and microbook) in the three languages,
 * with its alternates, for crawlers. New public routes (categories, playlists…) add their paths here.
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
    const paths = [
      { path: ROUTES.home },
      ...[ROUTES.categories, ROUTES.trending, ROUTES.latest, ROUTES.originals, ROUTES.playlists].map((path) => ({ path })),
      ...categories.map((c) => ({ path: ROUTES.category.replace(":slug", c.slug) })),
      ...originals.map((o) => ({ path: ROUTES.original.replace(":slug", o.slug) })),
      ...playlists.map((p) => ({ path: ROUTES.playlist.replace(":slug", p.slug) })),
      ...microbooks.map((book) => ({
        path: ROUTES.microbook.replace(":slug", book.slug),
        lastmod: new Date(Math.max(...book.editions.map((e) => e.updatedAt.getTime()))),
      })),
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
