import type { FastifyInstance } from "fastify";
import type { Database } from "../db/client.js";
import { replyUnavailable } from "./unavailable.js";

export function registerHealth(app: FastifyInstance, db: Database) {
  // Liveness: the process answers.
  app.get("/healthz", async () => ({ status: "ok" }));
  // Readiness: the database answers too.
  app.get("/readyz", async (_request, reply) => {
    try {
      await db.prisma.$queryRaw`SELECT 1`;
      return { status: "ok", database: db.kind };
    } catch (err) {
      app.log.error({ err }, "readiness check failed");
      return replyUnavailable(reply, { status: "unavailable", database: db.kind });
    }
  });
}
