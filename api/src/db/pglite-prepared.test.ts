import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PglitePreparedStatements } from "./pglite-prepared.js";

describe("PGlite queries through prepared statements", () => {
  let pglite: PGlite;
  let prepared: PglitePreparedStatements;

  beforeAll(async () => {
    pglite = await PGlite.create();
    await pglite.exec(`
      CREATE TABLE book (id serial PRIMARY KEY, slug text UNIQUE NOT NULL, year int, tags jsonb, added timestamptz DEFAULT now());
      INSERT INTO book (slug, year, tags) VALUES ('walden', 1854, '["nature"]'), ('meditations', 180, NULL);
    `);
    prepared = new PglitePreparedStatements(pglite);
  });
  afterAll(() => pglite.close());

  const select = "SELECT id, slug, year, tags, added FROM book WHERE slug = $1";

  it("answers what pglite.query answers, in both row modes and with custom parsers", async () => {
    for (const options of [
      undefined,
      { rowMode: "array" as const },
      { rowMode: "array" as const, parsers: { 23: (v: string) => `#${v}` } },
    ]) {
      for (const slug of ["walden", "meditations", "nothing"]) {
        const expected = await pglite.query(select, [slug], options);
        const actual = await prepared.query(select, [slug], options);
        expect(actual.rows).toEqual(expected.rows);
        expect(actual.fields).toEqual(expected.fields);
      }
    }
  });

  it("counts affected rows and serializes parameters by their types", async () => {
    const inserted = await prepared.query("INSERT INTO book (slug, year, tags) VALUES ($1, $2, $3)", ["walden-two", 1948, ["utopia"]]);
    expect(inserted.affectedRows).toBe(1);
    const updated = await prepared.query("UPDATE book SET year = year + $1 WHERE year > $2", [1, 1000]);
    expect(updated.affectedRows).toBe(2);
    const { rows } = await prepared.query<{ tags: unknown }>("SELECT tags FROM book WHERE slug = $1", ["walden-two"]);
    expect(rows).toEqual([{ tags: ["utopia"] }]);
  });

  it("throws the database's error and keeps working after it", async () => {
    await expect(prepared.query("INSERT INTO book (slug) VALUES ($1)", ["walden"])).rejects.toMatchObject({ code: "23505" });
    await expect(prepared.query("SELECT nope FROM book", [])).rejects.toMatchObject({ code: "42703" });
    const { rows } = await prepared.query<{ slug: string }>("SELECT slug FROM book WHERE slug = $1", ["meditations"]);
    expect(rows).toEqual([{ slug: "meditations" }]);
  });

  it("prepares again when a table's columns change under a prepared statement", async () => {
    const star = "SELECT * FROM book WHERE slug = $1";
    await prepared.query(star, ["walden"]);
    await pglite.exec("ALTER TABLE book ADD COLUMN subtitle text");
    const { fields } = await prepared.query(star, ["walden"]);
    expect(fields.map((f) => f.name)).toContain("subtitle");
  });

  it("keeps a bounded number of statements prepared", async () => {
    for (let i = 0; i < 520; i++) await prepared.query(`SELECT ${i} AS n`, []);
    const { rows } = await pglite.query<{ count: number }>("SELECT count(*)::int AS count FROM pg_prepared_statements");
    expect(rows[0]!.count).toBeLessThanOrEqual(500);
    expect((await prepared.query<{ n: number }>("SELECT 3 AS n", [])).rows).toEqual([{ n: 3 }]);
  });
});
