import { beforeEach, describe, expect, it } from "vitest";
import { PlaylistPageDocument } from "@brevia/web/gql";
import { buildMicrobook, buildReader, makeFreeToday } from "../../test/factories.js";
import { graphqlGetUrl, useTestServer } from "../../test/http.js";

/**
 * The playlist page's play-all over HTTP: the page's own query asks each item's audio URL, and the API
 * stays the gate. A visitor's answer is still stored and served to every visitor (it holds no URL but
 * today's free microbook's, which every visitor may hear); a premium reader's is personal.
 */
const server = useTestServer();
const { db } = server;

let slugs: { narrated: string[]; textOnly: string; free: string };
beforeEach(async () => {
  const books = [];
  for (let i = 0; i < 4; i++) books.push(await buildMicrobook(db.prisma, { slug: `book-${i}` }));
  // Books 0–2 narrated, book 3 text only; book 1 is today's free microbook.
  for (const book of books.slice(0, 3)) {
    const edition = await db.prisma.microbookEdition.findFirstOrThrow({ where: { microbookId: book.id }, select: { id: true } });
    await db.prisma.audioTrack.create({
      data: {
        editionId: edition.id,
        fileName: `${book.slug}.en.opus`,
        mimeType: "audio/ogg",
        byteSize: 1000,
        durationSeconds: 60,
        chapters: [],
      },
    });
  }
  await makeFreeToday(db.prisma, books[1]!.id);
  await db.prisma.playlist.create({
    data: {
      slug: "mix",
      week: "2026-W47",
      weekStart: new Date(Date.now() - 8 * 86_400_000),
      translations: { create: [{ language: "en", title: "Mix", description: "A mix" }] },
      items: { create: books.map((book, position) => ({ position, microbookId: book.id })) },
    },
  });
  slugs = { narrated: ["book-0", "book-1", "book-2"], textOnly: "book-3", free: "book-1" };
});

const hash = (PlaylistPageDocument as unknown as { __meta__: { hash: string } }).__meta__.hash.replace(/^sha256:/, "");
const url = graphqlGetUrl({ variables: { slug: "mix" }, extensions: { persistedQuery: { version: 1, sha256Hash: hash } } });
const get = (headers: Record<string, string> = {}) =>
  server.app.inject({ method: "GET", url, headers: { "apollo-require-preflight": "true", "accept-language": "en", ...headers } });

type Answer = {
  data: {
    playlist: {
      items: { nodes: { microbook: { slug: string; edition: { audio: unknown; content: { audioUrl: string | null } | null } } }[] };
    };
  };
};
/** Each item's audio URL (null when the API gave none), by slug. */
const audioUrls = (body: string) =>
  Object.fromEntries(
    (JSON.parse(body) as Answer).data.playlist.items.nodes.map(({ microbook }) => [
      microbook.slug,
      microbook.edition.content?.audioUrl ?? null,
    ]),
  );

describe("the playlist page's audio URLs over HTTP", () => {
  it("gives a visitor only today's free microbook's URL, in an answer stored for every visitor", async () => {
    const first = await get();
    expect(first.statusCode, first.body).toBe(200);
    const urls = audioUrls(first.body);
    expect(Object.keys(urls)).toEqual(["book-0", "book-1", "book-2", "book-3"]);
    expect(urls[slugs.free]).toMatch(/^\/audio\/book-1\.en\.opus\?/);
    expect(Object.entries(urls).filter(([slug, audioUrl]) => slug !== slugs.free && audioUrl !== null)).toEqual([]);
    expect(first.headers["cache-control"]).toMatch(/^public/);
    const second = await get();
    expect(second.headers["x-cache"]).toBe("hit");
    expect(second.body).toBe(first.body);
  });

  it("gives a premium reader every narrated item's URL, never stored nor served from the visitors' store", async () => {
    await get();
    const { token } = await buildReader(db.prisma, { plan: "premium" });
    const answer = await get({ cookie: `brevia_session=${token}` });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers["x-cache"]).toBeUndefined();
    expect(answer.headers["cache-control"]).toBe("private, no-store");
    const urls = audioUrls(answer.body);
    for (const slug of slugs.narrated) expect(urls[slug], slug).toMatch(new RegExp(`^/audio/${slug}\\.en\\.opus\\?`));
    expect(urls[slugs.textOnly]).toBeNull();
  });
});
