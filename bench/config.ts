// The bench's knobs (environment) and fixed settings.
function positiveNumber(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number, got ${JSON.stringify(raw)}`);
  return value;
}

/** Measured seconds per load run (each after WARMUP_SECONDS of unmeasured load). */
export const SECONDS = positiveNumber("BENCH_SECONDS", 10);
export const CONNECTIONS = Math.round(positiveNumber("BENCH_CONNECTIONS", 10));
export const WARMUP_SECONDS = 2;

/** A PostgreSQL database to use as it is (migrated, seeded if empty); unset: a throwaway one on PG_SERVER_URL. */
export const GIVEN_DATABASE_URL = process.env.BENCH_DATABASE_URL || undefined;
/** The local PostgreSQL server (trust auth) the throwaway database is created on. */
export const PG_SERVER_URL = "postgresql://postgres@127.0.0.1:5432/postgres";

/** The language the web sends (Accept-Language) and the edition the microbook page asks for. */
export const LANGUAGE = "en" as const;

function list(name: string, allowed: readonly string[]): string[] | undefined {
  const raw = process.env[name];
  if (!raw) return undefined;
  const items = raw
    .split(",")
    .map((item) => item.trim())
    .filter(Boolean);
  const unknown = items.filter((item) => !allowed.includes(item));
  if (unknown.length) throw new Error(`${name}: unknown ${unknown.join(", ")}; allowed: ${allowed.join(", ")}`);
  return items;
}

/** BENCH_SCENARIOS: measure only these scenarios (a focused run, e.g. for a profile); unset: all. */
export const ONLY_SCENARIOS = list("BENCH_SCENARIOS", [
  "visitorHome",
  "visitorMicrobook",
  "readerMicrobook",
  "progressSave",
  "readerLibrary",
  "visitorMicrobookHtml",
]);
/** BENCH_DATABASES: only these databases; unset: both. */
export const ONLY_DATABASES = list("BENCH_DATABASES", ["pglite", "postgres"]);
