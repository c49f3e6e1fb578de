// The schema contract (contract.ts): pure, on small schemas written here; no database.
import { describe, expect, it } from "vitest";
import {
  ContractFileError,
  EMPTY_ACCEPTED_FILE,
  baselineFileText,
  compareSchemas,
  formatReport,
  parseAcceptedChanges,
  type AcceptedChange,
} from "./contract.js";

const baseline = /* GraphQL */ `
  type Query {
    microbook(slug: String!, language: String): Microbook
    search(query: String!, first: Int): [Microbook!]!
    oldList: [Microbook!]! @deprecated(reason: "Use search.")
  }
  type Microbook {
    slug: String!
    title: String!
    subtitle: String
  }
  enum Format {
    TEXT
    AUDIO
  }
  input Filter {
    format: Format
  }
  type Mutation {
    filter(input: Filter): Boolean
  }
`;

/** The baseline with `from` replaced by `to` (each must occur). */
function edit(...pairs: Array<[string, string]>): string {
  return pairs.reduce((sdl, [from, to]) => {
    expect(sdl).toContain(from);
    return sdl.replace(from, to);
  }, baseline);
}

const accept = (change: string, path: string | undefined, reason = "No shipped client asks for it."): AcceptedChange => ({
  change,
  ...(path ? { path } : {}),
  reason,
  date: "2026-11-27",
});

const ids = (changes: Array<{ type: string; path?: string }>) => changes.map((c) => `${c.type} ${c.path ?? ""}`.trim());

describe("the schema contract", () => {
  it("passes when nothing changed", async () => {
    const report = await compareSchemas({ baseline, current: baseline, accepted: [] });
    expect(report.ok).toBe(true);
    expect(formatReport(report, "2026-11-27")).toContain("same as the last release");
  });

  it("passes an added optional field (safe) and an added optional argument (dangerous: printed, not failing)", async () => {
    const current = edit(["subtitle: String", "subtitle: String\n    pages: Int"], ["first: Int)", "first: Int, after: String)"]);
    const report = await compareSchemas({ baseline, current, accepted: [] });
    expect(report.ok).toBe(true);
    expect(report.breaking).toEqual([]);
    expect(ids(report.safe)).toEqual(["FIELD_ADDED Microbook.pages"]);
    expect(ids(report.dangerous)).toEqual(["FIELD_ARGUMENT_ADDED Query.search.after"]);
    const printed = formatReport(report, "2026-11-27");
    expect(printed).toContain("+ FIELD_ADDED Microbook.pages");
    expect(printed).toContain("! FIELD_ARGUMENT_ADDED Query.search.after");
    expect(printed).toContain("Schema contract: OK.");
  });

  it("fails a removed field, and tells to deprecate first when it was not deprecated in the baseline", async () => {
    const current = edit(["    subtitle: String\n", ""]);
    const report = await compareSchemas({ baseline, current, accepted: [] });
    expect(report.ok).toBe(false);
    expect(ids(report.breaking)).toEqual(["FIELD_REMOVED Microbook.subtitle"]);
    expect(report.breaking[0]?.notDeprecated).toBe(true);
    const printed = formatReport(report, "2026-11-27");
    expect(printed).toContain("✘ FIELD_REMOVED Microbook.subtitle");
    expect(printed).toContain("deprecate it first with @deprecated / Pothos `deprecationReason`, ship a release, then remove it");
    // The entry to record it, ready to paste: change type and path, a reason to write, today's date.
    expect(printed).toContain("  - change: FIELD_REMOVED\n    path: Microbook.subtitle\n    reason: <");
    expect(printed).toContain("    date: 2026-11-27");
    expect(printed).toContain("Schema contract: FAILED.");
  });

  it("still fails removing a field deprecated in the baseline, without the deprecate-first note", async () => {
    const current = edit(['    oldList: [Microbook!]! @deprecated(reason: "Use search.")\n', ""]);
    const report = await compareSchemas({ baseline, current, accepted: [] });
    expect(ids(report.breaking)).toEqual(["FIELD_REMOVED Query.oldList"]);
    expect(report.breaking[0]?.notDeprecated).toBeUndefined();
    expect(formatReport(report, "2026-11-27")).not.toContain("deprecate it first");
  });

  it("fails an argument made non-null, a required argument added, a nullable field and a removed enum value", async () => {
    const current = edit(
      ["language: String)", "language: String!)"],
      ["first: Int)", "first: Int, cursor: String!)"],
      ["title: String!", "title: String"],
      ["    AUDIO\n", ""],
    );
    const report = await compareSchemas({ baseline, current, accepted: [] });
    expect(report.ok).toBe(false);
    expect(ids(report.breaking).sort()).toEqual([
      "ENUM_VALUE_REMOVED Format.AUDIO",
      "FIELD_ARGUMENT_ADDED Query.search.cursor",
      "FIELD_ARGUMENT_TYPE_CHANGED Query.microbook.language",
      "FIELD_TYPE_CHANGED Microbook.title",
    ]);
    expect(report.breaking.find((c) => c.type === "ENUM_VALUE_REMOVED")?.notDeprecated).toBe(true);
  });

  it("prints a dangerous change (a new enum value) without failing", async () => {
    const current = edit(["    AUDIO\n", "    AUDIO\n    VIDEO\n"]);
    const report = await compareSchemas({ baseline, current, accepted: [] });
    expect(report.ok).toBe(true);
    expect(ids(report.dangerous)).toEqual(["ENUM_VALUE_ADDED Format.VIDEO"]);
    expect(formatReport(report, "2026-11-27")).toContain("! ENUM_VALUE_ADDED Format.VIDEO");
  });

  it("passes a breaking change recorded with a reason, matched by change type and path", async () => {
    const current = edit(["    subtitle: String\n", ""], ["language: String)", "language: String!)"]);
    const accepted = [
      accept("FIELD_REMOVED", "Microbook.subtitle", "Never shipped in an app build; the web no longer asks for it."),
      accept("FIELD_ARGUMENT_TYPE_CHANGED", "Query.microbook.language"),
    ];
    const report = await compareSchemas({ baseline, current, accepted });
    expect(report.ok).toBe(true);
    expect(report.breaking).toEqual([]);
    expect(report.stale).toEqual([]);
    expect(ids(report.accepted).sort()).toEqual([
      "FIELD_ARGUMENT_TYPE_CHANGED Query.microbook.language",
      "FIELD_REMOVED Microbook.subtitle",
    ]);
    const printed = formatReport(report, "2026-11-27");
    expect(printed).toContain("✓ FIELD_REMOVED Microbook.subtitle");
    expect(printed).toContain("reason (2026-11-27): Never shipped in an app build");
    expect(printed).toContain("Schema contract: OK.");
  });

  it("does not let an entry for one path accept the same change elsewhere", async () => {
    const current = edit(["    subtitle: String\n", ""]);
    const report = await compareSchemas({ baseline, current, accepted: [accept("FIELD_REMOVED", "Microbook.title")] });
    expect(report.ok).toBe(false);
    expect(ids(report.breaking)).toEqual(["FIELD_REMOVED Microbook.subtitle"]);
    expect(report.stale).toEqual([accept("FIELD_REMOVED", "Microbook.title")]);
  });

  it("fails a recorded entry that matches no change any more (stale), so the list stays clean", async () => {
    const stale = accept("FIELD_REMOVED", "Microbook.subtitle");
    const report = await compareSchemas({ baseline, current: baseline, accepted: [stale] });
    expect(report.ok).toBe(false);
    expect(report.stale).toEqual([stale]);
    const printed = formatReport(report, "2026-11-27");
    expect(printed).toContain("Stale entries");
    expect(printed).toContain("✘ FIELD_REMOVED Microbook.subtitle");
  });

  it("reports an entry that names a safe change as stale: only breaking changes are recorded", async () => {
    const current = edit(["subtitle: String", "subtitle: String\n    pages: Int"]);
    const report = await compareSchemas({ baseline, current, accepted: [accept("FIELD_ADDED", "Microbook.pages")] });
    expect(report.ok).toBe(false);
    expect(report.stale).toHaveLength(1);
  });

  it("names an invalid schema file", async () => {
    await expect(compareSchemas({ baseline, current: "type Query {", accepted: [] })).rejects.toThrow(
      /schema\.graphql is not a valid GraphQL schema/,
    );
  });
});

