// The schema contract: schema.graphql compared with the schema of the last release point.
//
// A shipped client (the mobile app above all) keeps sending the operations it was built with, so a
// breaking change to the schema breaks it. `npm run schema:diff` (a step of `npm test`) compares
// schema.graphql with the committed baseline (contract/schema.release.graphql) using
// @graphql-inspector/core and fails on a breaking change that is not recorded, with a reason, in
// contract/accepted-breaking-changes.yaml. Dangerous and safe changes are printed only.
// `npm run schema:release` makes the current schema the new baseline and empties the list.
//
// This module is pure (texts in, report out); contract-cli.ts reads and writes the files.
import { ChangeType, CriticalityLevel, diff, type Change } from "@graphql-inspector/core";
import { buildSchema, isEnumType, isInputObjectType, isInterfaceType, isObjectType, type GraphQLSchema } from "graphql";
import { parse as parseYaml } from "yaml";

export const BASELINE_FILE = "contract/schema.release.graphql";
export const ACCEPTED_FILE = "contract/accepted-breaking-changes.yaml";

/** A breaking change accepted on purpose, identified by the differ's change type and path (never its message). */
export interface AcceptedChange {
  /** The differ's change type, e.g. FIELD_REMOVED. */
  change: string;
  /** The differ's path, e.g. Query.search or Query.search.first; absent for schema-level changes. */
  path?: string;
  reason: string;
  /** YYYY-MM-DD, when it was accepted. */
  date: string;
}

export interface ReportedChange {
  type: string;
  path?: string;
  message: string;
  /** Why the differ rates it as it does (breaking and dangerous changes). */
  why?: string;
  /** The policy's own note: a removal of something that was not deprecated in the baseline. */
  notDeprecated?: boolean;
  /** The entry that accepts it (accepted breaking changes only). */
  accepted?: AcceptedChange;
}

export interface ContractReport {
  /** Breaking changes with no accepting entry: each fails the check. */
  breaking: ReportedChange[];
  /** Breaking changes recorded in the accepted list. */
  accepted: ReportedChange[];
  dangerous: ReportedChange[];
  safe: ReportedChange[];
  /** Entries of the accepted list that match no breaking change: they fail the check, so the list stays clean. */
  stale: AcceptedChange[];
  ok: boolean;
}

/** The stable identity of a change: "TYPE path" (no message text, which the differ may reword). */
export function changeId(change: { type?: string; change?: string; path?: string | undefined }): string {
  const type = change.type ?? change.change ?? "";
  return change.path ? `${type} ${change.path}` : type;
}

const KNOWN_CHANGE_TYPES = new Set<string>(Object.values(ChangeType));
const ENTRY_KEYS = new Set(["change", "path", "reason", "date"]);

export class ContractFileError extends Error {}

/** The accepted list as `schema:release` leaves it: comments saying how to use it, and no entries. */
export const EMPTY_ACCEPTED_FILE = `# Breaking changes to schema.graphql accepted since the last release (${BASELINE_FILE}).
# \`npm run schema:diff\` (and \`npm test\`) fails on a breaking change that is not listed here, and on an
# entry that matches no breaking change any more. Deprecate before removing: see "Changing the GraphQL
# schema" in README.md. Each entry names the change as schema:diff prints it (change type and path,
# never the message) and says why clients are not hurt or how they move:
#
#   - change: FIELD_REMOVED
#     path: Microbook.oldField
#     reason: Deprecated since the 2026-10 release; no shipped app version asks for it.
#     date: 2026-11-27
#
# \`npm run schema:release\` empties this list: its changes are then part of the baseline.
accepted: []
`;

