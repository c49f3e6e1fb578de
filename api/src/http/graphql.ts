import { ApolloServer, type ApolloServerPlugin } from "@apollo/server";
import { unwrapResolverError } from "@apollo/server/errors";
import { ApolloServerPluginLandingPageDisabled } from "@apollo/server/plugin/disabled";
import { ApolloServerPluginLandingPageLocalDefault } from "@apollo/server/plugin/landingPage/default";
import { fastifyApolloDrainPlugin, fastifyApolloHandler } from "@as-integrations/fastify";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ExecuteGraphQL } from "@brevia/routes/ssr-contract";
import type { AppConfig } from "../config.js";
import { createContext, type Context } from "../context.js";
import type { MediaUrlSigner } from "../features/catalog/audio/media-urls.js";
import type { Database } from "../db/client.js";
import { rateLimitsFor } from "../features/accounts/rate-limits.js";
import { bearerToken, replyCookieWriter, type SessionCookieWriter } from "../features/accounts/sessions.js";
import { loadViewer, SESSION_COOKIE, type Viewer } from "../features/accounts/viewer.js";
import { SOCIAL_PROVIDER_NAMES } from "../features/accounts/social/social.config.js";
import { DEVICE_COOKIE, replyDeviceCookieWriter, type DeviceCookies } from "../features/accounts/login-throttle.js";
import { createFreeDailyPickMemory } from "../features/catalog/free-daily.js";
import type { MailWaker } from "../features/accounts/mail/mail-worker.js";
import type { CommerceRuntime } from "../features/commerce/commerce-runtime.js";
import { schema } from "../schema/index.js";
import { deferOnRequest, registerAfterResponse, type AfterResponse, type AfterResponseRunner } from "./after-response.js";
import { isClientError, isMalformedRequest, maskError } from "./errors.js";
import { nulTextPlugin } from "./nul-text.js";
import {
  isServiceUnavailable,
  replyUnavailable,
  rethrowUnavailable,
  RETRY_AFTER_SECONDS,
  SERVICE_UNAVAILABLE,
  SERVICE_UNAVAILABLE_MESSAGE,
} from "./unavailable.js";
import { loadOperationRegistry, persistedOperationsHandler } from "./persisted-operations.js";
import { aliasAndFieldLimitRule, QUERY_LIMITS, queryComplexityPlugin } from "./query-limits.js";
import {
  createCatalogVersionReader,
  createResponseCacheStore,
  etagOnPublicAnswers,
  httpCachingPlugin,
  responseCachePlugins,
} from "./response-cache.js";
import { publicAnswerCache } from "./public-answers.js";

export type GraphQLOptions = {
  /** The request clock (tests move it across midnight). */
  clock?: () => Date;
  /** How stale the catalogue version may be, in ms (tests: 0, so an import shows at once). */
  catalogVersionMaxAgeMs?: number;
  /** Redis key prefix of the response cache (tests use their own and clear it). */
  responseCacheNamespace?: string;
  /** The mail worker mutations wake after queueing mail (server.ts starts it). */
  mail?: MailWaker;
  /** Payments (server.ts creates it). */
  commerce?: CommerceRuntime;
  /** Starts the work requests leave for after their response (default: at once; tests hold it). */
  afterResponse?: AfterResponseRunner;
};

