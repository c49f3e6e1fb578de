import { isServiceUnavailable, rethrowUnavailable } from "./unavailable.js";
import { createHash } from "node:crypto";
import type { ApolloServerPlugin } from "@apollo/server";
import { ApolloServerPluginCacheControlDisabled } from "@apollo/server/plugin/disabled";
import responseCachePlugin from "@apollo/server-plugin-response-cache";
import { KeyvAdapter } from "@apollo/utils.keyvadapter";
import { InMemoryLRUCache, type KeyValueCache } from "@apollo/utils.keyvaluecache";
import KeyvRedis from "@keyv/redis";
import type { FastifyReply, FastifyRequest } from "fastify";
import Keyv from "keyv";
import type { Context } from "../context.js";
import type { PrismaClient } from "../generated/prisma/client.js";
import { serviceDayKey } from "../features/catalog/service-time.js";

/**
 * The public response cache. A visitor's answer depends only on the operation, its variables, the
 * interface language, the catalogue's content and the day (today's free microbook), so it is kept
 * under exactly those keys and served to every visitor. A signed-in reader's answer is personal: never
 * read from nor written to it, and sent `private, no-store`.
 */

/** How long a cached answer may be served. Short enough that signed audio URLs in it (valid 6 h+) stay valid. */
export const RESPONSE_CACHE_SECONDS = 3600;
/** How long a CDN may serve an anonymous GET without asking again (browsers always revalidate: ETag). */
export const SHARED_CACHE_SECONDS = 60;
/** What a visitor's GET answer carries: a CDN may keep it briefly; browsers revalidate it by ETag. */
export const PUBLIC_CACHE_CONTROL = `public, max-age=0, s-maxage=${SHARED_CACHE_SECONDS}, stale-while-revalidate=${SHARED_CACHE_SECONDS}`;

export type ResponseCacheStore = KeyValueCache<string> & { close(): Promise<void>; clear(): Promise<void> };

/** In memory by default; Redis when REDIS_URL is set, so instances share one cache. */
export function createResponseCacheStore(redisUrl: string | undefined, namespace = "brevia-responses"): ResponseCacheStore {
  if (!redisUrl) {
    const memory = new InMemoryLRUCache<string>({ maxSize: 64 * 1024 * 1024 });
    return Object.assign(memory, { close: async () => undefined, clear: async () => memory.clear() });
  }
  const keyv = new Keyv<string>({ store: new KeyvRedis(redisUrl), namespace });
  return Object.assign(new KeyvAdapter<string>(keyv), { close: () => keyv.disconnect(), clear: () => keyv.clear() });
}

/**
 * The catalogue's version token (CatalogState.version, changed by triggers on every catalogue
 * write), read at most once per `maxAgeMs` and shared by concurrent requests. While the database is
 * away it answers the last version it read (the stored public answers stay good to serve: nothing can
 * change the catalogue meanwhile); with none yet, the 503 error (http/unavailable.ts).
 */
export function createCatalogVersionReader(prisma: PrismaClient, maxAgeMs = 1000) {
  let cached: { value: string; readAt: number } | undefined;
  let reading: Promise<string> | undefined;
  const read = async () => {
    try {
      const row = await prisma.catalogState.findUnique({ where: { id: 1 }, select: { version: true } });
      cached = { value: row?.version ?? "empty", readAt: Date.now() };
    } catch (error) {
      if (!cached || !isServiceUnavailable(error)) rethrowUnavailable(error);
    }
    return cached!.value;
  };
  return {
    current(): Promise<string> {
      if (cached && Date.now() - cached.readAt < maxAgeMs) return Promise.resolve(cached.value);
      return (reading ??= read().finally(() => (reading = undefined)));
    },
  };
}
export type CatalogVersionReader = ReturnType<typeof createCatalogVersionReader>;

const isVisitor = (ctx: Context) => ctx.viewer === null;

export function responseCachePlugins(store: ResponseCacheStore, catalogVersion: CatalogVersionReader): ApolloServerPlugin<Context>[] {
  return [
    // No per-field cache hints: a visitor's whole answer is cacheable, anyone else's is not, so the
    // policy is set once per request below (Apollo's field-level plugin costs a hook per field).
    ApolloServerPluginCacheControlDisabled(),
    {
      async requestDidStart() {
        return {
          // Where Apollo turns a thrown error into the answer's status: the version the stored answers are
          // looked up by is read here first, so the database away is a 503 rather than the cache plugin's crash.
          async didResolveOperation({ contextValue }) {
            if (isVisitor(contextValue)) await catalogVersion.current();
          },
          async executionDidStart({ contextValue, overallCachePolicy }) {
            if (isVisitor(contextValue)) overallCachePolicy.replace({ maxAge: RESPONSE_CACHE_SECONDS, scope: "PUBLIC" });
          },
        };
      },
    },
    responseCachePlugin<Context>({
      cache: store,
      shouldReadFromCache: async ({ contextValue }) => isVisitor(contextValue),
      shouldWriteToCache: async ({ contextValue }) => isVisitor(contextValue),
      extraCacheKeyData: async ({ contextValue }) => ({
        locale: contextValue.locale,
        catalog: await catalogVersion.current(),
        day: serviceDayKey(contextValue.now, contextValue.timeZone),
      }),
    }),
  ];
}

/**
 * Cache-Control for every GraphQL answer: a visitor's successful GET query is public (a CDN may keep
 * it briefly; browsers revalidate it by ETag), anything else is private and never stored.
 */
export function httpCachingPlugin(): ApolloServerPlugin<Context> {
  return {
    async requestDidStart() {
      return {
        async willSendResponse({ request, response, contextValue, operation, errors }) {
          const headers = response.http.headers;
          const cacheable =
            request.http?.method === "GET" &&
            operation?.operation === "query" &&
            isVisitor(contextValue) &&
            !errors?.length &&
            response.body.kind === "single" &&
            !response.body.singleResult.errors?.length &&
            (response.http.status ?? 200) === 200;
          headers.set("cache-control", cacheable ? PUBLIC_CACHE_CONTROL : "private, no-store");
          // The answer depends on the language and on who asks (the session cookie or token).
          headers.set("vary", "accept-language, cookie, authorization");
        },
      };
    },
  };
}

/** A Fastify onSend hook for /graphql: an ETag on public answers, and 304 when the client has it. */
export async function etagOnPublicAnswers(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  if (request.method !== "GET" || reply.statusCode !== 200 || typeof payload !== "string") return payload;
  if (!String(reply.getHeader("cache-control") ?? "").startsWith("public")) return payload;
  const known = reply.getHeader("etag");
  // A stored answer (public-answers.ts) comes with its ETag: no need to hash it again.
  const etag = typeof known === "string" ? known : `W/"${createHash("sha1").update(payload).digest("base64url")}"`;
  reply.header("etag", etag);
  const wanted = request.headers["if-none-match"];
  if (wanted && wanted.split(/\s*,\s*/).includes(etag)) {
    reply.code(304);
    return "";
  }
  return payload;
}
