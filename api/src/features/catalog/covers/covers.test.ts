import { describe, expect, it } from "vitest";
import { run } from "../../../test/execute.js";
import { buildMicrobook } from "../../../test/factories.js";
import { useTestServer } from "../../../test/http.js";

const server = useTestServer();

describe("GET /covers/…", () => {
  it("serves the cover at the edition's coverUrl, and by slug, and 404 for an unknown one", async () => {
    await buildMicrobook(server.db.prisma, { slug: "walden", languages: ["en", "es"] });
    const { data } = await run<{ microbook: { edition: { title: string; coverUrl: string } } }>(
      server.db,
      `{ microbook(slug: "walden") { edition(language: es) { title coverUrl } } }`,
    );
    const { title, coverUrl } = data!.microbook.edition;
    expect(coverUrl).toMatch(/^\/covers\/[a-z0-9]+\.es\.svg$/);
    for (const url of [coverUrl, "/covers/walden.es.svg"]) {
      const res = await server.app.inject(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers["content-type"]).toContain("image/svg+xml");
      expect(res.body).toContain(title);
    }
    expect((await server.app.inject("/covers/walden.pt.svg")).statusCode).toBe(404);
    expect((await server.app.inject("/covers/nothing.en.svg")).statusCode).toBe(404);
  });
});