/** Logs each request's errors once: client errors at warn, unexpected ones at error with the cause. */
function errorLogPlugin(app: FastifyInstance): ApolloServerPlugin<Context> {
  return {
    async requestDidStart({ contextValue }) {
      return {
        async didEncounterErrors({ errors, operationName }) {
          const unexpected = errors.filter((error) => !isClientError(error));
          for (const error of unexpected) {
            app.log.error({ err: unwrapResolverError(error), requestId: contextValue.requestId }, "GraphQL operation failed");
          }
          if (unexpected.length < errors.length) {
            const rejected = errors.filter((error) => isClientError(error));
            app.log.warn(
              {
                requestId: contextValue.requestId,
                operationName,
                errors: rejected
                  .slice(0, 5)
                  .map((e) => ({ code: maskError(e.toJSON(), e).extensions?.code, message: e.message.slice(0, 200) })),
                count: rejected.length,
              },
              "GraphQL request rejected",
            );
          }
        },
        async willSendResponse({ response, errors }) {
          // Every error carries the request id, so a user's report finds its log line.
          if (response.body.kind !== "single") return;
          const result = response.body.singleResult;
          for (const error of result.errors ?? []) {
            Object.assign(error, { extensions: { ...error.extensions, requestId: contextValue.requestId } });
          }
          // An answer with nothing in it but malformed-request errors (a bad id, a bad cursor) is a 400.
          // Auth errors keep 200, as GraphQL clients expect them in the body.
          // The database was away for some of it: a 503 the client may retry after a moment.
          if (result.errors?.some((error) => error.extensions?.code === SERVICE_UNAVAILABLE)) {
            response.http.status = 503;
            response.http.headers.set("retry-after", String(RETRY_AFTER_SECONDS));
            return;
          }
          const empty = result.data == null || Object.values(result.data).every((value) => value === null);
          if (empty && errors?.length && errors.every(isMalformedRequest) && (response.http.status ?? 200) === 200) {
            response.http.status = 400;
          }
        },
      };
    },
  };
}

