import { describe, expect, it } from "vitest";
import { safeNextPath } from "./guards";

describe("safeNextPath", () => {
  it("keeps app paths (without their language prefix) and their query", () => {
    expect(safeNextPath("/settings")).toBe("/settings");
    expect(safeNextPath("/en/microbook/walden?x=1")).toBe("/microbook/walden?x=1");
    expect(safeNextPath("/es")).toBe("/");
  });

  it("refuses anything that could lead to another site", () => {
    for (const next of [null, "", "settings", "//evil.example/x", "/\\evil.example", "https://evil.example", "javascript:alert(1)"]) {
      expect(safeNextPath(next), String(next)).toBeNull();
    }
  });
});
