import { afterAll, beforeAll, expect, it } from "vitest";
import { CATALOG_DIR } from "../../../paths.js";
import { useTestDatabase } from "../../../test/database.js";
import { run } from "../../../test/execute.js";
import { importCatalog } from "../../catalog/import/import.js";
import { readCatalog } from "../../catalog/import/parse.js";
import { RELEVANCE_CASES } from "./cases.js";

/**
 * The catalogue-relevance suite: the one test that reads the bundled catalogue, on purpose. It imports
 * prisma/seed/catalog into this file's own empty database (emptied again after), runs every query of
 * RELEVANCE_CASES through the schema as a visitor would, and needs the expected microbook among the
 * first three results for at least 90% of them. It prints the score and the misses.
 */
const PASS_MARK = 0.9;
const SEARCH = `query Relevance($query: String!, $language: Language) {
  search(query: $query, language: $language, first: 3) { edges { node { slug } } }
}`;

const db = useTestDatabase({ resetBeforeEach: false });
beforeAll(async () => {
  await importCatalog(db.prisma, await readCatalog(CATALOG_DIR));
}, 300_000);
afterAll(() => db.reset());

it(`finds the expected microbook in the top 3 for at least ${PASS_MARK * 100}% of ${RELEVANCE_CASES.length} queries`, async () => {
  expect(RELEVANCE_CASES.length).toBeGreaterThanOrEqual(40);
  expect(new Set(RELEVANCE_CASES.map((c) => c.language))).toEqual(new Set(["pt", "en", "es"]));
  const misses: string[] = [];
  for (const c of RELEVANCE_CASES) {
    const result = await run<{ search: { edges: { node: { slug: string } }[] } }>(db, SEARCH, { query: c.query, language: c.language });
    expect(result.errors).toBeUndefined();
    const top = result.data!.search.edges.map((e) => e.node.slug);
    if (!top.includes(c.expected))
      misses.push(`  [${c.language}, ${c.kind}] "${c.query}": expected ${c.expected}, got ${top.join(", ") || "nothing"}`);
  }
  const score = (RELEVANCE_CASES.length - misses.length) / RELEVANCE_CASES.length;
  console.log(
    `Search relevance: ${RELEVANCE_CASES.length - misses.length}/${RELEVANCE_CASES.length} (${(score * 100).toFixed(1)}%) in the top 3` +
      (misses.length ? `\n${misses.join("\n")}` : ""),
  );
  expect(score).toBeGreaterThanOrEqual(PASS_MARK);
}, 120_000);