export async function registerGraphQL(
  app: FastifyInstance,
  config: AppConfig,
  db: Database,
  mediaUrls: MediaUrlSigner,
  options: GraphQLOptions = {},
) {
  const responseStore = createResponseCacheStore(config.redisUrl, options.responseCacheNamespace);
  const catalogVersion = createCatalogVersionReader(db.prisma, options.catalogVersionMaxAgeMs);
  const apollo = new ApolloServer<Context>({
    schema,
    introspection: config.introspection,
    includeStacktraceInErrorResponses: false,
    // No "Did you mean …?" in production: suggestions would reveal the schema that introspection hides.
    hideSchemaDetailsFromClientErrors: config.production,
    // Registered operations only travel by hash (persisted-operations.ts); no ad hoc registration.
    persistedQueries: false,
    parseOptions: { maxTokens: QUERY_LIMITS.tokens },
    validationRules: [aliasAndFieldLimitRule],
    formatError: maskError,
    plugins: [
      fastifyApolloDrainPlugin(app),
      config.introspection ? ApolloServerPluginLandingPageLocalDefault({ embed: true }) : ApolloServerPluginLandingPageDisabled(),
      errorLogPlugin(app),
      nulTextPlugin(),
      queryComplexityPlugin(),
      ...responseCachePlugins(responseStore, catalogVersion),
      httpCachingPlugin(),
    ],
  });
  await apollo.start();
  app.addHook("onClose", () => responseStore.close());
  registerAfterResponse(app, options.afterResponse);

  const freePicks = createFreeDailyPickMemory(db.prisma, catalogVersion, config.timeZone);
  const rateLimits = rateLimitsFor(db.prisma);
  // Ended rate-limit windows are deleted every few minutes (any instance may do it).
  const clearRateLimits = setInterval(
    () => void rateLimits.clearExpired().catch((err: unknown) => app.log.warn({ err }, "Could not clear expired rate limits")),
    5 * 60 * 1000,
  ).unref();
  app.addHook("onClose", async () => clearInterval(clearRateLimits));

  const socialLoginProviders = config.socialLogin.map((provider) => SOCIAL_PROVIDER_NAMES[provider.name]);
  const contextFor = (
    request: FastifyRequest,
    session: { viewer: Viewer | null; token: string | undefined; cookie?: SessionCookieWriter; device?: DeviceCookies },
    acceptLanguage: string | undefined,
    afterResponse?: AfterResponse,
  ) =>
    createContext({
      prisma: db.prisma,
      requestId: request.id,
      viewer: session.viewer,
      mediaUrls,
      acceptLanguage,
      now: options.clock?.(),
      timeZone: config.timeZone,
      freePicks,
      rateLimits,
      ip: request.ip,
      userAgent: request.headers["user-agent"],
      sessionToken: session.token,
      sessionCookie: session.cookie,
      deviceToken: session.device?.token,
      deviceCookie: session.device?.cookie,
      socialLoginProviders,
      origin: config.publicUrl,
      mailFrom: config.mailFrom,
      mail: options.mail,
      afterResponse,
      commerce: options.commerce,
    });
  const handler = fastifyApolloHandler(apollo, {
    context: async (request, reply) => {
      // The mobile app sends its session as a bearer token; browsers send the HTTP-only cookie.
      const token = bearerToken(request.headers.authorization) ?? request.cookies[SESSION_COOKIE];
      const viewer = await loadViewer(db.prisma, token, options.clock?.()).catch(rethrowUnavailable);
      return contextFor(
        request,
        {
          viewer,
          token,
          cookie: replyCookieWriter(reply, config.production),
          device: { token: request.cookies[DEVICE_COOKIE], cookie: replyDeviceCookieWriter(reply, config.production) },
        },
        request.headers["accept-language"],
        deferOnRequest(request),
      );
    },
  });
  const publicAnswers = publicAnswerCache(responseStore, catalogVersion, { timeZone: config.timeZone, clock: options.clock });
  const persistedOperations = persistedOperationsHandler(loadOperationRegistry(config.persistedOperationFiles), {
    onlyRegistered: config.persistedOperationsOnly,
  });
  app.route({
    url: "/graphql",
    method: ["GET", "POST", "OPTIONS"],
    // A GraphQL request is small: the web's largest is under 2 KB; a huge body is refused unread.
    bodyLimit: 64 * 1024,
    // A visitor's GET is answered from the stored answers when it can be, before anything else runs.
    preHandler: [publicAnswers.serveStored, persistedOperations],
    onSend: [etagOnPublicAnswers, publicAnswers.storePublic],
    // A body over the limit is refused before it is read; say so in GraphQL's shape, once, at warn.
    errorHandler: (error, request, reply) => {
      // The stored answers' lookup met the database away (it reads the catalogue's version).
      if (isServiceUnavailable(error)) {
        request.log.warn({ requestId: request.id, err: error }, "database unavailable");
        void replyUnavailable(reply, {
          errors: [{ message: SERVICE_UNAVAILABLE_MESSAGE, extensions: { code: SERVICE_UNAVAILABLE, requestId: request.id } }],
        });
        return;
      }
      const status = error.statusCode ?? 500;
      if (status >= 500) throw error;
      const code = error.code === "FST_ERR_CTP_BODY_TOO_LARGE" ? "REQUEST_TOO_LARGE" : "BAD_REQUEST";
      request.log.warn({ code, requestId: request.id }, error.message);
      void reply
        .code(status)
        .header("cache-control", "private, no-store")
        .type("application/json; charset=utf-8")
        .send(JSON.stringify({ errors: [{ message: error.message, extensions: { code, requestId: request.id } }] }));
    },
    handler,
  });

  /**
   * GraphQL for a page the server renders: the request's session, the page's language, and Apollo
   * Server's whole pipeline (masking, limits, the visitors' response cache), without an HTTP hop.
   */
  async function inProcess(request: FastifyRequest, locale: string): Promise<{ viewer: Viewer | null; execute: ExecuteGraphQL }> {
    const token = request.cookies[SESSION_COOKIE];
    const viewer = await loadViewer(db.prisma, token, options.clock?.()).catch(rethrowUnavailable);
    const execute: ExecuteGraphQL = async ({ query, variables, operationName }) => {
      const response = await apollo.executeOperation(
        { query, variables, operationName },
        { contextValue: contextFor(request, { viewer, token }, locale) },
      );
      if (response.body.kind !== "single") throw new Error("Incremental delivery is not supported in server rendering");
      return response.body.singleResult;
    };
    return { viewer, execute };
  }
  return { inProcess, responseStore, catalogVersion, timeZone: config.timeZone };
}
export type InProcessGraphQL = Awaited<ReturnType<typeof registerGraphQL>>;
