import { describe, expect, it } from "vitest";
import { Prisma } from "../generated/prisma/client.js";
import { oneLine } from "./one-line.js";

describe("oneLine", () => {
  it("folds a statement's whitespace into single spaces and keeps its values as parameters", () => {
    const query = oneLine(Prisma.sql`
      SELECT "id"
      FROM   "Microbook"
      WHERE  "slug" = ${"walden"} AND "createdAt" < ${new Date(0)}`);
    expect(query.text).toBe('SELECT "id" FROM "Microbook" WHERE "slug" = $1 AND "createdAt" < $2');
    expect(query.values).toEqual(["walden", new Date(0)]);
  });

  it("answers the same shape with other values alike", () => {
    const shape = (slug: string) => oneLine(Prisma.sql`SELECT 1\n  WHERE "slug" = ${slug}`);
    expect([shape("a").text, shape("b").values]).toEqual(['SELECT 1 WHERE "slug" = $1', ["b"]]);
  });
});
