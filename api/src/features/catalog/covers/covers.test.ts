import { Transformer } from "@napi-rs/image";
import { describe, expect, it } from "vitest";
import { run } from "../../../test/execute.js";
import { buildMicrobook } from "../../../test/factories.js";
import { useTestServer } from "../../../test/http.js";

const server = useTestServer();

/** A PNG's width and height, from its IHDR chunk (the first, right after the 8-byte signature). */
function pngSize(png: Buffer): { width: number; height: number } {
  expect(png.subarray(0, 8).toString("hex")).toBe("89504e470d0a1a0a");
  expect(png.subarray(12, 16).toString("latin1")).toBe("IHDR");
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

describe("GET /covers/…", () => {
  it("serves the cover at the edition's coverUrl as a 450×675 WebP image, by id and by slug, drawn once", async () => {
    const book = await buildMicrobook(server.db.prisma, { slug: "walden", languages: ["en", "es"] });
    const { data } = await run<{ microbook: { edition: { coverUrl: string } } }>(
      server.db,
      `{ microbook(slug: "walden") { edition(language: es) { coverUrl } } }`,
    );
    const { coverUrl } = data!.microbook.edition;
    expect(coverUrl).toBe(`/covers/${book.id}.es.webp`);
    const first = await server.app.inject(coverUrl);
    expect(first.statusCode).toBe(200);
    expect(first.headers["content-type"]).toBe("image/webp");
    const { width, height, format } = await new Transformer(first.rawPayload).metadata();
    expect({ width, height, format }).toEqual({ width: 450, height: 675, format: "webp" });
    // A cover's flat colours and type compress well (a PNG of it is about 20 KB).
    expect(first.rawPayload.length).toBeLessThan(12_000);
    expect(first.headers["cache-control"]).toBe("public, max-age=86400");
    // The app's own image: same-origin (helmet's default), unlike link previews.
    expect(first.headers["cross-origin-resource-policy"]).toBe("same-origin");
    expect(first.headers["x-cache"]).toBe("miss");

    const bySlug = await server.app.inject("/covers/walden.es.webp");
    expect([bySlug.statusCode, bySlug.headers["x-cache"], bySlug.headers.etag]).toEqual([200, "hit", first.headers.etag]);
    expect(bySlug.rawPayload.equals(first.rawPayload)).toBe(true);
    const unchanged = await server.app.inject({ url: coverUrl, headers: { "if-none-match": first.headers.etag as string } });
    expect(unchanged.statusCode).toBe(304);
    // Each language's cover is its own drawing (its title, its category's name).
    const en = await server.app.inject("/covers/walden.en.webp");
    expect(en.statusCode).toBe(200);
    expect(en.headers.etag).not.toBe(first.headers.etag);

    expect((await server.app.inject("/covers/walden.pt.webp")).statusCode).toBe(404);
    expect((await server.app.inject("/covers/nothing.en.webp")).statusCode).toBe(404);
    expect((await server.app.inject("/covers/walden.es.png")).statusCode).toBe(404);
  });

  it("serves it 150 and 300 px wide too, at the addresses of the edition's coverSrcSet", async () => {
    const book = await buildMicrobook(server.db.prisma, { slug: "walden-widths", languages: ["en"] });
    const { data } = await run<{ microbook: { edition: { coverUrl: string; coverSrcSet: string } } }>(
      server.db,
      `{ microbook(slug: "walden-widths") { edition(language: en) { coverUrl coverSrcSet } } }`,
    );
    const { coverUrl, coverSrcSet } = data!.microbook.edition;
    const candidates = coverSrcSet.split(", ").map((candidate) => candidate.split(" ") as [string, string]);
    expect(candidates).toEqual([
      [`/covers/${book.id}.en.150w.webp`, "150w"],
      [`/covers/${book.id}.en.300w.webp`, "300w"],
      [coverUrl, "450w"],
    ]);
    const sizes: number[] = [];
    const etags = new Set<unknown>();
    for (const [url, descriptor] of candidates) {
      const res = await server.app.inject(url);
      expect([res.statusCode, res.headers["content-type"]]).toEqual([200, "image/webp"]);
      const { width, height } = await new Transformer(res.rawPayload).metadata();
      // Each is as wide as its descriptor says: the browser picks by it.
      expect({ width, height }).toEqual({ width: parseInt(descriptor), height: parseInt(descriptor) * 1.5 });
      sizes.push(res.rawPayload.length);
      etags.add(res.headers.etag);
    }
    expect(sizes[0]).toBeLessThan(sizes[1]!);
    expect(sizes[1]).toBeLessThan(sizes[2]!);
    expect(etags.size).toBe(3);
    // By slug too; no other width, and one address for the full one.
    expect((await server.app.inject("/covers/walden-widths.en.300w.webp")).statusCode).toBe(200);
    for (const file of [
      "walden-widths.en.200w.webp",
      "walden-widths.en.450w.webp",
      "walden-widths.en.300w.svg",
      "walden-widths.en.300w.og.png",
    ])
      expect((await server.app.inject(`/covers/${file}`)).statusCode, file).toBe(404);
  });

  it("serves the same cover as SVG", async () => {
    await buildMicrobook(server.db.prisma, { slug: "walden-svg", languages: ["es"] });
    const res = await server.app.inject("/covers/walden-svg.es.svg");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("image/svg+xml");
    const { data } = await run<{ microbook: { edition: { title: string } } }>(
      server.db,
      `{ microbook(slug: "walden-svg") { edition(language: es) { title } } }`,
    );
    expect(res.body).toContain(data!.microbook.edition.title);
    expect((await server.app.inject("/covers/walden-svg.pt.svg")).statusCode).toBe(404);
  });
});

describe("GET /covers/….og.png (link previews)", () => {
  it("draws an edition's preview as a 1200×630 PNG, once, and revalidates it without drawing", async () => {
    const book = await buildMicrobook(server.db.prisma, { slug: "preview-book", languages: ["en", "pt"] });
    const first = await server.app.inject("/covers/preview-book.en.og.png");
    expect(first.statusCode).toBe(200);
    expect(first.headers["content-type"]).toBe("image/png");
    expect(pngSize(first.rawPayload)).toEqual({ width: 1200, height: 630 });
    expect(first.headers["cache-control"]).toBe("public, max-age=86400");
    expect(first.headers["cross-origin-resource-policy"]).toBe("cross-origin");
    expect(first.headers["x-cache"]).toBe("miss");
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]{27}"$/);

    // By microbook id as well as slug; the second answer comes from memory, byte for byte.
    const second = await server.app.inject(`/covers/${book.id}.en.og.png`);
    expect([second.statusCode, second.headers["x-cache"], second.headers.etag]).toEqual([200, "hit", etag]);
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);

    const unchanged = await server.app.inject({ url: "/covers/preview-book.en.og.png", headers: { "if-none-match": etag } });
    expect([unchanged.statusCode, unchanged.body]).toEqual([304, ""]);

    // Each language's edition has its own preview.
    const pt = await server.app.inject("/covers/preview-book.pt.og.png");
    expect(pt.statusCode).toBe(200);
    expect(pt.headers.etag).not.toBe(etag);
  });

  it("draws a new preview when the edition's title changes", async () => {
    const book = await buildMicrobook(server.db.prisma, { slug: "preview-retitled" });
    const before = await server.app.inject("/covers/preview-retitled.en.og.png");
    await server.db.prisma.microbookEdition.update({ where: { id: book.editions[0]!.id }, data: { title: "A New Title" } });
    const after = await server.app.inject({
      url: "/covers/preview-retitled.en.og.png",
      headers: { "if-none-match": before.headers.etag as string },
    });
    expect(after.statusCode).toBe(200);
    expect(after.headers["x-cache"]).toBe("miss");
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(after.rawPayload.equals(before.rawPayload)).toBe(false);
  });

  it("answers 404 for an unknown microbook, edition or file name", async () => {
    await buildMicrobook(server.db.prisma, { slug: "preview-english-only", languages: ["en"] });
    for (const url of [
      "/covers/no-such-book.en.og.png",
      "/covers/preview-english-only.es.og.png",
      "/covers/preview-english-only.fr.og.png",
      "/covers/preview-english-only.og.png",
      "/covers/Preview-English-Only.en.og.png",
    ]) {
      const res = await server.app.inject(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers["content-type"], url).toContain("text/plain");
    }
  });

  it("serves the site's preview for pages without their own", async () => {
    const first = await server.app.inject("/covers/brevia.og.png");
    expect(first.statusCode).toBe(200);
    expect(first.headers["content-type"]).toBe("image/png");
    expect(pngSize(first.rawPayload)).toEqual({ width: 1200, height: 630 });
    const second = await server.app.inject("/covers/brevia.og.png");
    expect(second.headers["x-cache"]).toBe("hit");
  });
});
