// npm run catalog:narrate -- [--lang en|pt|es] [--limit N] [--force] [slug ...]
// Narrates catalogue editions into prisma/seed/catalog/audio/<slug>.<lang>.{opus,json}, one at a time (the
// synthesiser and encoder run in WebAssembly on one core). A human narration put there is never replaced.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { CATALOG_DIR } from "../../../paths.js";
import { CATALOG_LANGUAGES, type CatalogEdition, type CatalogLanguage } from "../import/model.js";
import { readCatalog } from "../import/parse.js";
import { narrateEdition } from "./narrate.js";
import { narrationScript } from "./script.js";

const USAGE = "usage: npm run catalog:narrate -- [--lang en|pt|es] [--limit N] [--force] [slug ...]";
const OUT_DIR = path.join(CATALOG_DIR, "audio");

/** Bad command-line arguments: exit 64 with the usage line. */
class UsageError extends Error {}

type Job = { slug: string; edition: CatalogEdition };

function parseCli(): { lang?: CatalogLanguage; limit: number; force: boolean; slugs: string[] } {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { lang: { type: "string" }, limit: { type: "string" }, force: { type: "boolean", default: false } },
  });
  const lang = values.lang;
  if (lang !== undefined && !(CATALOG_LANGUAGES as readonly string[]).includes(lang)) throw new UsageError(`unknown --lang "${lang}"`);
  const limit = values.limit === undefined ? Infinity : Number(values.limit);
  if (!Number.isInteger(limit) && limit !== Infinity) throw new UsageError(`--limit must be a whole number, got "${values.limit}"`);
  if (limit < 1) throw new UsageError("--limit must be at least 1");
  return { lang: lang as CatalogLanguage | undefined, limit, force: values.force, slugs: positionals };
}

function formatDuration(seconds: number): string {
  const s = Math.round(seconds);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

async function main(): Promise<number> {
  const options = parseCli();
  let catalog;
  try {
    // The audio folder is what this command rewrites: a stale or broken narration must not stop it.
    catalog = await readCatalog(CATALOG_DIR, { audio: "skip" });
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    return 1;
  }

  const known = new Set(catalog.books.map((b) => b.slug));
  const unknown = options.slugs.filter((s) => !known.has(s));
  if (unknown.length) {
    console.error(`not in the catalogue: ${unknown.join(", ")}`);
    return 1;
  }
  const wanted = options.slugs.length ? new Set(options.slugs) : known;
  const candidates: Job[] = catalog.books
    .filter((b) => wanted.has(b.slug))
    .flatMap((b) => b.editions.map((edition) => ({ slug: b.slug, edition })))
    .filter((j) => !options.lang || j.edition.language === options.lang);

  // Already narrated (both files present, JSON recording the current text's hash) is skipped, so reruns only fill in
  // what is missing or stale.
  const done = (j: Job) => {
    const base = path.join(OUT_DIR, `${j.slug}.${j.edition.language}`);
    if (!existsSync(`${base}.opus`) || !existsSync(`${base}.json`)) return false;
    try {
      const meta = JSON.parse(readFileSync(`${base}.json`, "utf8")) as {
        textSha256?: unknown;
        sentences?: unknown;
        narrator?: { kind?: unknown };
      };
      if (meta.narrator?.kind === "human") return true;
      return meta.textSha256 === narrationScript(j.edition).textSha256 && Array.isArray(meta.sentences);
    } catch {
      return false;
    }
  };
  const pending = options.force ? candidates : candidates.filter((j) => !done(j));
  const jobs = pending.slice(0, options.limit);
  const skipped = candidates.length - pending.length;
  console.log(`${jobs.length} to narrate${skipped ? `, ${skipped} already narrated and up to date (--force to redo)` : ""}.`);
  if (jobs.length === 0) return 0;

  let failures = 0;
  {
    for (const job of jobs) {
      const name = `${job.slug}.${job.edition.language}`;
      const started = Date.now();
      try {
        const r = await narrateEdition({ slug: job.slug, edition: job.edition, outDir: OUT_DIR });
        const kbps = (r.byteSize * 8) / r.durationSeconds / 1000;
        const took = ((Date.now() - started) / 1000).toFixed(1);
        console.log(
          `${name}  ${formatDuration(r.durationSeconds)} (${r.durationSeconds.toFixed(1)} s)  ${(r.byteSize / 1024).toFixed(0)} KiB  ` +
            `${kbps.toFixed(1)} kbit/s  ${r.chapters.length} chapters  ${r.sentences?.length ?? 0} sentences  [${took} s]`,
        );
      } catch (error) {
        failures++;
        console.error(`${name}  FAILED: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  }
  return failures ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof UsageError || (error as { code?: string }).code?.startsWith("ERR_PARSE_ARGS")) {
      console.error(`${(error as Error).message}\n${USAGE}`);
      process.exit(64);
    }
    console.error(`catalog:narrate failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
