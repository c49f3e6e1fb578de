import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { print } from "graphql";
import { beforeEach, describe, expect, it } from "vitest";
import { HomePageDocument, MicrobookPageDocument } from "@brevia/web/gql";
import { importCatalog } from "../features/catalog/import/import.js";
import { readCatalog } from "../features/catalog/import/parse.js";
import { run } from "../test/execute.js";
import { buildMicrobook, buildReader } from "../test/factories.js";
import { graphqlGetUrl, useTestServer } from "../test/http.js";

let now = new Date("2026-11-22T12:00:00Z");
const server = useTestServer({ clock: () => now });
const { db } = server;
beforeEach(async () => {
  now = new Date("2026-11-22T12:00:00Z");
});

const hashOf = (document: unknown) => (document as { __meta__: { hash: string } }).__meta__.hash.replace(/^sha256:/, "");

/** A GET as the web sends it: the persisted hash, the language, no body. */
async function webGet(
  document: typeof HomePageDocument | typeof MicrobookPageDocument,
  variables?: object,
  headers: Record<string, string> = {},
) {
  const url = graphqlGetUrl({ variables, extensions: { persistedQuery: { version: 1, sha256Hash: hashOf(document) } } });
  const res = await server.app.inject({
    method: "GET",
    url,
    headers: { "apollo-require-preflight": "true", "accept-language": "en", ...headers },
  });
  return { status: res.statusCode, headers: res.headers, body: res.body, json: () => res.json() as { data: Record<string, unknown> } };
}
const hit = (answer: { headers: Record<string, unknown> }) => answer.headers.age !== undefined;

