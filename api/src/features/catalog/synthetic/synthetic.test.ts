import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../../../test/database.js";
import { buildMicrobook, buildUser } from "../../../test/factories.js";
import { generateSynthetic, type SyntheticOptions } from "./generate.js";
import { SYNTHETIC_ID_PREFIX } from "./rows.js";

const NOW = new Date("2026-03-01T12:00:00.000Z");
const synthetic = { startsWith: SYNTHETIC_ID_PREFIX };

const db = useTestDatabase();

const generate = (options: Partial<SyntheticOptions> = {}) =>
  generateSynthetic(db.prisma, { books: 20, users: 30, seed: 1, now: NOW, ...options });

/** Everything synthetic, in a stable order: equal snapshots mean equal data. */
async function snapshot() {
  const p = db.prisma;
  return JSON.stringify(
    await Promise.all([
      p.category.findMany({ orderBy: { id: "asc" }, include: { translations: { orderBy: { language: "asc" } } } }),
      p.author.findMany({ orderBy: { id: "asc" } }),
      p.microbook.findMany({
        where: { id: synthetic },
        orderBy: { id: "asc" },
        include: {
          similar: { orderBy: { position: "asc" } },
          editions: { orderBy: { language: "asc" }, include: { keyIdeas: { orderBy: { position: "asc" } } } },
        },
      }),
      p.user.findMany({
        where: { id: synthetic },
        orderBy: { id: "asc" },
        include: { bookStates: { orderBy: { microbookId: "asc" } } },
      }),
    ]),
  );
}

