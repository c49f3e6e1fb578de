// npm run bench:search: search latency on a synthetic catalogue (10,000 microbooks by default), on PGlite
// and on PostgreSQL, beside a primary-key lookup measured in the same run.
//
// Each database is migrated, given the bundled catalogue and BENCH_SEARCH_BOOKS synthetic microbooks
// (catalog:synthetic's generator), then searched one request at a time in this process: the web's own
// SearchPage operation run through the schema (server time without HTTP, as a cache miss: no response
// cache), the search statement alone (it returns the page's highlight text too), and a primary-key
// lookup, interleaved so that they share the machine's noise. Prints p50/p95 per measure, and as a
// multiple of the lookup's, and PASS/FAIL for the target (p95 of a search under 20 ms on PostgreSQL). BENCH_DATABASES and BENCH_DATABASE_URL work as for npm run bench (a given database is
// used as it is: its synthetic microbooks are topped up to the number asked, never removed).
import { execute, print } from "graphql";
import { SearchPageDocument } from "../web/src/gql/graphql.js";
import { createContext } from "../api/src/context.js";
import type { Database } from "../api/src/db/client.js";
import { deployMigrations } from "../api/src/db/migrate.js";
import { createMediaUrlSigner } from "../api/src/features/catalog/audio/media-urls.js";
import { seedIfEmpty } from "../api/src/features/catalog/import/seed.js";
import { generateSynthetic } from "../api/src/features/catalog/synthetic/generate.js";
import { searchEditions } from "../api/src/features/search/search.sql.js";
import { queryWords } from "../api/src/features/search/search.text.js";
import { schema } from "../api/src/schema/index.js";
import { ONLY_DATABASES } from "./config.js";
import { DATABASE_TITLES, preparePglite, preparePostgres, type BenchDatabase, type DatabaseKind } from "./databases.js";

const BOOKS = Number(process.env.BENCH_SEARCH_BOOKS ?? 10_000);
const ROUNDS = Number(process.env.BENCH_SEARCH_ROUNDS ?? 400);
const TARGET_P95_MS = 20;

/** What readers type: real titles and authors, typos, accents, prefixes, topics and the synthetic titles' words. */
const QUERIES: { query: string; language: "pt" | "en" | "es" }[] = [
  { query: "walden pond", language: "en" },
  { query: "federalist papers", language: "en" },
  { query: "candel faraday", language: "en" },
  { query: "sonhos freud", language: "pt" },
  { query: "enfermagem nightingale", language: "pt" },
  { query: "sentido comun", language: "es" },
  { query: "habit", language: "en" },
  { query: "courage and wisdom", language: "en" },
  { query: "the art of focus", language: "pt" },
  { query: "strategy of power", language: "es" },
  { query: "patiense", language: "en" },
  { query: "disc", language: "en" },
  { query: "medeiros", language: "pt" },
  { query: "herrera tavares", language: "es" },
  { query: "lorem ipsum", language: "en" },
  { query: "xyzzy", language: "en" },
];

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const ms = (n: number) => `${n.toFixed(2)} ms`;

type Measure = "search (SearchPage operation)" | "search statement alone" | "primary-key lookup";

