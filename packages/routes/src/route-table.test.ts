import { describe, expect, it } from "vitest";
import { localizePath, matchRoute, pageQuery, ROUTE_NAMES, ROUTE_TABLE, routePath, splitLocale } from "./route-table";

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

  it("fills a route's path parameters, encoded", () => {
    expect(routePath("home")).toBe("/");
    expect(routePath("login")).toBe("/login");
    expect(routePath("microbook", { slug: "walden" })).toBe("/microbook/walden");
    expect(routePath("newPassword", { token: "a/b" })).toBe("/new-password/a%2Fb");
    for (const name of ROUTE_NAMES) {
      const params = Object.fromEntries([...ROUTE_TABLE[name].path.matchAll(/:(\w+)/g)].map(([, key]) => [key, "x"]));
      expect(matchRoute((routePath as (n: string, p: Record<string, string>) => string)(name, params)), name).toEqual({
        name,
        locale: "pt",
      });
    }
  });
});

describe("the route declarations", () => {
  it("keep a token only in a public page's path, never for crawlers", () => {
    for (const name of ROUTE_NAMES) {
      const route = ROUTE_TABLE[name];
      expect(Boolean(route.token), name).toBe(route.path.includes(":token"));
      if (route.sitemap) expect(route.guard, name).toBe("public");
      if (route.sitemap) expect(route.token, name).toBeFalsy();
    }
  });

  it("list each query parameter once, as rendered from or read in the browser only", () => {
    for (const name of ROUTE_NAMES) {
      const { query = [], clientQuery = [] } = ROUTE_TABLE[name];
      const all = [...query, ...clientQuery];
      expect(new Set(all).size, name).toBe(all.length);
    }
  });
});

describe("what makes a page distinct (the page cache's key)", () => {
  const at = (path: string) => pageQuery(new URL(path, "https://brevia.test"));

  it("is the route's declared query parameters, in their declared order", () => {
    expect(at("/categories/philosophy?lang=en&page=2&sort=newest")).toBe("?page=2&sort=newest&lang=en");
    expect(at("/es/search?after=abc&q=stoic%20life")).toBe("?q=stoic%20life&after=abc");
    expect(at("/trending?page=2&page=3")).toBe("?page=2&page=3");
  });

  it("ignores parameters the route does not declare: two addresses differing only in them are one page", () => {
    expect(at("/trending?utm_source=mail&page=2")).toBe(at("/trending?page=2"));
    // `sort` makes a category page distinct, not a listing; `next` is read in the browser only.
    expect(at("/trending?sort=newest")).toBe("");
    expect(at("/categories/philosophy?sort=newest")).not.toBe(at("/categories/philosophy"));
    expect(at("/login?next=%2Fsettings")).toBe(at("/login"));
    expect(at("/microbook/walden?intent=read")).toBe("");
    expect(at("/no-such-page?page=2")).toBe("");
  });
});
