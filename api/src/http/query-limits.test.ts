import { beforeEach, describe, expect, it } from "vitest";
import { buildCategory, buildMicrobook } from "../test/factories.js";
import { useTestServer, type LogLine } from "../test/http.js";
import { QUERY_LIMITS } from "./query-limits.js";

const server = useTestServer();
const { db } = server;
beforeEach(async () => {
  server.logs.length = 0;
});

type Answer = {
  status: number;
  body: { data?: Record<string, unknown> | null; errors?: { message: string; extensions: Record<string, unknown> }[] };
};

async function post(query: string, variables: Record<string, unknown> = {}, requestId = "req-limits-0001"): Promise<Answer> {
  const res = await server.app.inject({
    method: "POST",
    url: "/graphql",
    headers: { "x-request-id": requestId },
    payload: { query, variables },
  });
  return { status: res.statusCode, body: res.json() };
}

const codes = (answer: Answer) => answer.body.errors?.map((e) => e.extensions.code);
const warnLines = (requestId: string) =>
  server.logs.filter((l: LogLine) => l.level === 40 && (l.requestId === requestId || l.reqId === requestId));
const errorLines = () => server.logs.filter((l: LogLine) => l.level >= 50);

/** A client error: HTTP 400, one coded error, no data, one warn line with the request id, nothing at error level. */
async function expectClientError(query: string, code: string, variables: Record<string, unknown> = {}) {
  const requestId = `req-${Math.random().toString(36).slice(2, 12)}`;
  const answer = await post(query, variables, requestId);
  expect(answer.status, JSON.stringify(answer.body)).toBe(400);
  expect(codes(answer)).toEqual([code]);
  expect(answer.body.errors?.[0]?.extensions.requestId).toBe(requestId);
  expect(JSON.stringify(answer.body)).not.toMatch(/stack|at \w+ \(/);
  expect(warnLines(requestId)).toHaveLength(1);
  expect(errorLines()).toEqual([]);
  return answer;
}

describe("query limits", () => {
  it("refuses too many aliases, __typename included", async () => {
    const aliases = Array.from({ length: QUERY_LIMITS.aliases + 1 }, (_, i) => `a${i}: __typename`).join(" ");
    await expectClientError(`{ ${aliases} }`, "QUERY_TOO_COMPLEX");
    const allowed = Array.from({ length: QUERY_LIMITS.aliases }, (_, i) => `a${i}: __typename`).join(" ");
    expect((await post(`{ ${allowed} }`)).status).toBe(200);
  });

  it("stops parsing a document of too many tokens", async () => {
    const fields = Array.from({ length: QUERY_LIMITS.tokens }, () => "__typename").join(" ");
    await expectClientError(`{ ${fields} }`, "GRAPHQL_PARSE_FAILED");
  });

  it("refuses a 131 KB body of 4,000 aliases unread, with one warn line", async () => {
    const aliases = Array.from({ length: 4000 }, (_, i) => `a${i}: categories { slug }`).join(" ");
    const res = await server.app.inject({
      method: "POST",
      url: "/graphql",
      headers: { "x-request-id": "req-too-large-01" },
      payload: { query: `{ ${aliases} }` },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({
      errors: [{ message: "Request body is too large", extensions: { code: "REQUEST_TOO_LARGE", requestId: "req-too-large-01" } }],
    });
    expect(warnLines("req-too-large-01")).toHaveLength(1);
    expect(errorLines()).toEqual([]);
  });

  it("counts fields through fragments, so spreading a fragment many times does not escape the limit", async () => {
    const fields = Array.from({ length: 40 }, () => "__typename").join(" ");
    const spreads = Array.from({ length: 20 }, (_, i) => `f${i}: categories { ...F }`).join(" ");
    await expectClientError(`query { ${spreads} } fragment F on Category { slug ${fields} }`, "QUERY_TOO_COMPLEX");
  });

  it("refuses a query deeper than the limit", async () => {
    let selection = "slug";
    for (let i = 0; i < QUERY_LIMITS.depth; i++) selection = `similar { ${selection} }`;
    await expectClientError(`{ microbook(slug: "x") { ${selection} } }`, "QUERY_TOO_COMPLEX");
  });

  it("refuses a query whose list sizes make it too complex", async () => {
    const query = `{ latestMicrobooks(first: 50) { nodes { similar { similar { similar { slug } } } } } }`;
    await expectClientError(query, "QUERY_TOO_COMPLEX");
  });

  it("does not suggest field names in production", async () => {
    const answer = await post(`{ microbok(slug: "walden") { slug } }`);
    expect(answer.status).toBe(400);
    expect(codes(answer)).toEqual(["GRAPHQL_VALIDATION_FAILED"]);
    expect(answer.body.errors?.[0]?.message).not.toMatch(/Did you mean/);
  });
});

describe("auth errors", () => {
  it("stay HTTP 200 with the code in the body, logged at warn, not as failures", async () => {
    const answer = await post(`mutation { updateLanguagePreferences { __typename } }`, {}, "req-auth-000001");
    expect(answer.status).toBe(200);
    expect(codes(answer)).toEqual(["UNAUTHENTICATED"]);
    expect(warnLines("req-auth-000001")).toHaveLength(1);
    expect(errorLines()).toEqual([]);
  });
});

describe("ids, cursors and page sizes", () => {
  const NODE = `query ($id: ID!) { node(id: $id) { id } }`;
  const encode = (text: string) => Buffer.from(text).toString("base64");

  it("refuses a malformed global id", async () => {
    await expectClientError(NODE, "BAD_USER_INPUT", { id: "x" });
    await expectClientError(`query ($ids: [ID!]!) { nodes(ids: $ids) { id } }`, "BAD_USER_INPUT", { ids: ["%%%"] });
  });

  it("answers null for a well-formed id that names nothing", async () => {
    for (const id of [encode("Microbook:no-such-book"), encode("Category:nope"), encode("NoSuchType:1")]) {
      const answer = await post(NODE, { id });
      expect(answer.status, id).toBe(200);
      expect(answer.body, JSON.stringify(answer.body)).toEqual({ data: { node: null } });
    }
    const many = await post(`query ($ids: [ID!]!) { nodes(ids: $ids) { id } }`, { ids: [encode("Microbook:nope")] });
    expect(many.body).toEqual({ data: { nodes: [null] } });
  });

  it("finds an existing node by its id", async () => {
    const category = await buildCategory(db.prisma);
    const id = encode(`Category:${category.id}`);
    expect((await post(`query ($id: ID!) { node(id: $id) { id ... on Category { slug } } }`, { id })).body).toEqual({
      data: { node: { id, slug: category.slug } },
    });
  });

  it("refuses negative and oversized page sizes, and a garbage cursor", async () => {
    await buildMicrobook(db.prisma);
    const LATEST = `query ($first: Int, $after: String) { latestMicrobooks(first: $first, after: $after) { nodes { slug } } }`;
    await expectClientError(LATEST, "BAD_USER_INPUT", { first: -1 });
    await expectClientError(LATEST, "BAD_USER_INPUT", { first: 51 });
    await expectClientError(LATEST, "BAD_USER_INPUT", { first: 5, after: "garbage" });
    await expectClientError(LATEST, "BAD_USER_INPUT", { first: "many" });
    expect((await post(LATEST, { first: 50 })).status).toBe(200);
  });
});
