import type { FastifyInstance } from "fastify";
import { createContext } from "../../context.js";
import type { Database } from "../../db/client.js";
import type { Language } from "../../generated/prisma/enums.js";
import { bearerToken } from "../accounts/sessions.js";
import { loadViewer, SESSION_COOKIE } from "../accounts/viewer.js";
import type { MediaUrlSigner } from "../catalog/audio/media-urls.js";
import { languageOrder } from "../catalog/catalog.schema.js";
import { buildEditionEpub } from "./epub.js";

/** GET /epub/{slug}.epub (`?lang=pt|en|es`: that edition, else the reader's language): the EPUB Send to Kindle mails. */
export const epubPath = (slug: string) => `/epub/${encodeURIComponent(slug)}.epub`;

const LANGUAGES = new Set(["pt", "en", "es"]);

/**
 * The microbook's EPUB to download, for a reader the access policy lets `download` it (subscribers):
 * 401 for a visitor, 403 for a reader it refuses, 404 for an unknown book. The session cookie or
 * `Authorization: Bearer` (the app). Built on each request, never cached (it is the reader's).
 */
export function registerEpubDownload(
  app: FastifyInstance,
  db: Database,
  options: { mediaUrls: MediaUrlSigner; timeZone: string; clock?: () => Date },
) {
  app.get<{ Params: { file: string }; Querystring: { lang?: string } }>("/epub/:file", async (request, reply) => {
    reply.header("cache-control", "private, no-store").header("vary", "cookie, authorization");
    const error = (status: number, code: string) =>
      reply
        .code(status)
        .type("application/json; charset=utf-8")
        .send(JSON.stringify({ error: { code } }));
    const slug = /^([a-z0-9]+(?:-[a-z0-9]+)*)\.epub$/.exec(request.params.file)?.[1];
    if (!slug) return error(404, "NOT_FOUND");
    const token = bearerToken(request.headers.authorization) ?? request.cookies[SESSION_COOKIE];
    const viewer = await loadViewer(db.prisma, token, options.clock?.());
    if (!viewer) return error(401, "UNAUTHENTICATED");
    const ctx = createContext({
      prisma: db.prisma,
      requestId: request.id,
      viewer,
      mediaUrls: options.mediaUrls,
      acceptLanguage: request.headers["accept-language"],
      now: options.clock?.(),
      timeZone: options.timeZone,
    });
    const book = await db.prisma.microbook.findUnique({ where: { slug }, select: { id: true } });
    if (!book) return error(404, "NOT_FOUND");
    if (!(await ctx.access.decide("download", book.id)).allowed) return error(403, "MICROBOOK_LOCKED");
    const lang = request.query.lang && LANGUAGES.has(request.query.lang) ? (request.query.lang as Language) : null;
    const epub = await buildEditionEpub(db.prisma, book.id, languageOrder(ctx, lang));
    if (!epub) return error(404, "NOT_FOUND");
    return reply.type("application/epub+zip").header("content-disposition", `attachment; filename="${epub.fileName}"`).send(epub.content);
  });
}
