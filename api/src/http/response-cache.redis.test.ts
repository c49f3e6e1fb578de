import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { HomePageDocument } from "@brevia/web/gql";
import { buildMicrobook } from "../test/factories.js";
import { graphqlGetUrl, useTestServer } from "../test/http.js";
import { redisAnswers, TEST_REDIS_URL } from "../test/redis.js";
import { createResponseCacheStore } from "./response-cache.js";

/** Two instances on one Redis share cached answers. Needs the Redis this machine runs (CI's too). */
const REDIS_URL = TEST_REDIS_URL;
const available = redisAnswers();
if (!available && process.env.CI) throw new Error(`No Redis answers at ${REDIS_URL}: CI needs it for the shared-cache test`);

describe.skipIf(!available)("the response cache on Redis", () => {
  const namespace = `brevia-test-${randomUUID()}`;
  afterAll(async () => {
    // Leave nothing behind in Redis.
    const store = createResponseCacheStore(REDIS_URL, namespace);
    await store.clear();
    await store.close();
  });
  const options = { env: { REDIS_URL }, responseCacheNamespace: namespace };
  const instance = useTestServer(options);
  const servers = [instance, useTestServer({ ...options, db: instance.db })];
  const { db } = instance;

  it("serves an answer cached by one instance from another", async () => {
    await buildMicrobook(db.prisma, { slug: "walden" });
    const hash = (HomePageDocument as unknown as { __meta__: { hash: string } }).__meta__.hash.replace(/^sha256:/, "");
    const url = graphqlGetUrl({ extensions: { persistedQuery: { version: 1, sha256Hash: hash } } });
    const get = (i: number) => servers[i]!.app.inject({ method: "GET", url, headers: { "apollo-require-preflight": "true" } });
    const first = await get(0);
    expect(first.statusCode).toBe(200);
    expect(first.headers.age).toBeUndefined();
    const second = await get(1);
    expect(second.headers.age).toBeDefined();
    expect(second.body).toBe(first.body);
  });
});
