import { describe, expect, it } from "vitest";
import { SearchPageDocument } from "@brevia/web/gql";
import { buildMicrobook, buildReader } from "../../test/factories.js";
import { graphqlGetUrl, useTestServer } from "../../test/http.js";

const server = useTestServer({ clock: () => new Date("2026-11-22T12:00:00Z") });
const { db } = server;

const hash = (SearchPageDocument as unknown as { __meta__: { hash: string } }).__meta__.hash.replace(/^sha256:/, "");

/** The web's typeahead request: a GET of the persisted SearchPage operation. */
async function typeahead(query: string, headers: Record<string, string> = {}) {
  const url = graphqlGetUrl({ variables: { query, language: "en" }, extensions: { persistedQuery: { version: 1, sha256Hash: hash } } });
  const res = await server.app.inject({
    method: "GET",
    url,
    headers: { "apollo-require-preflight": "true", "accept-language": "en", ...headers },
  });
  const titles = (res.json() as { data: { search: { edges: { highlights: { title: { text: string } } }[] } } }).data.search.edges.map(
    (e) => e.highlights.title.text,
  );
  return { hit: res.headers.age !== undefined, cacheControl: res.headers["cache-control"], titles };
}

describe("typeahead over HTTP", () => {
  it("answers a visitor's repeated search from the response cache, until the catalogue changes", async () => {
    const book = await buildMicrobook(db.prisma, { slug: "walden" });
    const edition = book.editions[0]!;
    await db.prisma.microbookEdition.update({ where: { id: edition.id }, data: { title: "Walden" } });
    const first = await typeahead("wald");
    expect(first).toMatchObject({ hit: false, titles: ["Walden"] });
    expect(first.cacheControl).toMatch(/^public/);
    expect(await typeahead("wald")).toMatchObject({ hit: true, titles: ["Walden"] });
    await db.prisma.microbookEdition.update({ where: { id: edition.id }, data: { title: "Walden; or, Life in the Woods" } });
    expect(await typeahead("wald")).toMatchObject({ hit: false, titles: ["Walden; or, Life in the Woods"] });
  });

  it("never caches a signed-in reader's search (snippets depend on what they may read)", async () => {
    await buildMicrobook(db.prisma, { slug: "walden" });
    const { token } = await buildReader(db.prisma);
    const headers = { cookie: `brevia_session=${token}` };
    const first = await typeahead("title", headers);
    expect(first.cacheControl).toBe("private, no-store");
    expect((await typeahead("title", headers)).hit).toBe(false);
  });
});