async function measure(db: Database): Promise<Record<Measure, number[]>> {
  const mediaUrls = createMediaUrlSigner("bench-search-media-url-secret-0123456789");
  const document = SearchPageDocument;
  const ids = (await db.prisma.microbookEdition.findMany({ select: { id: true }, take: 5000 })).map((e) => e.id);
  const times: Record<Measure, number[]> = { "search (SearchPage operation)": [], "search statement alone": [], "primary-key lookup": [] };
  const operation = async (i: number) => {
    const { query, language } = QUERIES[i % QUERIES.length]!;
    const contextValue = createContext({ prisma: db.prisma, requestId: "bench", viewer: null, mediaUrls, acceptLanguage: language });
    const result = await execute({ schema, document, variableValues: { query, language }, contextValue });
    if (result.errors?.length) throw new Error(`search "${query}" failed: ${result.errors[0]!.message}`);
  };
  const statement = (i: number) => {
    const { query, language } = QUERIES[i % QUERIES.length]!;
    return searchEditions(db.prisma, queryWords(query), { language }, { offset: 0, limit: 10 });
  };
  const lookup = (i: number) => db.prisma.microbookEdition.findUnique({ where: { id: ids[(i * 7919) % ids.length]! } });
  // Warm-up: plans, caches, JIT.
  for (let i = 0; i < QUERIES.length * 2; i++) await Promise.all([operation(i), statement(i), lookup(i)].map((p) => p));
  for (let i = 0; i < ROUNDS; i++) {
    for (const [name, run] of [
      ["search (SearchPage operation)", operation],
      ["search statement alone", statement],
      ["primary-key lookup", lookup],
    ] as const) {
      const start = performance.now();
      await run(i);
      times[name].push(performance.now() - start);
    }
  }
  return times;
}

async function benchOne(kind: DatabaseKind): Promise<string[]> {
  const prepared: BenchDatabase | { skipped: string } = kind === "pglite" ? await preparePglite() : await preparePostgres();
  if ("skipped" in prepared) return [`${DATABASE_TITLES[kind]}: skipped (${prepared.skipped})`];
  const lines = [`${DATABASE_TITLES[kind]} (${prepared.description})`];
  const db = await prepared.open();
  try {
    await deployMigrations(prepared.migrationTarget(db));
    await seedIfEmpty(db.prisma, prepared.mediaDir);
    let started = performance.now();
    await generateSynthetic(db.prisma, { books: BOOKS, users: 0, seed: 1 });
    const [counts] = await db.prisma.$queryRaw<{ microbooks: number; documents: number }[]>`
      SELECT (SELECT count(*)::int FROM "Microbook") AS "microbooks", (SELECT count(*)::int FROM "SearchDocument") AS "documents"`;
    lines.push(
      `  catalogue: ${counts!.microbooks} microbooks, ${counts!.documents} search documents (synthetic part ready in ${((performance.now() - started) / 1000).toFixed(1)} s)`,
    );
    if (kind === "postgres") await db.prisma.$executeRawUnsafe(`ANALYZE`);
    started = performance.now();
    const times = await measure(db);
    lines.push(
      `  ${ROUNDS} rounds of ${Object.keys(times).length} measures, interleaved, in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    // Each measure also as a multiple of the primary-key lookup: on a busy machine the ratios move less than the times.
    const lookup = [...times["primary-key lookup"]].sort((a, b) => a - b);
    for (const [name, values] of Object.entries(times)) {
      const sorted = [...values].sort((a, b) => a - b);
      const [p50, p95] = [percentile(sorted, 50), percentile(sorted, 95)];
      const ratios = `(${(p50 / percentile(lookup, 50)).toFixed(1)}× / ${(p95 / percentile(lookup, 95)).toFixed(1)}× the lookup)`;
      lines.push(`  ${name.padEnd(32)} p50 ${ms(p50).padStart(10)}   p95 ${ms(p95).padStart(10)}   ${ratios}`);
    }
    if (kind === "postgres") {
      const p95 = percentile(
        [...times["search (SearchPage operation)"]].sort((a, b) => a - b),
        95,
      );
      lines.push(`  target: search p95 under ${TARGET_P95_MS} ms on PostgreSQL: ${p95 < TARGET_P95_MS ? "PASS" : "FAIL"} (${ms(p95)})`);
    }
  } finally {
    await db.close();
    lines.push(...(await prepared.dispose({})).map((line) => `  ${line}`));
  }
  return lines;
}

const kinds = (ONLY_DATABASES ?? ["pglite", "postgres"]) as DatabaseKind[];
console.log(
  `Search bench: ${BOOKS} synthetic microbooks, ${QUERIES.length} queries, one request at a time (operation: ${print(SearchPageDocument).split("\n")[0]}…)`,
);
for (const kind of kinds) {
  for (const line of await benchOne(kind)) console.log(line);
}
