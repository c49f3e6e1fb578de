import { describe, expect, it } from "vitest";
import type { Language } from "../../generated/prisma/enums.js";
import { useTestDatabase } from "../../test/database.js";
import { run } from "../../test/execute.js";
import { buildMicrobook } from "../../test/factories.js";

const db = useTestDatabase();

const LANGS: Language[] = ["pt", "en", "es"];

async function buildOriginal(slug: string, position: number, bookIds: string[]) {
  return db.prisma.original.create({
    data: {
      slug,
      position,
      specialistName: "Ana Souza",
      translations: {
        create: LANGS.map((language) => ({
          language,
          title: `${slug} ${language}`,
          specialistRole: `Role ${language}`,
          introduction: `Intro ${language}`,
        })),
      },
      steps: {
        create: bookIds.map((microbookId, position) => ({
          position,
          microbookId,
          translations: { create: LANGS.map((language) => ({ language, text: `Step ${position} ${language}` })) },
        })),
      },
    },
  });
}

async function buildPlaylist(slug: string, weekStart: string, bookIds: string[]) {
  return db.prisma.playlist.create({
    data: {
      slug,
      week: slug,
      weekStart: new Date(`${weekStart}T00:00:00Z`),
      translations: { create: LANGS.map((language) => ({ language, title: `${slug} ${language}`, description: `About ${slug}` })) },
      items: { create: bookIds.map((microbookId, position) => ({ position, microbookId })) },
    },
  });
}

describe("originals", () => {
  const ORIGINAL = /* GraphQL */ `
    query ($slug: String!) {
      original(slug: $slug) {
        title
        specialistName
        specialistRole
        introduction
        stepCount
        steps {
          nodes {
            position
            text
            microbook {
              slug
            }
          }
        }
      }
    }
  `;

  it("lists learning paths in catalogue order, and one path's steps in reading order, in the interface language", async () => {
    const books = [];
    for (const slug of ["first", "second", "third"]) books.push((await buildMicrobook(db.prisma, { slug })).id);
    await buildOriginal("later", 2, [books[0]!]);
    await buildOriginal("stoic", 1, [books[2]!, books[0]!, books[1]!]);
    const list = await run<{ originals: { nodes: { slug: string; stepCount: number }[] } }>(
      db,
      `{ originals { nodes { slug stepCount } } }`,
    );
    expect(list.data?.originals.nodes).toEqual([
      { slug: "stoic", stepCount: 3 },
      { slug: "later", stepCount: 1 },
    ]);
    const one = await run<{
      original: { title: string; steps: { nodes: { position: number; text: string; microbook: { slug: string } }[] } };
    }>(db, ORIGINAL, { slug: "stoic" }, { acceptLanguage: "es" });
    expect(one.errors).toBeUndefined();
    expect(one.data?.original).toMatchObject({
      title: "stoic es",
      specialistName: "Ana Souza",
      specialistRole: "Role es",
      introduction: "Intro es",
    });
    expect(one.data?.original.steps.nodes.map((s) => [s.position, s.text, s.microbook.slug])).toEqual([
      [0, "Step 0 es", "third"],
      [1, "Step 1 es", "first"],
      [2, "Step 2 es", "second"],
    ]);
  });

  it("is null for an unknown or malformed slug", async () => {
    expect((await run(db, ORIGINAL, { slug: "nope" })).data?.original).toBeNull();
    expect((await run(db, ORIGINAL, { slug: "../x" })).data?.original).toBeNull();
  });
});

describe("playlists", () => {
  // Wednesday 2026-11-25 at noon in São Paulo: the week began on Monday 2026-11-23.
  const now = new Date("2026-11-25T15:00:00Z");

  it("lists this week's first, then earlier weeks; a later week's is not out yet", async () => {
    const book = await buildMicrobook(db.prisma);
    await buildPlaylist("older", "2026-11-09", [book.id]);
    await buildPlaylist("next-week", "2026-11-30", [book.id]);
    await buildPlaylist("this-week", "2026-11-23", [book.id]);
    await buildPlaylist("last-week", "2026-11-16", [book.id]);
    const { data } = await run<{ playlists: { nodes: { slug: string; isThisWeek: boolean }[] } }>(
      db,
      `{ playlists { nodes { slug isThisWeek } } }`,
      {},
      { now },
    );
    expect(data?.playlists.nodes).toEqual([
      { slug: "this-week", isThisWeek: true },
      { slug: "last-week", isThisWeek: false },
      { slug: "older", isThisWeek: false },
    ]);
    const future = await run<{ playlist: unknown }>(db, `{ playlist(slug: "next-week") { slug } }`, {}, { now });
    expect(future.data?.playlist).toBeNull();
  });

  it("gives a playlist's microbooks in listening order, and pages the list", async () => {
    const ids = [];
    for (const slug of ["a", "b", "c"]) ids.push((await buildMicrobook(db.prisma, { slug })).id);
    await buildPlaylist("mix", "2026-11-23", [ids[2]!, ids[0]!, ids[1]!]);
    for (const week of ["2026-11-16", "2026-11-09"]) await buildPlaylist(`w-${week}`, week, [ids[0]!]);
    const { data } = await run<{ playlist: { title: string; itemCount: number; items: { nodes: { microbook: { slug: string } }[] } } }>(
      db,
      `{ playlist(slug: "mix") { title itemCount items { nodes { microbook { slug } } } } }`,
      {},
      { now, acceptLanguage: "en" },
    );
    expect(data?.playlist.title).toBe("mix en");
    expect(data?.playlist.itemCount).toBe(3);
    expect(data?.playlist.items.nodes.map((n) => n.microbook.slug)).toEqual(["c", "a", "b"]);
    const page2 = await run<{ playlists: { pageInfo: { hasNextPage: boolean; hasPreviousPage: boolean }; nodes: { slug: string }[] } }>(
      db,
      `{ playlists(first: 2, page: 2) { pageInfo { hasNextPage hasPreviousPage } nodes { slug } } }`,
      {},
      { now },
    );
    expect(page2.data?.playlists).toEqual({ pageInfo: { hasNextPage: false, hasPreviousPage: true }, nodes: [{ slug: "w-2026-11-09" }] });
  });
});
