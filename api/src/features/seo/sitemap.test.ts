import { describe, expect, it } from "vitest";
import { buildCategory, buildMicrobook } from "../../test/factories.js";
import { startTestServer, useTestServer } from "../../test/http.js";

const server = useTestServer({ env: { PUBLIC_URL: "http://brevia.test" } });

describe("robots.txt and sitemap.xml", () => {
  it("point crawlers at every public page in the three languages, with alternates", async () => {
    const category = await buildCategory(server.db.prisma, { slug: "philosophy" });
    await buildCategory(server.db.prisma, { slug: "empty" });
    await buildMicrobook(server.db.prisma, { slug: "walden", categoryId: category.id });
    const robots = await server.app.inject({ url: "/robots.txt", headers: { host: "brevia.test" } });
    expect(robots.statusCode).toBe(200);
    expect(robots.body).toContain("Sitemap: http://brevia.test/sitemap.xml");
    expect(robots.body).toContain("Disallow: /graphql");

    const sitemap = await server.app.inject({ url: "/sitemap.xml", headers: { host: "brevia.test" } });
    expect(sitemap.statusCode).toBe(200);
    expect(sitemap.headers["content-type"]).toContain("application/xml");
    const locs = [...sitemap.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    const everyLanguage = (path: string) => [`http://brevia.test${path}`, `http://brevia.test/en${path}`, `http://brevia.test/es${path}`];
    expect(locs).toEqual([
      "http://brevia.test/",
      "http://brevia.test/en",
      "http://brevia.test/es",
      // The discovery listings, the try-now landing, and each category holding a microbook (not the empty one).
      ...["/categories", "/trending", "/latest", "/originals", "/playlists", "/try-now", "/categories/philosophy"].flatMap(everyLanguage),
      "http://brevia.test/microbook/walden",
      "http://brevia.test/en/microbook/walden",
      "http://brevia.test/es/microbook/walden",
    ]);
    const walden = sitemap.body.split("<url>").find((entry) => entry.includes("<loc>http://brevia.test/en/microbook/walden</loc>"))!;
    for (const [lang, href] of [
      ["pt", "http://brevia.test/microbook/walden"],
      ["en", "http://brevia.test/en/microbook/walden"],
      ["es", "http://brevia.test/es/microbook/walden"],
      ["x-default", "http://brevia.test/microbook/walden"],
    ]) {
      expect(walden).toContain(`<xhtml:link rel="alternate" hreflang="${lang}" href="${href}"/>`);
    }
    expect(walden).toMatch(/<lastmod>\d{4}-\d{2}-\d{2}<\/lastmod>/);
  });

  it("use PUBLIC_URL as their origin when it is set, not the request's host", async () => {
    await buildMicrobook(server.db.prisma, { slug: "behind-a-proxy" });
    const { app } = await startTestServer(server.db, { env: { PUBLIC_URL: "https://brevia.example" } });
    try {
      const headers = { host: "app-internal:3000" };
      const robots = await app.inject({ url: "/robots.txt", headers });
      expect(robots.body).toContain("Sitemap: https://brevia.example/sitemap.xml");
      const sitemap = await app.inject({ url: "/sitemap.xml", headers });
      expect(sitemap.body).toContain("<loc>https://brevia.example/es/microbook/behind-a-proxy</loc>");
      expect(sitemap.body).toContain(
        '<xhtml:link rel="alternate" hreflang="x-default" href="https://brevia.example/microbook/behind-a-proxy"/>',
      );
      expect(sitemap.body).not.toContain("app-internal");
    } finally {
      await app.close();
    }
  });
});
