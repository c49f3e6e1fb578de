import type { FastifyReply, FastifyRequest } from "fastify";
import { parseLocale } from "../context.js";
import { SESSION_COOKIE } from "../features/accounts/viewer.js";
import { serviceDayKey } from "../features/catalog/service-time.js";
import { PUBLIC_CACHE_CONTROL, RESPONSE_CACHE_SECONDS, type CatalogVersionReader, type ResponseCacheStore } from "./response-cache.js";

/**
 * The visitors' GET answers, served before Apollo runs. A visitor's query answer depends only on the
 * request's query string (operation, variables, persisted hash), its language, the catalogue's version
 * and the service day, so the finished body (with its ETag) is kept under exactly those and sent as
 * is: no parsing, validation, execution or serialization on a hit. Anything that might be personal
 * (a session cookie, a bearer token) goes through Apollo, whose own response cache serves the rest.
 */
type StoredAnswer = { body: string; etag: string; storedAt: number };

/** Apollo's CSRF prevention accepts a GET only with one of these headers (or a non-simple content type). */
const PREFLIGHT_HEADERS = ["apollo-require-preflight", "x-apollo-operation-name"] as const;

const KEY = Symbol("publicAnswerKey");
const RELEASE = Symbol("publicAnswerRelease");
type KeyedRequest = FastifyRequest & { [KEY]?: string; [RELEASE]?: () => void };
/** How long a request waits for another computing the same answer before computing it itself. */
const COALESCE_WAIT_MS = 5_000;

function mayBePersonal(request: FastifyRequest) {
  return request.headers.authorization !== undefined || request.cookies[SESSION_COOKIE] !== undefined;
}

export function publicAnswerCache(
  store: ResponseCacheStore,
  catalogVersion: CatalogVersionReader,
  options: { timeZone: string; clock?: () => Date },
) {
  const computing = new Map<string, Promise<void>>();

  /** preHandler of /graphql: a stored answer for an anonymous GET, or remember the key to store the answer under. */
  async function serveStored(request: FastifyRequest, reply: FastifyReply) {
    if (request.method !== "GET" || mayBePersonal(request)) return;
    if (!PREFLIGHT_HEADERS.some((name) => request.headers[name] !== undefined)) return;
    const queryString = request.url.slice(request.url.indexOf("?") + 1);
    const now = options.clock?.() ?? new Date();
    const locale = parseLocale(request.headers["accept-language"]);
    const key = `get:${locale}:${await catalogVersion.current()}:${serviceDayKey(now, options.timeZone)}:${queryString}`;
    let stored = await store.get(key);
    // Many visitors asking the same thing at once (a busy page just after its answer expired) wait for
    // the first one's answer instead of all computing it: one execution per key at a time, per process.
    const pending = computing.get(key);
    if (stored === undefined && pending) {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([pending, new Promise((resolve) => (timer = setTimeout(resolve, COALESCE_WAIT_MS)))]);
      clearTimeout(timer);
      stored = await store.get(key);
    }
    if (stored === undefined) {
      (request as KeyedRequest)[KEY] = key;
      if (!computing.has(key)) {
        let release!: () => void;
        const mine = new Promise<void>((resolve) => (release = resolve));
        computing.set(key, mine);
        // Released once the answer is stored, or when the request ends without one (an error, a private answer).
        const done = () => {
          if (computing.get(key) === mine) computing.delete(key);
          release();
        };
        (request as KeyedRequest)[RELEASE] = done;
        reply.raw.once("close", done);
      }
      return;
    }
    const answer = JSON.parse(stored) as StoredAnswer;
    void reply
      .header("content-type", "application/json; charset=utf-8")
      .header("cache-control", PUBLIC_CACHE_CONTROL)
      .header("vary", "accept-language, cookie, authorization")
      .header("etag", answer.etag)
      .header("x-cache", "hit")
      .header("age", String(Math.max(0, Math.floor((Date.now() - answer.storedAt) / 1000))));
    const wanted = request.headers["if-none-match"];
    if (wanted && wanted.split(/\s*,\s*/).includes(answer.etag)) return reply.code(304).send("");
    return reply.send(answer.body);
  }

  /** onSend of /graphql, after the ETag: keep a public answer that was computed for a remembered key. */
  async function storePublic(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
    const key = (request as KeyedRequest)[KEY];
    if (!key || reply.statusCode !== 200 || typeof payload !== "string") return payload;
    if (!String(reply.getHeader("cache-control") ?? "").startsWith("public")) return payload;
    const etag = reply.getHeader("etag");
    if (typeof etag !== "string") return payload;
    const answer: StoredAnswer = { body: payload, etag, storedAt: Date.now() };
    await store.set(key, JSON.stringify(answer), { ttl: RESPONSE_CACHE_SECONDS });
    (request as KeyedRequest)[RELEASE]?.();
    return payload;
  }

  return { serveStored, storePublic };
}
