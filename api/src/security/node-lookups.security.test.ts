import { describe, expect, it } from "vitest";
import { useTestServer } from "../test/http.js";
import { buildCategory, buildReader } from "../test/factories.js";

// Security findings 4 and 5 (issue 24): `nodes(ids:)` had no cap (1,150 ids in a 58 KB request
// returned 1 MB), and `node(id:)` with an id of a type it cannot load answered INTERNAL_SERVER_ERROR
// and logged a Prisma error.
const server = useTestServer();

const encode = (text: string) => Buffer.from(text).toString("base64");
async function post(query: string, variables: object = {}, headers: Record<string, string> = {}) {
  const res = await server.app.inject({ method: "POST", url: "/graphql", payload: { query, variables }, headers });
  return { status: res.statusCode, body: res.json() as { data?: unknown; errors?: { message: string; extensions?: { code?: string } }[] } };
}
const NODE = `query ($id: ID!) { node(id: $id) { id } }`;
const NODES = `query ($ids: [ID!]!) { nodes(ids: $ids) { id } }`;
const errorLogs = () => server.logs.filter((line) => line.level >= 50);

describe("nodes(ids:)", () => {
  it("answers up to 100 ids, and refuses more with a coded client error before loading anything", async () => {
    const category = await buildCategory(server.db.prisma);
    const id = encode(`Category:${category.id}`);
    const hundred = await post(NODES, { ids: Array.from({ length: 100 }, () => id) });
    expect(hundred.status).toBe(200);
    expect((hundred.body.data as { nodes: unknown[] }).nodes).toHaveLength(100);

    const tooMany = await post(NODES, { ids: Array.from({ length: 101 }, () => id) });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.data ?? null).toBeNull();
    expect(tooMany.body.errors?.map((e) => e.extensions?.code)).toEqual(["BAD_USER_INPUT"]);
    expect(tooMany.body.errors?.[0]?.message).toMatch(/at most 100/);

    const probe = await post(NODES, { ids: Array.from({ length: 1150 }, (_, i) => encode(`Microbook:${i}`)) });
    expect(probe.status).toBe(400);
    expect(JSON.stringify(probe.body).length).toBeLessThan(2000);
    expect(errorLogs()).toEqual([]);
  });
});

describe("node(id:) and nodes(ids:) with ids they cannot load", () => {
  it("answer null, with no error and nothing logged as a failure", async () => {
    const { token: mine } = await buildReader(server.db.prisma);
    const { user: other } = await buildReader(server.db.prisma);
    const theirs = await server.db.prisma.session.findFirstOrThrow({ where: { userId: other.id } });
    const ids = [
      encode(`Session:${theirs.id}`),
      encode("Session:not-a-session"),
      encode(`User:${other.id}`),
      encode("EditionContent:x"),
      encode("MicrobookEdition:no-such-edition"),
      encode("Microbook:" + "x".repeat(5000)),
      encode("Query:1"),
    ];
    const visitorAndReader: Record<string, string>[] = [{}, { cookie: `brevia_session=${mine}` }];
    for (const headers of visitorAndReader) {
      for (const id of ids) {
        const answer = await post(NODE, { id }, headers);
        expect(answer.body, Buffer.from(id, "base64").toString().slice(0, 40)).toEqual({ data: { node: null } });
      }
      const many = await post(NODES, { ids }, headers);
      expect(many.body).toEqual({ data: { nodes: ids.map(() => null) } });
    }
    expect(errorLogs()).toEqual([]);
  });
});
