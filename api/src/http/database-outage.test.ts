import { encodeGlobalID } from "@pothos/plugin-relay";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/client.js";
import { buildCategory, buildMicrobook, buildReader } from "../test/factories.js";
import { startTestServer } from "../test/http.js";
import { testPostgresUrl, useThrowawayPostgres } from "../test/throwaway-postgres.js";

/**
 * The database goes away under load and comes back: while it is away every answer fails cleanly (503
 * with Retry-After; GraphQL answers carry the SERVICE_UNAVAILABLE code, never a stack trace), /readyz
 * says not ready, and the server recovers by itself once it is back, with every write it acknowledged
 * before still there. The outage is a database of the test's own on the PostgreSQL server that stops
 * accepting connections and has its connections ended (as a restart does to them), then accepts them
 * again. PostgreSQL only: this runs in the PostgreSQL pass of the tests (TEST_DATABASE_URL).
 */
describe.runIf(testPostgresUrl)("a database outage", () => {
  const postgres = useThrowawayPostgres("outage");
  const name = postgres.name;
  let db: Database;
  let admin: pg.Client;

  beforeAll(async () => {
    db = postgres.db;
    admin = postgres.admin();
    await admin.connect();
  });

  afterAll(async () => {
    // Connections allowed again, whatever the test left, before the database is dropped.
    await admin.query(`ALTER DATABASE "${name}" WITH ALLOW_CONNECTIONS true`).catch(() => undefined);
    await admin.end();
  });

  const goAway = async () => {
    await admin.query(`ALTER DATABASE "${name}" WITH ALLOW_CONNECTIONS false`);
    await admin.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()`, [name]);
  };
  const comeBack = () => admin.query(`ALTER DATABASE "${name}" WITH ALLOW_CONNECTIONS true`);

  it("answers 503 with Retry-After meanwhile, says not ready, and recovers with every acknowledged write", async () => {
    const category = await buildCategory(db.prisma, { slug: "outage" });
    const books = await Promise.all(
      ["one", "two", "three", "four"].map((slug) => buildMicrobook(db.prisma, { slug: `outage-${slug}`, categoryId: category.id })),
    );
    const { user, token } = await buildReader(db.prisma, { plan: "premium" });
    const { app } = await startTestServer(db);
    try {
      const favourite = (microbookId: string) =>
        app.inject({
          method: "POST",
          url: "/graphql",
          headers: { "content-type": "application/json", cookie: `brevia_session=${token}` },
          payload: {
            query: "mutation ($id: ID!) { setFavourite(microbookId: $id, favourite: true) { __typename } }",
            variables: { id: encodeGlobalID("Microbook", microbookId) },
          },
        });
      const acknowledged: string[] = [];
      for (const book of books.slice(0, 2)) {
        const res = await favourite(book.id);
        expect(res.json()).toMatchObject({ data: { setFavourite: { __typename: expect.any(String) } } });
        acknowledged.push(book.id);
      }

      await goAway();
      // Load while it is away: writes and reads, each failing cleanly.
      const during = await Promise.all([
        ...books.slice(2).map((book) => favourite(book.id)),
        app.inject({
          method: "POST",
          url: "/graphql",
          headers: { "content-type": "application/json" },
          payload: { query: '{ microbook(slug: "outage-one") { id } }' },
        }),
        app.inject("/readyz"),
      ]);
      for (const res of during) {
        expect(res.statusCode, res.body).toBe(503);
        expect(res.headers["retry-after"]).toMatch(/^\d+$/);
        expect(res.body).not.toMatch(/\n\s+at |node_modules|ECONNREFUSED|terminat/i);
      }
      for (const res of during.slice(0, -1)) {
        expect(res.json<{ errors: { extensions: { code: string } }[] }>().errors.map((e) => e.extensions.code)).toEqual([
          "SERVICE_UNAVAILABLE",
        ]);
      }
      expect(during.at(-1)!.json()).toMatchObject({ status: "unavailable" });

      await comeBack();
      // By itself: the next requests find the database again.
      await expect.poll(async () => (await app.inject("/readyz")).statusCode, { timeout: 10_000 }).toBe(200);
      const after = await favourite(books[2]!.id);
      expect(after.statusCode).toBe(200);
      acknowledged.push(books[2]!.id);
      const kept = await db.prisma.userBookState.findMany({ where: { userId: user.id, isFavourite: true }, select: { microbookId: true } });
      expect(kept.map((row) => row.microbookId).sort()).toEqual([...acknowledged].sort());
    } finally {
      await comeBack();
      await app.close();
    }
  });

  it("under a steady stream of reads and writes, fails only with 503s while it is away, and every acknowledged write is kept", async () => {
    const category = await buildCategory(db.prisma, { slug: "stream" });
    const books = await Promise.all(
      Array.from({ length: 24 }, (_, i) => buildMicrobook(db.prisma, { slug: `stream-${i}`, categoryId: category.id })),
    );
    const { user, token } = await buildReader(db.prisma, { plan: "premium" });
    const { app } = await startTestServer(db);
    const statuses: Record<string, number> = {};
    const problems: string[] = [];
    const acknowledged = new Set<string>();
    let phase: "before" | "away" | "after" = "before";
    let running = true;
    const seen = { away503: 0, after200: 0 };
    const check = (res: Awaited<ReturnType<typeof app.inject>>, what: string) => {
      statuses[`${phase} ${res.statusCode}`] = (statuses[`${phase} ${res.statusCode}`] ?? 0) + 1;
      if (res.statusCode === 503) {
        if (!/^\d+$/.test(String(res.headers["retry-after"]))) problems.push(`${what}: 503 without Retry-After`);
        const codes = (res.json<{ errors?: { extensions?: { code?: string } }[] }>().errors ?? []).map((e) => e.extensions?.code);
        if (codes.some((code) => code !== "SERVICE_UNAVAILABLE")) problems.push(`${what}: 503 with ${codes.join(", ")}`);
        if (phase === "away") seen.away503++;
      } else if (res.statusCode !== 200) {
        problems.push(`${what}: ${res.statusCode} ${res.body.slice(0, 200)}`);
      } else if (phase === "after") seen.after200++;
      if (/\n\s+at |node_modules|ECONNREFUSED|terminat/i.test(res.body)) problems.push(`${what}: leaks ${res.body.slice(0, 200)}`);
    };
    // Eight clients, each in turn: a favourite (a write), a visitor's read, the reader's own read.
    const client = async (n: number) => {
      for (let i = n; running; i += 8) {
        const book = books[i % books.length]!;
        const write = await app.inject({
          method: "POST",
          url: "/graphql",
          headers: { "content-type": "application/json", cookie: `brevia_session=${token}` },
          payload: {
            query: "mutation ($id: ID!) { setFavourite(microbookId: $id, favourite: true) { __typename } }",
            variables: { id: encodeGlobalID("Microbook", book.id) },
          },
        });
        check(write, "favourite");
        if (
          write.statusCode === 200 &&
          write.json<{ data?: { setFavourite?: { __typename: string } } }>().data?.setFavourite?.__typename === "Microbook"
        )
          acknowledged.add(book.id);
        check(
          await app.inject({
            method: "POST",
            url: "/graphql",
            headers: { "content-type": "application/json" },
            payload: { query: `{ microbook(slug: "${book.slug}") { id } }` },
          }),
          "visitor read",
        );
        check(
          await app.inject({
            method: "POST",
            url: "/graphql",
            headers: { "content-type": "application/json", cookie: `brevia_session=${token}` },
            payload: { query: "{ viewer { id } }" },
          }),
          "reader read",
        );
      }
    };
    const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    try {
      const clients = Promise.all(Array.from({ length: 8 }, (_, n) => client(n)));
      await sleep(1_500);
      phase = "away";
      await goAway();
      await sleep(2_500);
      await comeBack();
      await expect.poll(async () => (await app.inject("/readyz")).statusCode, { timeout: 10_000 }).toBe(200);
      phase = "after";
      await sleep(1_500);
      running = false;
      await clients;

      expect(problems).toEqual([]);
      expect(seen.away503, JSON.stringify(statuses)).toBeGreaterThan(0);
      expect(seen.after200, JSON.stringify(statuses)).toBeGreaterThan(0);
      const kept = await db.prisma.userBookState.findMany({ where: { userId: user.id, isFavourite: true }, select: { microbookId: true } });
      // Every acknowledged write is there (a write cut off before its answer may be there too).
      expect(kept.map((row) => row.microbookId)).toEqual(expect.arrayContaining([...acknowledged]));
      expect(acknowledged.size).toBeGreaterThan(0);
    } finally {
      running = false;
      await comeBack();
      await app.close();
    }
  });
});
