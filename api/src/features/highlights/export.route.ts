import type { FastifyInstance } from "fastify";
import type { Database } from "../../db/client.js";
import { bearerToken } from "../accounts/sessions.js";
import { loadViewer, SESSION_COOKIE } from "../accounts/viewer.js";
import { highlightsToExport, toMarkdown, toReadwiseCsv } from "./export.js";

export const HIGHLIGHTS_EXPORT_PATHS = { markdown: "/account/highlights.md", csv: "/account/highlights.csv" } as const;

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * GET /account/highlights.md and /account/highlights.csv (`?book={slug}` for one book, `?lang=` for the labels): the signed-in
 * reader's highlights as files to download, Markdown grouped by book, or CSV with Readwise's import
 * columns. Plain links (cookie, or `Authorization: Bearer` for the app); never cached; 401 for a visitor.
 */
export function registerHighlightsExport(app: FastifyInstance, db: Database, publicUrl: string) {
  for (const [format, path] of Object.entries(HIGHLIGHTS_EXPORT_PATHS) as [keyof typeof HIGHLIGHTS_EXPORT_PATHS, string][]) {
    app.get<{ Querystring: { book?: string; lang?: string } }>(path, async (request, reply) => {
      reply.header("cache-control", "private, no-store").header("vary", "cookie, authorization");
      const book = request.query.book;
      if (book !== undefined && !SLUG.test(book)) {
        return reply
          .code(400)
          .type("application/json; charset=utf-8")
          .send(JSON.stringify({ error: { code: "BAD_BOOK" } }));
      }
      const viewer = await loadViewer(db.prisma, bearerToken(request.headers.authorization) ?? request.cookies[SESSION_COOKIE]);
      if (!viewer) {
        return reply
          .code(401)
          .type("application/json; charset=utf-8")
          .send(JSON.stringify({ error: { code: "UNAUTHENTICATED" } }));
      }
      // The labels in the language of the page the link was on (`?lang=`), else the reader's interface language.
      const lang = request.query.lang;
      const language = lang === "pt" || lang === "en" || lang === "es" ? lang : viewer.interfaceLanguage;
      const highlights = await highlightsToExport(db.prisma, { userId: viewer.id, bookSlug: book, publicUrl });
      const name = `brevia-highlights${book ? `-${book}` : ""}-${new Date().toISOString().slice(0, 10)}`;
      return format === "markdown"
        ? reply
            .type("text/markdown; charset=utf-8")
            .header("content-disposition", `attachment; filename="${name}.md"`)
            .send(toMarkdown(highlights, language))
        : reply
            .type("text/csv; charset=utf-8")
            .header("content-disposition", `attachment; filename="${name}.csv"`)
            .send(toReadwiseCsv(highlights));
    });
  }
}
