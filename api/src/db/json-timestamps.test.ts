import { describe, expect, it } from "vitest";
import { jsonTimestamp } from "./json-timestamps.js";

describe("jsonTimestamp", () => {
  it("reads a zoneless timestamp as UTC, whatever the process's time zone", () => {
    expect(jsonTimestamp("2026-12-07T17:00:00.123").toISOString()).toBe("2026-12-07T17:00:00.123Z");
    expect(jsonTimestamp("2026-03-29T01:30:00").toISOString()).toBe("2026-03-29T01:30:00.000Z");
  });
});
