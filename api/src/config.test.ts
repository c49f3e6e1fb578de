import { describe, expect, it } from "vitest";
import { loadConfig } from "./config.js";

describe("PUBLIC_URL", () => {
  it("is the site's origin, without a trailing slash", () => {
    expect(loadConfig({ PUBLIC_URL: "https://brevia.example/" }).publicUrl).toBe("https://brevia.example");
    expect(loadConfig({ PUBLIC_URL: "http://localhost:8080" }).publicUrl).toBe("http://localhost:8080");
    expect(loadConfig({ PUBLIC_URL: "" }).publicUrl).toBeUndefined();
    expect(loadConfig({}).publicUrl).toBeUndefined();
  });

  it("refuses anything but an http(s) origin, saying what it wants", () => {
    for (const value of ["brevia.example", "ftp://brevia.example", "https://brevia.example/app", "https://brevia.example/?x=1"]) {
      expect(() => loadConfig({ PUBLIC_URL: value }), value).toThrow(
        /PUBLIC_URL must be the site's origin, e\.g\. https:\/\/brevia\.example/,
      );
    }
  });
});