describe("the accepted-breaking-changes file", () => {
  it("parses entries of change, path, reason and date", () => {
    const text = `accepted:
  - change: FIELD_REMOVED
    path: Microbook.subtitle
    reason: Deprecated since the October release.
    date: 2026-11-27
  - change: SCHEMA_MUTATION_TYPE_CHANGED
    reason: Renamed root type.
    date: 2026-11-28
`;
    expect(parseAcceptedChanges(text)).toEqual([
      { change: "FIELD_REMOVED", path: "Microbook.subtitle", reason: "Deprecated since the October release.", date: "2026-11-27" },
      { change: "SCHEMA_MUTATION_TYPE_CHANGED", reason: "Renamed root type.", date: "2026-11-28" },
    ]);
  });

  it("is empty as schema:release leaves it", () => {
    expect(parseAcceptedChanges(EMPTY_ACCEPTED_FILE)).toEqual([]);
    expect(parseAcceptedChanges("")).toEqual([]);
  });

  it("refuses an entry without a reason or a date, an unknown change type or key, and a duplicate", () => {
    const text = `accepted:
  - change: FIELD_REMOVED
    path: Microbook.subtitle
    date: 2026-11-27
  - change: FIELD_REMOVED
    path: Microbook.title
    reason: ok
    date: 27/11/2026
  - change: FIELD_DELETED
    path: Microbook.slug
    reason: ok
    date: 2026-11-27
  - change: FIELD_REMOVED
    path: Microbook.title
    reson: typo
    reason: ok
    date: 2026-11-27
`;
    let error: unknown;
    try {
      parseAcceptedChanges(text);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ContractFileError);
    const message = (error as Error).message;
    expect(message).toContain("entry 1: `reason` is required");
    expect(message).toContain("entry 2: `date` must be the day it was accepted, as YYYY-MM-DD");
    expect(message).toContain("entry 3: `FIELD_DELETED` is not a change type of the differ");
    expect(message).toContain("entry 4: unknown key `reson`");
    expect(message).toContain("entry 4: FIELD_REMOVED Microbook.title is listed twice");
  });

  it("refuses a file that is not an `accepted:` list", () => {
    expect(() => parseAcceptedChanges("- change: FIELD_REMOVED")).toThrow(/`accepted:` list/);
    expect(() => parseAcceptedChanges("accepted: yes")).toThrow(/must be a list/);
  });
});

describe("the baseline file", () => {
  it("is schema.graphql with its own header instead of the generated one", () => {
    const schemaGraphql = "# Generated by `pnpm schema:print`. Do not edit.\n\ntype Query {\n  a: Int\n}\n";
    const text = baselineFileText(schemaGraphql, "2026-11-27");
    expect(text).toMatch(/^# The GraphQL schema of the last release point, recorded by `npm run schema:release` on 2026-11-27\./);
    expect(text.endsWith("\n\ntype Query {\n  a: Int\n}\n")).toBe(true);
    expect(text).not.toContain("Generated by");
  });
});