describe("the public response cache", () => {
  it("serves a visitor's second request from the cache, equal to the uncached answer", async () => {
    await buildMicrobook(db.prisma, { slug: "walden" });
    const first = await webGet(MicrobookPageDocument, { slug: "walden", language: "en" });
    const second = await webGet(MicrobookPageDocument, { slug: "walden", language: "en" });
    expect(first.status, first.body).toBe(200);
    expect(hit(first)).toBe(false);
    expect(hit(second)).toBe(true);
    expect(second.body).toBe(first.body);
    const direct = await run(db, print(MicrobookPageDocument), { slug: "walden", language: "en" }, { acceptLanguage: "en", now });
    expect(first.json()).toEqual(JSON.parse(JSON.stringify({ data: direct.data })));
  });

  it("keeps languages apart", async () => {
    await buildMicrobook(db.prisma, { slug: "walden", languages: ["en", "es"] });
    const en = await webGet(MicrobookPageDocument, { slug: "walden", language: "en" });
    const es = await webGet(MicrobookPageDocument, { slug: "walden", language: "en" }, { "accept-language": "es" });
    expect(hit(es)).toBe(false);
    expect(JSON.stringify(es.json())).toMatch(/Categoría/);
    expect(JSON.stringify(en.json())).not.toMatch(/Categoría/);
  });

  it("marks a visitor's GET public with an ETag, answers 304 when it matches, and keeps POST private", async () => {
    await buildMicrobook(db.prisma, { slug: "walden" });
    const answer = await webGet(MicrobookPageDocument, { slug: "walden", language: "en" });
    expect(answer.headers["cache-control"]).toBe("public, max-age=0, s-maxage=60, stale-while-revalidate=60");
    expect(answer.headers.vary).toBe("accept-language, cookie, authorization");
    const etag = String(answer.headers.etag);
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    const again = await webGet(MicrobookPageDocument, { slug: "walden", language: "en" }, { "if-none-match": etag });
    expect(again.status).toBe(304);
    expect(again.body).toBe("");
    const post = await server.app.inject({ method: "POST", url: "/graphql", payload: { query: "{ categories { slug } }" } });
    expect(post.headers["cache-control"]).toBe("private, no-store");
  });

  it("never gives a signed-in reader a visitor's cached answer, nor the reverse", async () => {
    await buildMicrobook(db.prisma, { slug: "walden" });
    const { user, token } = await buildReader(db.prisma);
    const cookie = `brevia_session=${token}`;
    const viewerQuery = async (withCookie: boolean) => {
      const res = await server.app.inject({
        method: "GET",
        url: graphqlGetUrl({ query: "{ viewer { email } }" }),
        headers: { "apollo-require-preflight": "true", ...(withCookie ? { cookie } : {}) },
      });
      return { headers: res.headers, json: res.json() as { data: { viewer: { email: string } | null } } };
    };
    // A visitor's answer is cached; the reader then gets their own, uncached and private.
    await viewerQuery(false);
    expect(hit(await viewerQuery(false))).toBe(true);
    const reader = await viewerQuery(true);
    expect(reader.json.data.viewer?.email).toBe(user.email);
    expect(hit(reader)).toBe(false);
    expect(reader.headers["cache-control"]).toBe("private, no-store");
    // The reader's answers are never stored, so a visitor still gets the visitor's answer.
    expect((await viewerQuery(true)).json.data.viewer?.email).toBe(user.email);
    const visitor = await viewerQuery(false);
    expect(visitor.json.data.viewer).toBeNull();
    expect(hit(visitor)).toBe(true);
    // The signed-in microbook page is uncached too.
    const first = await webGet(MicrobookPageDocument, { slug: "walden", language: "en" }, { cookie });
    const second = await webGet(MicrobookPageDocument, { slug: "walden", language: "en" }, { cookie });
    expect([hit(first), hit(second)]).toEqual([false, false]);
  });

  it("is invalidated by an edit of the catalogue", async () => {
    const book = await buildMicrobook(db.prisma, { slug: "walden" });
    await webGet(MicrobookPageDocument, { slug: "walden", language: "en" });
    expect(hit(await webGet(MicrobookPageDocument, { slug: "walden", language: "en" }))).toBe(true);
    await db.prisma.microbookEdition.update({ where: { id: book.editions[0]!.id }, data: { title: "Walden, revised" } });
    const after = await webGet(MicrobookPageDocument, { slug: "walden", language: "en" });
    expect(hit(after)).toBe(false);
    expect(JSON.stringify(after.json())).toContain("Walden, revised");
  });

  it("is invalidated by a catalogue import", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "brevia-cache-catalog-"));
    try {
      const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i % 7 ? "" : "."}`).join(" ");
      const book = (title: string) =>
        `---\ntitle: ${title}\nsubtitle: S\nauthorBio: >-\n  A.\nabout: >-\n  B.\naudience: >-\n  R.\n---\n\n${words(300)}\n\n` +
        Array.from({ length: 6 }, (_, i) => `## Idea ${i + 1}\n\n${words(200)}\n`).join("\n");
      await writeFile(
        path.join(dir, "categories.yaml"),
        `ideas:\n  color: "#1d3557"\n  icon: bulb\n  name: { pt: Ideias, en: Ideas, es: Ideas }\n  description: { pt: D, en: D, es: D }\n`,
      );
      for (const [slug, other] of [
        ["imported-book", "other-book"],
        ["other-book", "imported-book"],
      ] as const) {
        await mkdir(path.join(dir, "books", slug), { recursive: true });
        await writeFile(
          path.join(dir, "books", slug, "book.yaml"),
          `author: Ann Writer\ncategory: ideas\nyear: 1900\nsimilar: [${other}]\nsources: []\n`,
        );
        await writeFile(path.join(dir, "books", slug, "en.md"), book("First Title"));
      }
      await importCatalog(db.prisma, await readCatalog(dir));
      const before = await webGet(MicrobookPageDocument, { slug: "imported-book", language: "en" });
      expect(JSON.stringify(before.json())).toContain("First Title");
      await writeFile(path.join(dir, "books", "imported-book", "en.md"), book("Second Title"));
      await importCatalog(db.prisma, await readCatalog(dir));
      const after = await webGet(MicrobookPageDocument, { slug: "imported-book", language: "en" });
      expect(hit(after)).toBe(false);
      expect(JSON.stringify(after.json())).toContain("Second Title");
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("changes the free microbook at midnight in the service's time zone (America/Sao_Paulo, 03:00 UTC)", async () => {
    for (let i = 0; i < 6; i++) await buildMicrobook(db.prisma, { slug: `book-${i}` });
    const freeOn = async (iso: string) => {
      now = new Date(iso);
      const answer = await webGet(HomePageDocument);
      return { slug: (answer.json().data.freeMicrobookToday as { slug: string }).slug, hit: hit(answer) };
    };
    // 23:59 on the 22nd in São Paulo; midnight UTC has passed, but not the service's.
    const evening = await freeOn("2026-11-23T02:59:00Z");
    expect(await freeOn("2026-11-23T02:59:59Z")).toEqual({ slug: evening.slug, hit: true });
    const pickOf = async (day: string) => {
      const pick = await db.prisma.freeDailyPick.findUniqueOrThrow({ where: { day: new Date(day) }, include: { microbook: true } });
      return pick.microbook.slug;
    };
    expect(evening.slug).toBe(await pickOf("2026-11-22"));
    // At midnight the cached answer of the 22nd is not served: the 23rd's pick is, another book.
    const morning = await freeOn("2026-11-23T03:00:01Z");
    expect(morning.hit).toBe(false);
    expect(morning.slug).toBe(await pickOf("2026-11-23"));
    expect(morning.slug).not.toBe(evening.slug);
  });
});
