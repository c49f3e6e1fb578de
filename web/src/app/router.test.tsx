import { ROUTE_NAMES } from "@brevia/routes";
import { createMemoryRouter, type RouteObject } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { mockApollo } from "../test/mock-api";
import { testI18n } from "../test/render";
import { createRoutes, pageRoutePatcher, pageAt } from "./router";

const deps = { apollo: mockApollo({}), i18n: testI18n("es"), chooseLocale: async () => undefined };

/** A route as a short label: its path ("index" for an index route), with its children's. */
type Shape = string | [string, Shape[]];
function shape(route: RouteObject): Shape {
  const label = route.index ? "index" : (route.path ?? route.id ?? "");
  return route.children ? [label, route.children.map(shape)] : label;
}
/** The pages of a language route (under its layout). */
const pagesOf = (language: RouteObject) => language.children![0]!.children!.map(shape);

describe("the browser's route table", () => {
  it("starts with its first page and the not-found route only; the server's holds every page in every language", () => {
    const [root] = createRoutes(deps, pageAt("/es/microbook/walden"));
    expect(root!.children!.map((language) => language.path)).toEqual(["/es"]);
    // Home too: "/es" would otherwise match the language's route itself, a leaf with no page.
    expect(pagesOf(root!.children![0]!)).toEqual(["index", "microbook/:slug", "*"]);
    expect(pagesOf(createRoutes(deps, pageAt("/es/no/such/page"))[0]!.children![0]!)).toEqual(["index", "*"]);

    const [server] = createRoutes(deps);
    expect(server!.children!.map((language) => language.path)).toEqual(["/", "/en", "/es"]);
    for (const language of server!.children!) expect(pagesOf(language)).toHaveLength(ROUTE_NAMES.length + 1);
  });

  it("learns each page the reader goes to, once, and another language with its first page", async () => {
    const router = createMemoryRouter(createRoutes(deps, pageAt("/es")), {
      initialEntries: ["/es"],
      patchRoutesOnNavigation: pageRoutePatcher(deps),
    });
    /** The page the router shows (its leaf route), once the navigation is done. */
    const shows = async (path: string) => {
      await router.navigate(path);
      const leaf = router.state.matches.at(-1)!.route;
      return leaf.index ? "index" : leaf.path;
    };
    expect(await shows("/es/microbook/walden")).toBe("microbook/:slug");
    expect(await shows("/es/microbook/meditations")).toBe("microbook/:slug");
    expect(await shows("/es")).toBe("index");
    expect(await shows("/en/search")).toBe("search");
    expect(await shows("/en/categories/history")).toBe("categories/:slug");
    expect(await shows("/en/no/such/page")).toBe("*");
    expect(await shows("/en/search")).toBe("search");
    expect(await shows("/en")).toBe("index");
    expect(await shows("/")).toBe("index");
    // Each page once, under its language's layout; a language once.
    expect(router.routes.map(shape)).toEqual([
      [
        "root",
        [
          ["/es", [["layout-es", ["index", "*", "microbook/:slug"]]]],
          ["/en", [["layout-en", ["index", "search", "*", "categories/:slug"]]]],
          ["/", [["layout-pt", ["index", "*"]]]],
        ],
      ],
    ]);
    router.dispose();
  });
});
