import { act, render, screen, waitFor } from "@testing-library/react";
import { StrictMode } from "react";
import { renderToString } from "react-dom/server";
import {
  createMemoryRouter,
  createStaticHandler,
  createStaticRouter,
  data,
  RouterProvider,
  StaticRouterProvider,
  type RouteObject,
} from "react-router-dom";
import { beforeEach, describe, expect, it, vi, type Mock } from "vitest";
import { installChunkReload, RELOAD_GUARD_MS, RELOAD_STORAGE_KEY } from "../chunk-reload";
import { renderRoutes, testI18n, withI18n } from "../../test/render";
import { ErrorPage } from "./ErrorPage";

// The header can be made to fail, to see what a second error (one while showing the error page) gives.
const broken = vi.hoisted(() => ({ header: false }));
vi.mock("../layouts/Header", async (importOriginal) => {
  const original = await importOriginal<typeof import("../layouts/Header")>();
  return {
    ...original,
    Header: (props: Parameters<typeof original.Header>[0]) => {
      if (broken.header) throw new Error("The header broke too");
      return original.Header(props);
    },
  };
});

const chunkError = () => new TypeError("Failed to fetch dynamically imported module: http://localhost/assets/Home-old.js");

/** A locale-like route with the error page, whose child fails as told. */
function routes(child: Partial<RouteObject>, prefix = "/en"): RouteObject[] {
  return [{ path: prefix, errorElement: <ErrorPage />, children: [{ path: "page", element: <h1>The page</h1>, ...child }] }];
}

let reload: Mock<() => void>;
beforeEach(() => {
  broken.header = false;
  reload = vi.fn<() => void>();
  vi.spyOn(window.location, "reload").mockImplementation(reload);
  vi.spyOn(console, "error").mockImplementation(() => undefined);
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date("2026-01-01T12:00:00Z"));
});

describe("the error page", () => {
  it("shows status 500 and the default message, translated, with a link home", async () => {
    renderRoutes(
      routes(
        {
          loader: () => {
            throw new Error("database down");
          },
        },
        "/",
      ),
      { path: "/page", locale: "pt" },
    );
    expect(await screen.findByRole("heading", { level: 1, name: "Erro" })).toBeTruthy();
    expect(document.querySelector(".error-page__status")!.textContent).toBe("500");
    expect(screen.getByRole("link", { name: "Ir para a página inicial" }).getAttribute("href")).toBe("/");
    expect(screen.queryByText(/database down/)).toBeNull();
  });

  it("shows a loader's failure with its own status and message", async () => {
    renderRoutes(
      routes({
        loader: () => {
          throw data("This microbook was withdrawn", { status: 410 });
        },
      }),
      { path: "/en/page" },
    );
    expect(await screen.findByRole("heading", { level: 1, name: "This microbook was withdrawn" })).toBeTruthy();
    expect(document.querySelector(".error-page__status")!.textContent).toBe("410");
  });

  it("falls back to a static page with a link home when showing the error page fails too", async () => {
    broken.header = true;
    renderRoutes(
      routes(
        {
          loader: () => {
            throw new Error("first failure");
          },
        },
        "/es",
      ),
      { path: "/es/page", locale: "es" },
    );
    expect(await screen.findByRole("heading", { level: 1, name: "Error" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Ir a la página de inicio" }).getAttribute("href")).toBe("/es");
    expect(document.querySelector(".error-page__status")).toBeNull();
    expect(document.querySelector("header")).toBeNull();
  });
});

describe("a code chunk that fails to load", () => {
  it("reloads the page once, and shows nothing meanwhile", async () => {
    renderRoutes(routes({ lazy: () => Promise.reject(chunkError()) }), { path: "/en/page" });
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole("heading")).toBeNull();
    expect(sessionStorage.getItem(RELOAD_STORAGE_KEY)).toBe(String(Date.now()));
  });

  it("reloads once under StrictMode's double rendering and effects too", async () => {
    const router = createMemoryRouter(
      [{ hydrateFallbackElement: <div />, children: routes({ lazy: () => Promise.reject(chunkError()) }) }],
      {
        initialEntries: ["/en/page"],
      },
    );
    render(<StrictMode>{withI18n(<RouterProvider router={router} />)}</StrictMode>);
    await waitFor(() => expect(reload).toHaveBeenCalled());
    await act(() => Promise.resolve());
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it("does not reload again within 60 s: the error page shows instead", async () => {
    sessionStorage.setItem(RELOAD_STORAGE_KEY, String(Date.now() - RELOAD_GUARD_MS + 1000));
    renderRoutes(routes({ lazy: () => Promise.reject(chunkError()) }), { path: "/en/page" });
    expect(await screen.findByRole("heading", { level: 1, name: "Error" })).toBeTruthy();
    expect(reload).not.toHaveBeenCalled();
  });

  it("reloads again once the 60 s have passed", async () => {
    sessionStorage.setItem(RELOAD_STORAGE_KEY, String(Date.now() - RELOAD_GUARD_MS));
    renderRoutes(routes({ lazy: () => Promise.reject(chunkError()) }), { path: "/en/page" });
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
  });

  it("is not reloaded while rendering: a render alone (the server's) changes nothing", async () => {
    const handler = createStaticHandler(routes({ loader: () => Promise.reject(chunkError()) }));
    const context = await handler.query(new Request("http://localhost/en/page"));
    if (context instanceof Response) throw new Error("unexpected response");
    const router = createStaticRouter(handler.dataRoutes, context);
    const html = renderToString(withI18n(<StaticRouterProvider router={router} context={context} hydrate={false} />, testI18n("en")));
    expect(html).not.toContain("<h1");
    expect(reload).not.toHaveBeenCalled();
    expect(sessionStorage.getItem(RELOAD_STORAGE_KEY)).toBeNull();
  });

  it("reloads once a minute when Vite fails to preload a chunk", () => {
    const uninstall = installChunkReload();
    try {
      const first = new Event("vite:preloadError", { cancelable: true });
      window.dispatchEvent(first);
      expect(reload).toHaveBeenCalledTimes(1);
      expect(first.defaultPrevented).toBe(true);
      vi.setSystemTime(Date.now() + RELOAD_GUARD_MS - 1);
      const second = new Event("vite:preloadError", { cancelable: true });
      window.dispatchEvent(second);
      expect(reload).toHaveBeenCalledTimes(1);
      // Not prevented: Vite throws the error, and the route's error page shows it.
      expect(second.defaultPrevented).toBe(false);
      vi.setSystemTime(Date.now() + 1);
      window.dispatchEvent(new Event("vite:preloadError", { cancelable: true }));
      expect(reload).toHaveBeenCalledTimes(2);
    } finally {
      uninstall();
    }
  });
});
