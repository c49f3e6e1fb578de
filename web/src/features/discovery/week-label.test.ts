import { describe, expect, it } from "vitest";
import { weekStartLabel } from "./week-label";

describe("a playlist's week, said as people say it", () => {
  it("names the Monday's day and month in each language", () => {
    expect(weekStartLabel("2026-11-16", "en")).toBe("16 November");
    expect(weekStartLabel("2026-11-16", "pt")).toBe("16 de novembro");
    expect(weekStartLabel("2026-11-16", "es")).toBe("16 de noviembre");
  });

  it("keeps the date whatever the time zone (the first of a month stays the first)", () => {
    expect(weekStartLabel("2026-06-01", "en")).toBe("1 June");
  });
});