describe("catalog:synthetic", () => {
  it("writes the requested books and users, counted in the summary", async () => {
    const summary = await generate();
    const p = db.prisma;
    expect(summary.total).toEqual({ microbooks: 20, users: 30 });
    expect(summary.categoriesCreated).toBe(8);
    expect(summary.added).toMatchObject({ microbooks: 20, users: 30 });
    expect(summary.added.editions).toBe(await p.microbookEdition.count());
    expect(summary.added.keyIdeas).toBe(await p.keyIdea.count());
    expect(summary.added.similar).toBe(await p.similarMicrobook.count());
    expect(summary.added.states).toBe(await p.userBookState.count());
    expect(summary.added.states).toBeGreaterThan(30);
    expect(await p.user.count({ where: { email: { endsWith: "@synthetic.brevia.test" } } })).toBe(30);
    expect(await p.microbook.count({ where: { slug: { startsWith: "synthetic-" } } })).toBe(20);
  });

  it("gives every book an en edition, 6-10 key ideas in each edition, and 3-5 similar works", async () => {
    await generate();
    const books = await db.prisma.microbook.findMany({ include: { similar: true, editions: { include: { keyIdeas: true } } } });
    for (const book of books) {
      expect(book.editions.map((e) => e.language)).toContain("en");
      const ideaCounts = new Set(book.editions.map((e) => e.keyIdeas.length));
      expect(ideaCounts.size).toBe(1); // a translation keeps the same key ideas
      const [ideas] = [...ideaCounts];
      expect(ideas).toBeGreaterThanOrEqual(6);
      expect(ideas).toBeLessThanOrEqual(10);
      for (const e of book.editions) {
        expect(e.wordCount).toBeGreaterThan(1000);
        expect(e.readingMinutes).toBeGreaterThan(5);
        expect(e.keyIdeas.every((k) => k.title && k.body.length > 100)).toBe(true);
      }
      expect(book.similar.length).toBeGreaterThanOrEqual(3);
      expect(book.similar.length).toBeLessThanOrEqual(5);
      expect(book.similar.some((s) => s.similarId === book.id)).toBe(false);
    }
    expect(books.some((b) => b.editions.length > 1)).toBe(true);
  });

  it("writes shorter texts with textScale, and refuses a scale outside (0, 1]", async () => {
    await generate({ books: 5, users: 0, textScale: 0.01 });
    const editions = await db.prisma.microbookEdition.findMany({ include: { keyIdeas: true } });
    for (const e of editions) {
      expect(e.wordCount).toBeLessThan(100);
      expect(e.keyIdeas.every((k) => k.body.length > 0)).toBe(true);
    }
    await expect(generate({ textScale: 0 })).rejects.toThrow(RangeError);
    await expect(generate({ textScale: 1.5 })).rejects.toThrow(RangeError);
  });

  it("keeps reading states consistent with their status and in time", async () => {
    await generate({ users: 100 });
    const states = await db.prisma.userBookState.findMany({ include: { user: true, microbook: true } });
    for (const s of states) {
      const times = [s.favouritedAt, s.startedAt, s.finishedAt].filter((d): d is Date => d !== null);
      expect(s.isFavourite).toBe(s.favouritedAt !== null);
      if (s.status === "NONE") expect(s).toMatchObject({ isFavourite: true, progress: 0, startedAt: null, finishedAt: null });
      if (s.status === "READING") {
        expect(s.progress).toBeGreaterThan(0);
        expect(s.progress).toBeLessThan(1);
        expect(s.startedAt).not.toBeNull();
        expect(s.finishedAt).toBeNull();
      }
      if (s.status === "READ") {
        expect(s.progress).toBe(1);
        expect(s.finishedAt!.getTime()).toBeGreaterThanOrEqual(s.startedAt!.getTime());
      }
      for (const t of times) {
        expect(t.getTime()).toBeGreaterThanOrEqual(Math.max(s.user.createdAt.getTime(), s.microbook.createdAt.getTime()));
        expect(t.getTime()).toBeLessThanOrEqual(s.updatedAt.getTime());
      }
      expect(s.updatedAt.getTime()).toBeLessThanOrEqual(NOW.getTime());
    }
    expect(new Set(states.map((s) => s.status))).toEqual(new Set(["NONE", "READING", "READ"]));
  });

  it("is deterministic for a seed, and another seed gives other data", async () => {
    await generate({ seed: 7 });
    const first = await snapshot();
    await generate({ seed: 7, reset: true });
    expect(await snapshot()).toBe(first);
    await generate({ seed: 8, reset: true });
    expect(await snapshot()).not.toBe(first);
  });

  it("tops up to the totals on a second run instead of duplicating", async () => {
    await generate({ books: 10, users: 10 });
    const again = await generate({ books: 10, users: 10 });
    expect(again.added).toEqual({ microbooks: 0, editions: 0, keyIdeas: 0, similar: 0, users: 0, states: 0 });
    const more = await generate({ books: 15, users: 25 });
    expect(more.added).toMatchObject({ microbooks: 5, users: 15 });
    expect(more.total).toEqual({ microbooks: 15, users: 25 });
  });

  it("--reset deletes synthetic rows and only those", async () => {
    const real = await buildMicrobook(db.prisma, { keyIdeas: 6 });
    const reader = await buildUser(db.prisma);
    const summary = await generate();
    expect(summary.categoriesCreated).toBe(0); // books go into the existing category
    await db.prisma.userBookState.createMany({
      data: [
        { userId: reader.id, microbookId: real.id, status: "READING", progress: 0.5, startedAt: NOW },
        { userId: reader.id, microbookId: "synthetic-000001", isFavourite: true, favouritedAt: NOW },
      ],
    });
    const reset = await generate({ books: 0, users: 0, reset: true });
    expect(reset.deleted).toMatchObject({ microbooks: 20, users: 30 });
    expect(reset.total).toEqual({ microbooks: 0, users: 0 });
    const p = db.prisma;
    expect(await p.microbook.findMany({ select: { id: true } })).toEqual([{ id: real.id }]);
    expect(await p.microbookEdition.count()).toBe(1);
    expect(await p.keyIdea.count()).toBe(6);
    expect(await p.user.findMany({ select: { id: true } })).toEqual([{ id: reader.id }]);
    expect(await p.userBookState.findMany({ select: { microbookId: true } })).toEqual([{ microbookId: real.id }]);
    expect(await p.author.count()).toBe(1);
    expect(await p.category.count()).toBe(1);
  });

  it("removes the categories it had to create", async () => {
    await generate({ users: 0 });
    expect(await db.prisma.category.count({ where: { id: synthetic } })).toBe(8);
    await generate({ books: 0, users: 0, reset: true });
    expect(await db.prisma.category.count()).toBe(0);
  });
});

describe("catalog:synthetic command line", () => {
  const cli = fileURLToPath(new URL("./cli.ts", import.meta.url));
  const tsx = fileURLToPath(new URL("../../../../../node_modules/.bin/tsx", import.meta.url));
  const run = (args: string[], env: Record<string, string> = {}) =>
    spawnSync(tsx, [cli, ...args], { encoding: "utf8", env: { ...process.env, DATABASE_URL: "", ...env } });

  it("exits 64 with the usage on bad arguments", () => {
    for (const args of [[], ["--books=-3"], ["--users", "1e5"]]) {
      const result = run(args);
      expect(result.status, args.join(" ")).toBe(64);
      expect(result.stderr).toContain("usage: npm run catalog:synthetic");
    }
  });

  it("refuses NODE_ENV=production without --force, before touching a database", () => {
    const result = run(["--books", "1"], { NODE_ENV: "production", DATA_DIR: "/nonexistent/brevia" });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("--force");
  });
});
