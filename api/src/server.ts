import { randomUUID } from "node:crypto";
import { constants as zlib } from "node:zlib";
import fastifyCompress from "@fastify/compress";
import fastifyCookie from "@fastify/cookie";
import Fastify from "fastify";
import type { AppConfig } from "./config.js";
import type { Database } from "./db/client.js";
import { registerAudio } from "./features/catalog/audio/audio.route.js";
import { createMediaUrlSigner } from "./features/catalog/audio/media-urls.js";
import { registerCovers } from "./features/catalog/covers/covers.route.js";
import { registerSocialLogin } from "./features/accounts/social/social.route.js";
import { registerDevOutbox } from "./features/accounts/mail/dev-outbox.route.js";
import { startMailWorker } from "./features/accounts/mail/mail-worker.js";
import { devOutboxTransport, smtpTransport } from "./features/accounts/mail/transport.js";
import { createCommerce, registerCommerceRoutes } from "./features/commerce/commerce-runtime.js";
import { registerSitemap } from "./features/seo/sitemap.route.js";
import { registerEpubDownload } from "./features/kindle/epub.route.js";
import { registerAccountExport } from "./features/settings/export.route.js";
import { registerHighlightsExport } from "./features/highlights/export.route.js";
import { registerGraphQL, type GraphQLOptions } from "./http/graphql.js";
import { registerHealth } from "./http/health.js";
import { isServiceUnavailable, replyUnavailable, SERVICE_UNAVAILABLE_MESSAGE } from "./http/unavailable.js";
import { registerSecurityHeaders } from "./http/security-headers.js";
import { registerWebApp } from "./http/web-app.js";

/** The HTTP server: /graphql, health checks, catalogue media and the built web app. */
export async function buildServer(
  config: AppConfig,
  db: Database,
  options: { webDistDir?: string; webServerEntry?: string; logStream?: NodeJS.WritableStream } & GraphQLOptions = {},
) {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ["req.headers.cookie", "req.headers.authorization"],
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    // Honour a proxy's request id so one id follows a request across services.
    genReqId: (req) => {
      const incoming = req.headers["x-request-id"];
      return typeof incoming === "string" && /^[\w-]{8,64}$/.test(incoming) ? incoming : randomUUID();
    },
    // Only the configured proxies may say who the client is (TRUST_PROXY).
    trustProxy: config.trustProxy,
    return503OnClosing: true,
  });
  app.addHook("onSend", async (request, reply) => {
    reply.header("x-request-id", request.id);
  });
  // The database away (restarting, unreachable) is a 503 the client may retry, on every route (pages,
  // exports, webhooks); anything else keeps Fastify's own handling.
  app.setErrorHandler((error, request, reply) => {
    if (!isServiceUnavailable(error)) return reply.send(error);
    request.log.warn({ err: error }, "database unavailable");
    return replyUnavailable(reply, { error: "Service Unavailable", message: SERVICE_UNAVAILABLE_MESSAGE });
  });
  // First, so its hooks cover every route below, the not-found handler and error responses.
  await registerSecurityHeaders(app, config);
  // Pages and API answers compressed on the fly (brotli at a level cheap enough per request); the
  // built assets are compressed once at build time and served as they are (web-app.ts).
  await app.register(fastifyCompress, {
    global: true,
    threshold: 1024,
    encodings: ["br", "gzip"],
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
  });
  await app.register(fastifyCookie);
  registerHealth(app, db);
  const mediaUrls = createMediaUrlSigner(config.mediaUrlSecret);
  // Mail is queued in the database by the mutations and delivered by this worker after commit.
  const smtp = config.smtpUrl ? smtpTransport(config.smtpUrl, config.mailFrom) : null;
  if (!smtp && config.production) app.log.warn("SMTP_URL is not set: emails are kept in the MailOutbox table, not sent");
  const mail = startMailWorker(db.prisma, smtp ?? devOutboxTransport, {
    onError: (err, messageId) => app.log.warn({ err, messageId }, "Could not deliver an email; it will be retried"),
  });
  app.addHook("onClose", async () => {
    await mail.stop();
    smtp?.close();
  });
  if (!config.production) registerDevOutbox(app, db.prisma);
  // Payments: Stripe when configured, else the local TEST MODE provider; its worker runs due jobs.
  const commerce =
    options.commerce ??
    createCommerce(
      db.prisma,
      {
        origin: config.publicUrl,
        timeZone: config.timeZone,
        stripe: config.stripe,
        stripeApi: config.stripeApi,
        testClock: config.testClock,
      },
      { wakeMail: () => mail.wake(), onError: (err) => app.log.warn({ err }, "A commerce job failed; it will be retried") },
    );
  app.addHook("onClose", async () => {
    if (!options.commerce) await commerce.stop();
  });
  await registerCommerceRoutes(app, commerce);
  const graphql = await registerGraphQL(app, config, db, mediaUrls, { ...options, mail, commerce });
  await registerSocialLogin(app, config, db, mail);
  registerCovers(app, db);
  registerSitemap(app, db, { publicUrl: config.publicUrl, timeZone: config.timeZone });
  registerAudio(app, { mediaDir: config.mediaDir, signer: mediaUrls, db });
  registerAccountExport(app, db);
  registerHighlightsExport(app, db, config.publicUrl);
  registerEpubDownload(app, db, { mediaUrls, timeZone: config.timeZone, clock: options.clock });
  await registerWebApp(app, {
    distDir: options.webDistDir,
    serverEntry: options.webServerEntry,
    graphql,
    clock: options.clock,
    publicUrl: config.publicUrl,
  });
  return app;
}