/** Parses and checks the accepted list (YAML: `accepted:` with entries of change, path, reason, date). */
export function parseAcceptedChanges(text: string, file = ACCEPTED_FILE): AcceptedChange[] {
  let doc: unknown;
  try {
    doc = parseYaml(text);
  } catch (error) {
    throw new ContractFileError(`${file} is not valid YAML: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (doc === null || doc === undefined) return [];
  if (typeof doc !== "object" || Array.isArray(doc) || !("accepted" in doc)) {
    throw new ContractFileError(`${file} must be a mapping with an \`accepted:\` list`);
  }
  const list = (doc as { accepted: unknown }).accepted;
  if (list === null) return [];
  if (!Array.isArray(list)) throw new ContractFileError(`${file}: \`accepted\` must be a list`);
  const problems: string[] = [];
  const seen = new Set<string>();
  const entries = list.map((raw: unknown, index): AcceptedChange => {
    const where = `${file}: entry ${index + 1}`;
    if (typeof raw !== "object" || raw === null || Array.isArray(raw)) {
      problems.push(`${where} must be a mapping of change, path, reason, date`);
      return { change: "", reason: "", date: "" };
    }
    const entry = raw as Record<string, unknown>;
    for (const key of Object.keys(entry)) if (!ENTRY_KEYS.has(key)) problems.push(`${where}: unknown key \`${key}\``);
    const change = typeof entry.change === "string" ? entry.change.trim() : "";
    if (!change) problems.push(`${where}: \`change\` (the change type schema:diff prints, e.g. FIELD_REMOVED) is required`);
    else if (!KNOWN_CHANGE_TYPES.has(change)) problems.push(`${where}: \`${change}\` is not a change type of the differ`);
    let path: string | undefined;
    if (entry.path !== undefined && entry.path !== null) {
      if (typeof entry.path !== "string" || !entry.path.trim()) problems.push(`${where}: \`path\` must be a path such as Query.search`);
      else path = entry.path.trim();
    }
    const reason = typeof entry.reason === "string" ? entry.reason.trim() : "";
    if (!reason) problems.push(`${where}: \`reason\` is required (why clients are not hurt, or how they move)`);
    // YAML 1.2 (the yaml package's default) reads 2026-11-27 as a string; a Date is accepted too.
    const date =
      entry.date instanceof Date ? entry.date.toISOString().slice(0, 10) : typeof entry.date === "string" ? entry.date.trim() : "";
    if (!isIsoDate(date)) problems.push(`${where}: \`date\` must be the day it was accepted, as YYYY-MM-DD`);
    const accepted: AcceptedChange = { change, ...(path ? { path } : {}), reason, date };
    const id = changeId(accepted);
    if (change && seen.has(id)) problems.push(`${where}: ${id} is listed twice`);
    seen.add(id);
    return accepted;
  });
  if (problems.length) throw new ContractFileError(problems.join("\n"));
  return entries;
}

function isIsoDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

/** Removals that the deprecate-first policy covers: what GraphQL lets a schema mark @deprecated. */
const DEPRECATABLE_REMOVALS = new Set<string>([
  ChangeType.FieldRemoved,
  ChangeType.EnumValueRemoved,
  ChangeType.InputFieldRemoved,
  ChangeType.FieldArgumentRemoved,
]);

/** The deprecation reason the baseline gave the element at `path` (Type.field, Type.field.arg, Enum.VALUE, Input.field). */
function baselineDeprecation(schema: GraphQLSchema, path: string): string | null | undefined {
  const [typeName = "", member = "", argName] = path.split(".");
  const type = schema.getType(typeName);
  if (isObjectType(type) || isInterfaceType(type)) {
    const field = type.getFields()[member];
    if (!field) return undefined;
    if (argName === undefined) return field.deprecationReason;
    return field.args.find((arg) => arg.name === argName)?.deprecationReason;
  }
  if (isInputObjectType(type)) return type.getFields()[member]?.deprecationReason;
  if (isEnumType(type)) return type.getValue(member)?.deprecationReason;
  return undefined;
}

/** Compares the current schema with the baseline, given the accepted breaking changes. */
export async function compareSchemas(input: { baseline: string; current: string; accepted: AcceptedChange[] }): Promise<ContractReport> {
  const baseline = build(input.baseline, BASELINE_FILE);
  const current = build(input.current, "schema.graphql");
  const changes = await diff(baseline, current);
  const acceptedById = new Map(input.accepted.map((entry) => [changeId(entry), entry]));
  const used = new Set<string>();
  const report: ContractReport = { breaking: [], accepted: [], dangerous: [], safe: [], stale: [], ok: true };

  for (const change of changes) {
    const reported = describe(change);
    if (change.criticality.level === CriticalityLevel.Breaking) {
      if (DEPRECATABLE_REMOVALS.has(change.type) && change.path && !baselineDeprecation(baseline, change.path)) {
        reported.notDeprecated = true;
      }
      const id = changeId(change);
      const entry = acceptedById.get(id);
      if (entry) {
        used.add(id);
        report.accepted.push({ ...reported, accepted: entry });
      } else {
        report.breaking.push(reported);
      }
    } else if (change.criticality.level === CriticalityLevel.Dangerous) {
      report.dangerous.push(reported);
    } else {
      report.safe.push(reported);
    }
  }
  report.stale = input.accepted.filter((entry) => !used.has(changeId(entry)));
  report.ok = report.breaking.length === 0 && report.stale.length === 0;
  return report;
}

