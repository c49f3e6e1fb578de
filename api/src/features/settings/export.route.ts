import type { FastifyInstance } from "fastify";
import type { Database } from "../../db/client.js";
import { bearerToken } from "../accounts/sessions.js";
import { loadViewer, SESSION_COOKIE } from "../accounts/viewer.js";
import { exportAccount } from "./account-export.js";

export const ACCOUNT_EXPORT_PATH = "/account/export.json";

/**
 * GET /account/export.json: the signed-in reader's data as a JSON file to download (the session cookie,
 * or `Authorization: Bearer` for the app). A plain link on the settings page, so it works with the
 * keyboard and before the page's script runs. Never cached; 401 for a visitor.
 */
export function registerAccountExport(app: FastifyInstance, db: Database) {
  app.get(ACCOUNT_EXPORT_PATH, async (request, reply) => {
    const token = bearerToken(request.headers.authorization) ?? request.cookies[SESSION_COOKIE];
    const viewer = await loadViewer(db.prisma, token);
    reply.header("cache-control", "private, no-store").header("vary", "cookie, authorization");
    if (!viewer) {
      return reply
        .code(401)
        .type("application/json; charset=utf-8")
        .send(JSON.stringify({ error: { code: "UNAUTHENTICATED" } }));
    }
    const data = await exportAccount(db.prisma, viewer.id);
    const day = new Date().toISOString().slice(0, 10);
    return reply
      .type("application/json; charset=utf-8")
      .header("content-disposition", `attachment; filename="brevia-data-${day}.json"`)
      .send(JSON.stringify(data, null, 2));
  });
}
