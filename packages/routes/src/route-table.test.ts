import { describe, expect, it } from "vitest";
import { localizePath, matchRoute, splitLocale } from "./route-table";

describe("the route table", () => {
  it("splits the locale prefix off a path; Portuguese has none", () => {
    expect(splitLocale("/")).toEqual({ locale: "pt", path: "/" });
    expect(splitLocale("/en")).toEqual({ locale: "en", path: "/" });
    expect(splitLocale("/es/microbook/walden")).toEqual({ locale: "es", path: "/microbook/walden" });
    // "/english" is not the English prefix.
    expect(splitLocale("/english")).toEqual({ locale: "pt", path: "/english" });
  });

  it("prefixes a path for English and Spanish only", () => {
    expect(localizePath("pt", "/microbook/walden")).toBe("/microbook/walden");
    expect(localizePath("en", "/")).toBe("/en");
    expect(localizePath("es", "/microbook/walden")).toBe("/es/microbook/walden");
  });

  it("matches known pages in every locale and nothing else", () => {
    expect(matchRoute("/")).toEqual({ name: "home", locale: "pt" });
    expect(matchRoute("/en/")).toEqual({ name: "home", locale: "en" });
    expect(matchRoute("/es/microbook/meditations")).toEqual({ name: "microbook", locale: "es" });
    for (const unknown of ["/microbook", "/microbook/a/b", "/fr/microbook/walden", "/en/no-such-page"]) {
      expect(matchRoute(unknown), unknown).toBeNull();
    }
  });
});
