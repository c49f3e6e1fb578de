import { brotliDecompressSync } from "node:zlib";
import { beforeEach, describe, expect, it } from "vitest";
import { MicrobookPageDocument } from "@brevia/web/gql";
import { buildMicrobook, buildReader } from "../test/factories.js";
import { graphqlGetUrl, useTestServer } from "../test/http.js";

const server = useTestServer();
const { db } = server;
beforeEach(async () => {
  await buildMicrobook(db.prisma, { slug: "walden" });
});

const hash = (MicrobookPageDocument as unknown as { __meta__: { hash: string } }).__meta__.hash.replace(/^sha256:/, "");
const url = graphqlGetUrl({
  variables: { slug: "walden", language: "en" },
  extensions: { persistedQuery: { version: 1, sha256Hash: hash } },
});
const get = (headers: Record<string, string> = {}) =>
  server.app.inject({ method: "GET", url, headers: { "apollo-require-preflight": "true", "accept-language": "en", ...headers } });

describe("visitors' stored GET answers (served before Apollo runs)", () => {
  it("serves a visitor's repeated GET as stored: the same body and headers, marked x-cache hit", async () => {
    const first = await get();
    const second = await get();
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers["x-cache"]).toBeUndefined();
    expect(second.headers["x-cache"]).toBe("hit");
    expect(second.body).toBe(first.body);
    for (const header of ["content-type", "cache-control", "vary", "etag"])
      expect(second.headers[header], header).toBe(first.headers[header]);
    const notModified = await get({ "if-none-match": String(first.headers.etag) });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.body).toBe("");
  });

  it("never serves a stored answer to a request with a session cookie or a bearer token", async () => {
    await get();
    const { token } = await buildReader(db.prisma);
    const personal: Record<string, string>[] = [{ cookie: `brevia_session=${token}` }, { authorization: `Bearer ${token}` }];
    for (const headers of personal) {
      const answer = await get(headers);
      expect(answer.statusCode).toBe(200);
      expect(answer.headers["x-cache"]).toBeUndefined();
      expect(answer.headers["cache-control"]).toBe("private, no-store");
    }
  });

  it("still refuses a GET without a CSRF preflight header, even when its answer is stored", async () => {
    await get();
    const simple = await server.app.inject({ method: "GET", url, headers: { "accept-language": "en" } });
    expect(simple.statusCode).toBe(400);
    expect(simple.headers["x-cache"]).toBeUndefined();
  });

  it("keeps languages and query strings apart", async () => {
    await get();
    expect((await get({ "accept-language": "es" })).headers["x-cache"]).toBeUndefined();
    const other = graphqlGetUrl({
      variables: { slug: "walden", language: "pt" },
      extensions: { persistedQuery: { version: 1, sha256Hash: hash } },
    });
    const answer = await server.app.inject({
      method: "GET",
      url: other,
      headers: { "apollo-require-preflight": "true", "accept-language": "en" },
    });
    expect(answer.headers["x-cache"]).toBeUndefined();
  });

  it("compresses a stored answer for a client that accepts brotli, with its ETag", async () => {
    // The first answer, compressed on its way out, is stored uncompressed.
    const first = await get({ "accept-encoding": "br" });
    expect(first.headers["content-encoding"]).toBe("br");
    expect(first.headers.etag).toMatch(/^W\//);
    const plain = await get();
    expect(plain.headers["x-cache"]).toBe("hit");
    const compressed = await get({ "accept-encoding": "br" });
    expect(compressed.headers["x-cache"]).toBe("hit");
    expect(compressed.headers["content-encoding"]).toBe("br");
    expect(compressed.headers.etag).toBe(plain.headers.etag);
    expect(brotliDecompressSync(compressed.rawPayload).toString("utf8")).toBe(plain.body);
  });
});
