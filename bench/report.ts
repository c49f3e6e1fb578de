// What the bench prints: per database a table, ratios to the baseline and SQL statement lists; then
// the targets, PASS/FAIL per database.
import { DATABASE_TITLES, type DatabaseKind } from "./databases.js";
import type { Measurement } from "./load.js";
import { BASELINES, type Measured, type MeasuredId, type Scenario, type ScenarioId } from "./scenarios.js";
import type { StatementRecord } from "./setup.js";

export type ScenarioResult = {
  scenario: Measured;
  /** Measured as a POST of the text, because the web's GET failed its check. */
  fallback: boolean;
  measurement: Measurement;
  /** The baselines measured just before and just after it. */
  baselines: [Measurement, Measurement];
  /** Scenario req/s over the mean req/s of its two baselines. */
  ratio: number;
};

export type DatabaseResult = {
  kind: DatabaseKind;
  /** Why this database was not benched, when it was skipped. */
  skipped?: string;
  /** What broke, when something did. */
  failure?: string;
  measurements: Measurement[];
  scenarios: ScenarioResult[];
  /** What broke without stopping the measurement (e.g. the web's GET, measured on the fallback). */
  problems: string[];
  statements?: Record<ScenarioId, StatementRecord>;
};

export const requestStatements = (record: StatementRecord) => [...record.viewer, ...record.operation];

const ms = (v: number) => (Number.isFinite(v) ? v.toFixed(2) : "n/a");

function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  const line = (r: string[]) => r.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join("  ");
  return [line(rows[0]!), widths.map((w) => "-".repeat(w)).join("  "), ...rows.slice(1).map(line)].join("\n");
}

export function measurementTable(measurements: Measurement[]): string {
  return table([
    ["run", "req/s", "p50 ms", "p95 ms", "requests", "errors", "non-2xx", "GraphQL errors"],
    ...measurements.map((m) => [
      m.name,
      m.reqPerSec.toFixed(1),
      ms(m.p50),
      ms(m.p95),
      String(m.requests),
      String(m.errors),
      String(m.non2xx),
      String(m.graphqlErrors),
    ]),
  ]);
}

export function ratioLines(results: ScenarioResult[]): string[] {
  const width = Math.max(...results.map((r) => r.measurement.name.length));
  return results.map((r) => {
    const [before, after] = r.baselines;
    const base = (before.reqPerSec + after.reqPerSec) / 2;
    return (
      `  ${r.measurement.name.padEnd(width)}  ${r.ratio.toFixed(3)}x ${BASELINES[r.scenario.baseline].title} req/s  ` +
      `(${r.measurement.reqPerSec.toFixed(1)} / ${base.toFixed(1)}, baselines ${before.reqPerSec.toFixed(0)} and ${after.reqPerSec.toFixed(0)}); ` +
      `p95 ${(r.measurement.p95 / ((before.p95 + after.p95) / 2)).toFixed(2)}x`
    );
  });
}

const SQL_WIDTH = 220;
const shorten = (sql: string) => {
  const flat = sql.replace(/\s+/g, " ").trim();
  return flat.length <= SQL_WIDTH ? flat : `${flat.slice(0, SQL_WIDTH)}… (${flat.length} chars)`;
};

function statementBlock(title: string, statements: string[]): string[] {
  return [title, ...statements.map((sql, i) => `  ${String(i + 1).padStart(2)}. ${shorten(sql)}`)];
}

/** The SQL of each scenario; `previous`: the other database's lists, to say "same as" instead of repeating them. */
export function statementLines(
  scenarios: Scenario[],
  statements: Record<ScenarioId, StatementRecord>,
  previous?: { kind: DatabaseKind; statements: Record<ScenarioId, StatementRecord> },
): string[] {
  const lines: string[] = [];
  for (const scenario of scenarios) {
    const record = statements[scenario.id];
    const all = requestStatements(record);
    const what = scenario.cached
      ? `an uncached execution; a cache hit issues none`
      : `every request (uncached)${record.viewer.length ? `: ${record.viewer.length} session lookup + ${record.operation.length} for the operation` : ""}`;
    const title = `${scenario.title} (${scenario.operation.name}): ${all.length} SQL statement(s), ${what}`;
    const other = previous && requestStatements(previous.statements[scenario.id]);
    if (other && other.join("\n") === all.join("\n")) {
      lines.push(`${title}; the same statements as on ${DATABASE_TITLES[previous.kind]}`);
    } else {
      lines.push(...statementBlock(title, all));
    }
    if (record.firstRun) {
      lines.push(`  (the first execution of the day issued ${record.firstRun.length}: it chose and recorded today's free microbook)`);
    }
  }
  return lines;
}

