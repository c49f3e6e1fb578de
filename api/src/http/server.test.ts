import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { GraphQLError } from "graphql";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useTestServer } from "../test/http.js";
import { maskError } from "./errors.js";

let dist: string;
beforeAll(async () => {
  dist = await mkdtemp(path.join(tmpdir(), "brevia-web-"));
  await writeFile(path.join(dist, "index.html"), "<!doctype html><title>Brevia</title>");
});
afterAll(() => rm(dist, { recursive: true, force: true }));
const server = useTestServer({ web: () => ({ distDir: dist }), env: { LOG_LEVEL: "silent" } });

describe("HTTP server", () => {
  it("reports health and readiness", async () => {
    expect((await server.app.inject("/healthz")).json()).toEqual({ status: "ok" });
    expect((await server.app.inject("/readyz")).json()).toMatchObject({ status: "ok" });
  });

  it("answers GraphQL and tags errors with the request id", async () => {
    const ok = await server.app.inject({ method: "POST", url: "/graphql", payload: { query: "{ __typename }" } });
    expect(ok.json()).toEqual({ data: { __typename: "Query" } });
    const bad = await server.app.inject({
      method: "POST",
      url: "/graphql",
      headers: { "x-request-id": "req-12345678" },
      payload: { query: "{ nope }" },
    });
    const error = bad.json().errors[0];
    expect(error.extensions).toMatchObject({ code: "GRAPHQL_VALIDATION_FAILED", requestId: "req-12345678" });
    expect(JSON.stringify(bad.json())).not.toContain("stacktrace");
  });

  it("keeps introspection off in production", async () => {
    const res = await server.app.inject({ method: "POST", url: "/graphql", payload: { query: "{ __schema { types { name } } }" } });
    expect(res.json().errors[0].extensions.code).toBe("GRAPHQL_VALIDATION_FAILED");
  });

  it("serves the app for known pages and a 404 for unknown ones", async () => {
    for (const url of ["/", "/en"]) {
      const res = await server.app.inject(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers["content-type"]).toContain("text/html");
    }
    for (const url of ["/nope", "/en/nope/deeper", "/microbook"]) expect((await server.app.inject(url)).statusCode, url).toBe(404);
    expect((await server.app.inject("/assets/missing.js")).statusCode).toBe(404);
  });
});

describe("error masking", () => {
  it("hides unexpected errors behind a code", () => {
    const masked = maskError({ message: "connection refused at 10.0.0.1", path: ["microbook"] }, new Error("boom"));
    expect(masked).toEqual({ message: "Internal server error", path: ["microbook"], extensions: { code: "INTERNAL_SERVER_ERROR" } });
  });

  it("keeps the message of an expected, coded error", () => {
    const error = new GraphQLError("Sign in required", { extensions: { code: "UNAUTHENTICATED" } });
    expect(maskError({ message: error.message, extensions: { code: "UNAUTHENTICATED" } }, error).message).toBe("Sign in required");
  });
});