function build(sdl: string, file: string): GraphQLSchema {
  try {
    return buildSchema(sdl);
  } catch (error) {
    throw new ContractFileError(`${file} is not a valid GraphQL schema: ${error instanceof Error ? error.message : String(error)}`);
  }
}

function describe(change: Change): ReportedChange {
  return {
    type: change.type,
    ...(change.path ? { path: change.path } : {}),
    message: change.message,
    ...(change.criticality.reason ? { why: change.criticality.reason } : {}),
  };
}

const DEPRECATE_FIRST =
  "it was not deprecated in the baseline: deprecate it first with @deprecated / Pothos `deprecationReason`, ship a release, then remove it";

/** The report as schema:diff prints it; `today` (YYYY-MM-DD) fills the entries it proposes. */
export function formatReport(report: ContractReport, today: string): string {
  const lines: string[] = [];
  const total = report.breaking.length + report.accepted.length + report.dangerous.length + report.safe.length;
  lines.push(
    total === 0
      ? `schema.graphql is the same as the last release (${BASELINE_FILE}).`
      : `schema.graphql against the last release (${BASELINE_FILE}): ${report.breaking.length} breaking, ` +
          `${report.accepted.length} accepted breaking, ${report.dangerous.length} dangerous, ${report.safe.length} safe.`,
  );
  const section = (title: string, items: ReportedChange[], render: (item: ReportedChange) => string[]) => {
    if (!items.length) return;
    lines.push("", title);
    for (const item of items) lines.push(...render(item));
  };
  section("Safe changes:", report.safe, (c) => [`  + ${changeId(c)}: ${c.message}`]);
  section("Dangerous changes (clients may need to handle them; they do not fail the check):", report.dangerous, (c) => [
    `  ! ${changeId(c)}: ${c.message}`,
    ...(c.why ? [`      ${c.why}`] : []),
  ]);
  section("Accepted breaking changes (recorded in " + ACCEPTED_FILE + "):", report.accepted, (c) => [
    `  ✓ ${changeId(c)}: ${c.message}`,
    `      reason (${c.accepted?.date}): ${c.accepted?.reason}`,
    ...(c.notDeprecated ? [`      note: ${DEPRECATE_FIRST}`] : []),
  ]);
  section("BREAKING changes (not recorded as accepted):", report.breaking, (c) => [
    `  ✘ ${changeId(c)}: ${c.message}`,
    // The policy's note replaces the differ's own advice, which says the same at more length.
    ...(c.notDeprecated ? [`      ${c.path} was removed but ${DEPRECATE_FIRST}.`] : c.why ? [`      ${c.why}`] : []),
  ]);
  if (report.stale.length) {
    lines.push("", `Stale entries in ${ACCEPTED_FILE} (they match no breaking change now; remove them):`);
    for (const entry of report.stale) lines.push(`  ✘ ${changeId(entry)} (${entry.date}): ${entry.reason}`);
  }
  if (report.breaking.length) {
    lines.push(
      "",
      "A shipped client (the mobile app) cannot follow a breaking change. Make the change additive instead (a new field or",
      "argument beside the old one, the old one deprecated), or, if it is really meant, record it with a reason in",
      `${ACCEPTED_FILE}:`,
      "",
      ...report.breaking.flatMap((c) => [
        `  - change: ${c.type}`,
        ...(c.path ? [`    path: ${c.path}`] : []),
        "    reason: <why no shipped client breaks, or how clients move>",
        `    date: ${today}`,
      ]),
    );
  }
  lines.push("", report.ok ? "Schema contract: OK." : "Schema contract: FAILED.");
  return lines.join("\n");
}

/** The baseline file's text for a schema.graphql: its generated header replaced by the baseline's own. */
export function baselineFileText(schemaGraphql: string, date: string): string {
  const body = schemaGraphql.replace(/^(#[^\n]*\n|\s*\n)*/, "");
  return (
    `# The GraphQL schema of the last release point, recorded by \`npm run schema:release\` on ${date}.\n` +
    "# schema.graphql is compared with it by `npm run schema:diff` (part of `npm test`). Do not edit.\n\n" +
    body
  );
}
