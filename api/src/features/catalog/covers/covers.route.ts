import { createHash } from "node:crypto";
import type { FastifyInstance } from "fastify";
import type { Database } from "../../../db/client.js";
import { coverSvg } from "./cover-svg.js";

const COVER_PATH = /^([a-z0-9]+(?:-[a-z0-9]+)*)\.(pt|en|es)\.svg$/;

/**
 * GET /covers/{microbook id}.{language}.svg (what the API hands out) or /covers/{slug}.{language}.svg
 * (readable, for links made by hand): the generated cover of an edition. Covers are public.
 */
export function registerCovers(app: FastifyInstance, db: Database) {
  app.get<{ Params: { file: string } }>("/covers/:file", async (request, reply) => {
    const match = COVER_PATH.exec(request.params.file);
    if (!match) return reply.code(404).type("text/plain").send("This page could not be found");
    const [, key, language] = match as unknown as [string, string, "pt" | "en" | "es"];
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
    if (!edition) return reply.code(404).type("text/plain").send("This page could not be found");
    const { author, category } = edition.microbook;
    const svg = coverSvg({
      title: edition.title,
      author: author.name,
      color: category.color,
      categoryName: category.translations[0]?.name ?? "",
    });
    const etag = `"${createHash("sha1").update(svg).digest("base64url")}"`;
    reply.header("etag", etag).header("cache-control", "public, max-age=86400");
    if (request.headers["if-none-match"] === etag) return reply.code(304).send();
    return reply.type("image/svg+xml").send(svg);
  });
}
