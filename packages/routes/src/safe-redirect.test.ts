import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "./safe-redirect";

describe("safeRedirectPath", () => {
  it("keeps app pages, without their language prefix, with their query", () => {
    const cases: [string, string][] = [
      ["/settings", "/settings"],
      ["/", "/"],
      ["/es", "/"],
      ["/en/", "/"],
      ["/en/microbook/walden?x=1", "/microbook/walden?x=1"],
      ["/es/search?q=a%2Fb", "/search?q=a%2Fb"],
      ["/microbook/o-pr%C3%ADncipe", "/microbook/o-pr%C3%ADncipe"],
      ["/settings#devices", "/settings"],
      // Normalised first: dot segments and repeated slashes inside the path.
      ["/./settings", "/settings"],
      ["/en/./settings", "/settings"],
      ["/welcome/../settings", "/settings"],
      ["/en//settings", "/settings"],
      ["/settings//", "/settings/"],
    ];
    for (const [next, expected] of cases) expect(safeRedirectPath(next), next).toBe(expected);
  });

  it("refuses every way of naming another site, and anything that is not a page", () => {
    const refused: unknown[] = [
      undefined,
      null,
      42,
      ["/settings"],
      "",
      "settings",
      "//evil.example",
      "//evil.example/x",
      "///evil.example",
      // The probe's variants: normalised, these are protocol-relative URLs or not pages at all.
      "/.//evil.example",
      "/./\\evil.example",
      "/en//evil.example",
      "/es/.//evil.example",
      "/%2F%2Fevil.example",
      "/%2f%2fevil.example",
      "/%252F%252Fevil.example",
      "/%5Cevil.example",
      "/%2E%2E/settings",
      "/\\evil.example",
      "\\\\/evil.example",
      "\\/evil.example",
      "/\t/evil.example",
      "/\n/evil.example",
      "/%09/evil.example",
      "/%00settings",
      "/settings\u0000",
      "javascript:alert(1)",
      "/javascript:alert(1)",
      "https://evil.example",
      "https://evil.example/settings",
      "http:/evil.example",
      "/evil.example",
      "/fr/settings",
      "/%E0%A4%A",
      `/search?q=${"x".repeat(2000)}`,
    ];
    for (const next of refused) expect(safeRedirectPath(next), JSON.stringify(next)).toBeNull();
  });

  it("only ever answers a path the browser reads as this site's", () => {
    // Whatever it accepts, resolved against the site and against another origin, stays on that origin.
    const inputs = ["/settings", "/en//settings", "/./settings", "/welcome/../settings", "/es/microbook/x?y=//z"];
    for (const next of inputs) {
      const path = safeRedirectPath(next)!;
      expect(path.startsWith("/") && !path.startsWith("//") && !path.includes("\\"), next).toBe(true);
      expect(new URL(path, "https://brevia.example").origin).toBe("https://brevia.example");
      expect(new URL(`/en${path}`, "https://brevia.example").origin).toBe("https://brevia.example");
    }
  });
});