type Verdict = { status: "PASS" | "FAIL" | "SKIPPED" | "BROKEN"; detail: string };

type Target = {
  label: string;
  verdict(result: DatabaseResult): Verdict;
};

function notMeasured(result: DatabaseResult): Verdict | null {
  if (result.skipped) return { status: "SKIPPED", detail: result.skipped };
  if (result.failure) return { status: "BROKEN", detail: "see the failure above" };
  return null;
}

function ratioTarget(id: MeasuredId, title: string, minimum: Record<DatabaseKind, number>, baseline = "baseline"): Target {
  const same = minimum.pglite === minimum.postgres;
  return {
    label: same
      ? `${title} >= ${minimum.pglite}x ${baseline} req/s`
      : `${title} >= ${minimum.postgres}x ${baseline} req/s on PostgreSQL, >= ${minimum.pglite}x on PGlite`,
    verdict(result) {
      const r = result.scenarios.find((s) => s.scenario.id === id);
      if (!r) return notMeasured(result) ?? { status: "BROKEN", detail: "not measured" };
      const min = minimum[result.kind];
      const how = r.fallback ? " — measured on the POST fallback, the web's GET failed" : "";
      return { status: r.ratio >= min ? "PASS" : "FAIL", detail: `${r.ratio.toFixed(3)}x (needs ${min}x)${how}` };
    },
  };
}

function statementTarget(id: ScenarioId, title: string, maximum: number): Target {
  return {
    label: `${title} <= ${maximum} SQL statements`,
    verdict(result) {
      const record = result.statements?.[id];
      if (!record) return notMeasured(result) ?? { status: "BROKEN", detail: "not recorded" };
      const count = requestStatements(record).length;
      return { status: count <= maximum ? "PASS" : "FAIL", detail: `${count} statement(s) (at most ${maximum})` };
    },
  };
}

export const TARGETS: Target[] = [
  ratioTarget("visitorHome", "visitor home page", { pglite: 0.5, postgres: 0.5 }),
  ratioTarget("visitorMicrobook", "visitor microbook page", { pglite: 0.5, postgres: 0.5 }),
  ratioTarget("readerMicrobook", "signed-in microbook page", { pglite: 0.05, postgres: 0.1 }),
  ratioTarget("readerLibrary", "signed-in library page (first tab, 20 books)", { pglite: 0.05, postgres: 0.1 }),
  // A rendered page (from the page cache, compressed per request) beside the cheapest answer.
  ratioTarget("visitorMicrobookHtml", "visitor microbook page HTML", { pglite: 0.25, postgres: 0.25 }, "/healthz"),
  statementTarget("readerMicrobook", "signed-in (uncached) microbook page", 8),
  statementTarget("readerLibrary", "signed-in library page", 8),
  statementTarget("visitorHome", "home page (uncached execution)", 6),
  // One progress model for text and audio (the reader, the player): a save is one statement.
  ratioTarget("progressSave", "reading progress save", { pglite: 0.1, postgres: 0.15 }),
  // The session lookup every signed-in request makes, and the save itself (one CTE statement).
  statementTarget("progressSave", "reading progress save (session lookup + 1)", 2),
];

export function targetLines(results: DatabaseResult[]): { lines: string[]; failed: number } {
  const lines: string[] = [];
  let failed = 0;
  for (const target of TARGETS) {
    lines.push(target.label);
    for (const result of results) {
      const verdict = target.verdict(result);
      if (verdict.status === "FAIL") failed++;
      lines.push(`  ${DATABASE_TITLES[result.kind].padEnd(10)}  ${verdict.status.padEnd(7)}  ${verdict.detail}`);
    }
  }
  return { lines, failed };
}
