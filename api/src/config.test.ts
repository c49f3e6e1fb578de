import { describe, expect, it } from "vitest";
import { loadConfig } from "./config.js";

describe("PUBLIC_URL", () => {
  it("is the site's origin, without a trailing slash", () => {
    expect(loadConfig({ PUBLIC_URL: "https://brevia.example/" }).publicUrl).toBe("https://brevia.example");
    expect(loadConfig({ PUBLIC_URL: "http://localhost:8080" }).publicUrl).toBe("http://localhost:8080");
    // Unset: this machine's address on PORT, never the request's Host (security/public-links).
    expect(loadConfig({ PUBLIC_URL: "" }).publicUrl).toBe("http://localhost:3000");
    expect(loadConfig({ PORT: "4000" }).publicUrl).toBe("http://localhost:4000");
  });

  it("refuses anything but an http(s) origin, saying what it wants", () => {
    for (const value of ["brevia.example", "ftp://brevia.example", "https://brevia.example/app", "https://brevia.example/?x=1"]) {
      expect(() => loadConfig({ PUBLIC_URL: value }), value).toThrow(
        /PUBLIC_URL must be the site's origin, e\.g\. https:\/\/brevia\.example/,
      );
    }
  });
});

describe("TRUST_PROXY", () => {
  it("believes no proxy unless told which", () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "false" }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "true" }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: "loopback, 10.0.0.0/8" }).trustProxy).toEqual(["loopback", "10.0.0.0/8"]);
    const twoHops = loadConfig({ TRUST_PROXY: "2" }).trustProxy as (address: string, hop: number) => boolean;
    expect([0, 1, 2].map((hop) => twoHops("10.0.0.1", hop))).toEqual([true, true, false]);
  });

  it("refuses what is not a proxy setting, saying what it wants", () => {
    for (const value of ["yes", "10.0.0.0/8; rm", "proxy.example"]) {
      expect(() => loadConfig({ TRUST_PROXY: value }), value).toThrow(/TRUST_PROXY must be true, false, a number of proxy hops/);
    }
  });
});
