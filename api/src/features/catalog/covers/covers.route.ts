import { createHash } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Database } from "../../../db/client.js";
import { requestedCoverWidth } from "./cover-paths.js";
import { coverSvg, type CoverInput } from "./cover-svg.js";
import {
  coverImageSvg,
  editionPreviewSvg,
  PreviewCache,
  previewKey,
  renderCoverWebp,
  renderPreviewPng,
  sitePreviewSvg,
} from "./preview-image.js";

// {id or slug}.{language}.{kind}, where a WebP cover may name a narrower width: {…}.{language}.300w.webp.
const EDITION_FILE = /^([a-z0-9]+(?:-[a-z0-9]+)*)\.(pt|en|es)\.(?:(\d+)w\.(?=webp$))?(webp|svg|og\.png)$/;
/** The site's own preview: no language (it has no words but the name) and no edition's shape. */
export const SITE_PREVIEW_FILE = "brevia.og.png";
const CACHE_CONTROL = "public, max-age=86400";

/** Link previews are PNG (what every link-card reader takes); the app's covers WebP (a third of the bytes). */
const RASTER = {
  png: { type: "image/png", render: renderPreviewPng },
  webp: { type: "image/webp", render: renderCoverWebp },
} as const;
type RasterFormat = keyof typeof RASTER;

const notFound = (reply: FastifyReply) => reply.code(404).type("text/plain; charset=utf-8").send("This page could not be found");

/** Whether an If-None-Match header (one or more entity tags, or *) matches this ETag. */
const matches = (request: FastifyRequest, etag: string) =>
  request.headers["if-none-match"]?.split(",").some((tag) => ["*", etag].includes(tag.trim().replace(/^W\//, ""))) ?? false;

/**
 * GET /covers/{microbook id}.{language}.webp (what the API hands out) or /covers/{slug}.{language}.webp
 * (readable, for links made by hand): the generated cover of an edition, 450×675 WebP, drawn with the
 * shipped fonts; /covers/{…}.{language}.150w.webp and .300w.webp the same, narrower (cover-paths.ts). Covers are public. GET /covers/{id or slug}.{language}.svg: the same cover as SVG
 * (in the browser's fonts), for whoever wants it scalable.
 *
 * GET /covers/{id or slug}.{language}.og.png: the edition's link preview (Open Graph and Twitter
 * cards), 1200×630, drawn from the cover; GET /covers/brevia.og.png: the site's. A preview is
 * rendered once and kept in memory (`previews`), as is a WebP cover; their ETag is the hash of the
 * drawing (the cover's text and colour, the fonts), so a changed title is a new image and an
 * unchanged one a 304 that renders nothing.
 */
export function registerCovers(app: FastifyInstance, db: Database, previews = new PreviewCache()) {
  /** A drawing as a raster image; `embeddable` for link previews, which other sites show (link cards). */
  async function sendRaster(request: FastifyRequest, reply: FastifyReply, svg: string, format: RasterFormat, embeddable: boolean) {
    const key = previewKey(svg);
    const etag = `"${key}"`;
    reply.header("etag", etag).header("cache-control", CACHE_CONTROL);
    // Unlike the app's own images (helmet's same-origin), previews may be embedded anywhere.
    if (embeddable) reply.header("cross-origin-resource-policy", "cross-origin");
    if (matches(request, etag)) return reply.code(304).send();
    const { image, hit } = await previews.get(key, () => RASTER[format].render(svg));
    return reply
      .header("x-cache", hit ? "hit" : "miss")
      .type(RASTER[format].type)
      .send(image);
  }

  app.get<{ Params: { file: string } }>("/covers/:file", async (request, reply) => {
    if (request.params.file === SITE_PREVIEW_FILE) return sendRaster(request, reply, sitePreviewSvg(), "png", true);
    const match = EDITION_FILE.exec(request.params.file);
    if (!match) return notFound(reply);
    const [, key, language, widthPart, kind] = match as unknown as [
      string,
      string,
      "pt" | "en" | "es",
      string | undefined,
      "webp" | "svg" | "og.png",
    ];
    const width = requestedCoverWidth(widthPart);
    if (width === null) return notFound(reply);
    const cover = await findCover(db, key, language);
    if (!cover) return notFound(reply);
    if (kind === "og.png") return sendRaster(request, reply, editionPreviewSvg(cover), "png", true);
    if (kind === "webp") return sendRaster(request, reply, coverImageSvg(cover, width), "webp", false);
    const svg = coverSvg(cover);
    const etag = `"${createHash("sha1").update(svg).digest("base64url")}"`;
    reply.header("etag", etag).header("cache-control", CACHE_CONTROL);
    if (matches(request, etag)) return reply.code(304).send();
    return reply.type("image/svg+xml").send(svg);
  });
}

/** What an edition's cover shows, by microbook id or slug; null when there is no such edition. */
async function findCover(db: Database, key: string, language: "pt" | "en" | "es"): Promise<CoverInput | null> {
  const edition = await db.prisma.microbookEdition.findFirst({
    where: { language, OR: [{ microbookId: key }, { microbook: { slug: key } }] },
    select: {
      title: true,
      microbook: {
        select: {
          author: { select: { name: true } },
          category: { select: { color: true, translations: { where: { language }, select: { name: true } } } },
        },
      },
    },
  });
  if (!edition) return null;
  const { author, category } = edition.microbook;
  return { title: edition.title, author: author.name, color: category.color, categoryName: category.translations[0]?.name ?? "" };
}
