import { beforeAll, describe, expect, it } from "vitest";
import { HomePageDocument, MicrobookPageDocument, NotFoundSuggestionDocument } from "@brevia/web/gql";
import { buildMicrobook } from "../test/factories.js";
import { graphqlGetUrl, useTestServer } from "../test/http.js";
import { loadOperationRegistry, sha256Hex } from "./persisted-operations.js";

const open = useTestServer({ resetBeforeEach: false });
const strict = useTestServer({ db: open.db, env: { PERSISTED_OPERATIONS_ONLY: "true" } });
beforeAll(async () => {
  await buildMicrobook(open.db.prisma, { slug: "walden" });
});

const hashOf = (document: unknown) => (document as { __meta__: { hash: string } }).__meta__.hash.replace(/^sha256:/, "");
const HEADERS = { "apollo-require-preflight": "true" };
const persisted = (hash: string) => ({ persistedQuery: { version: 1, sha256Hash: hash } });

describe("the operation registry", () => {
  it("holds every operation the web sends, under the sha256 of its text", () => {
    const registry = loadOperationRegistry();
    for (const document of [HomePageDocument, MicrobookPageDocument, NotFoundSuggestionDocument]) {
      const text = registry.get(hashOf(document));
      expect(text).toBeDefined();
      expect(sha256Hex(text!)).toBe(hashOf(document));
    }
  });
});

describe("persisted operations over HTTP", () => {
  it("runs a registered query sent by GET as a hash", async () => {
    const url = graphqlGetUrl({ variables: { slug: "walden", language: "en" }, extensions: persisted(hashOf(MicrobookPageDocument)) });
    for (const server of [open, strict]) {
      const res = await server.app.inject({ method: "GET", url, headers: HEADERS });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.microbook.slug).toBe("walden");
    }
  });

  it("asks for the text of an unknown hash, and refuses a text that does not match its hash", async () => {
    const unknown = await open.app.inject({
      method: "GET",
      url: graphqlGetUrl({ extensions: persisted("0".repeat(64)) }),
      headers: HEADERS,
    });
    expect(unknown.json().errors[0].extensions.code).toBe("PERSISTED_QUERY_NOT_FOUND");
    const mismatch = await open.app.inject({
      method: "POST",
      url: "/graphql",
      payload: { query: "{ __typename }", extensions: persisted("0".repeat(64)) },
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().errors[0].extensions.code).toBe("BAD_REQUEST");
  });

  it("runs an unregistered text with its hash when registration is not required", async () => {
    const query = "{ categories { slug } }";
    const res = await open.app.inject({ method: "POST", url: "/graphql", payload: { query, extensions: persisted(sha256Hex(query)) } });
    expect(res.json()).toEqual({ data: { categories: [expect.objectContaining({ slug: expect.any(String) })] } });
  });

  it("with PERSISTED_OPERATIONS_ONLY, runs registered operations only", async () => {
    const query = "{ categories { slug } }";
    for (const payload of [{ query }, { query, extensions: persisted(sha256Hex(query)) }]) {
      const res = await strict.app.inject({ method: "POST", url: "/graphql", payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0].extensions.code).toBe("PERSISTED_QUERY_NOT_REGISTERED");
    }
    // The registered text itself is accepted, by POST as by hash.
    const text = loadOperationRegistry().get(hashOf(HomePageDocument))!;
    const res = await strict.app.inject({ method: "POST", url: "/graphql", payload: { query: text } });
    expect(res.statusCode).toBe(200);
  });

  it("keeps mutations off GET", async () => {
    const res = await open.app.inject({
      method: "GET",
      url: graphqlGetUrl({ query: "mutation { updateLanguagePreferences(interfaceLanguage: en) { __typename } }" }),
      headers: HEADERS,
    });
    expect(res.statusCode).toBe(405);
  });
});
