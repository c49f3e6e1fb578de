import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import {
  createMemoryRouter,
  createStaticHandler,
  createStaticRouter,
  Outlet,
  RouterProvider,
  StaticRouterProvider,
  useLocation,
  type RouteObject,
} from "react-router-dom";
import { describe, expect, it, vi } from "vitest";
import { readLocaleCookie } from "../locale-cookie";
import type { Locale } from "@brevia/routes";
import { renderRoutes, testI18n, withI18n } from "../../test/render";
import { LanguageSwitcher } from "./LanguageSwitcher";

function Where() {
  const { pathname, search } = useLocation();
  return <output data-testid="where">{pathname + search}</output>;
}

const routes: RouteObject[] = [
  {
    element: (
      <>
        <LanguageSwitcher />
        <Where />
        <Outlet />
      </>
    ),
    children: ["/microbook/:slug", "/en/microbook/:slug", "/es/microbook/:slug", "/", "/en", "/es"].map((path) => ({
      path,
      element: null,
    })),
  },
];

const switcher = (name = "Language") => screen.getByRole("navigation", { name });

describe("the language switcher", () => {
  it("is a list of links to this same page in pt, en and es, the current one marked", () => {
    renderRoutes(routes, { path: "/en/microbook/walden?from=home", locale: "en" });
    expect(screen.queryByRole("combobox")).toBeNull();
    const links = within(switcher()).getAllByRole("link");
    expect(
      links.map((link) => [link.textContent, link.getAttribute("href"), link.getAttribute("hreflang"), link.getAttribute("lang")]),
    ).toEqual([
      ["Português", "/microbook/walden?from=home", "pt", "pt"],
      ["English", "/en/microbook/walden?from=home", "en", "en"],
      ["Español", "/es/microbook/walden?from=home", "es", "es"],
    ]);
    expect(links.map((link) => link.getAttribute("aria-current"))).toEqual([null, "page", null]);
    expect(within(switcher()).getByRole("list")).toBeTruthy();
  });

  it("is labelled in the page's language", () => {
    renderRoutes(routes, { path: "/", locale: "pt" });
    expect(
      within(switcher("Idioma"))
        .getAllByRole("link")
        .map((link) => link.getAttribute("href")),
    ).toEqual(["/", "/en", "/es"]);
  });

  it("remembers the chosen language in the i18n_redirected cookie and moves to the page in it", async () => {
    const user = userEvent.setup();
    const cookies = vi.spyOn(document, "cookie", "set");
    renderRoutes(routes, { path: "/en", locale: "en" });
    await user.click(within(switcher()).getByRole("link", { name: "Português" }));
    expect(readLocaleCookie()).toBe("pt");
    expect(cookies).toHaveBeenCalledWith(expect.stringMatching(/^i18n_redirected=pt; Max-Age=31536000; Path=\/; SameSite=Lax$/));
    expect(screen.getByTestId("where").textContent).toBe("/");
    await user.click(within(switcher()).getByRole("link", { name: "Español" }));
    expect(readLocaleCookie()).toBe("es");
    expect(screen.getByTestId("where").textContent).toBe("/es");
  });

  it("hydrates the server's links without a warning", async () => {
    const path = "/es/microbook/walden";
    const locale: Locale = "es";
    const handler = createStaticHandler(routes);
    const context = await handler.query(new Request(`http://localhost${path}`));
    if (context instanceof Response) throw new Error("unexpected response");
    const html = renderToString(
      withI18n(
        <StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} hydrate={false} />,
        testI18n(locale),
      ),
    );
    expect(html).toContain('href="/en/microbook/walden"');
    const container = document.createElement("div");
    container.innerHTML = html;
    document.body.append(container);
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const recoverable = vi.fn();
    const router = createMemoryRouter(routes, { initialEntries: [path] });
    const root = await act(async () =>
      hydrateRoot(container, withI18n(<RouterProvider router={router} />, testI18n(locale)), { onRecoverableError: recoverable }),
    );
    expect(recoverable).not.toHaveBeenCalled();
    expect(errors).not.toHaveBeenCalled();
    // The same markup (the parser writes attribute names in lower case).
    expect(container.innerHTML.toLowerCase()).toBe(html.toLowerCase());
    act(() => root.unmount());
    container.remove();
  });
});
