import { act, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Link, Outlet } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { PageHead } from "../PageHead";
import { renderRoutes } from "../../test/render";
import { RouteAnnouncer } from "./RouteAnnouncer";

function Page({ title }: { title: string }) {
  return (
    <>
      <PageHead title={`${title} · Brevia`} />
      <p>
        <Link to="/en">Home</Link> <Link to="/en/microbook/walden">Walden</Link>
      </p>
      <h1>{title}</h1>
    </>
  );
}

function renderApp(path = "/en") {
  return renderRoutes(
    [
      {
        element: (
          <>
            <main id="main">
              <Outlet />
            </main>
            <RouteAnnouncer />
          </>
        ),
        children: [
          { path: "/en", element: <Page title="Discover" /> },
          { path: "/en/microbook/walden", loader: async () => null, element: <Page title="Walden" /> },
        ],
      },
    ],
    { path },
  );
}

const announcer = () => document.querySelector<HTMLElement>("[data-route-announcer]")!;

describe("after a client-side navigation", () => {
  it("leaves focus and says nothing on the first load", async () => {
    renderApp();
    await screen.findByRole("heading", { name: "Discover" });
    expect(document.activeElement).toBe(document.body);
    expect(announcer().textContent).toBe("");
    expect(announcer().getAttribute("aria-live")).toBe("polite");
  });

  it("moves focus to the new page's heading and announces its title", async () => {
    const user = userEvent.setup();
    renderApp();
    await user.click(await screen.findByRole("link", { name: "Walden" }));
    const heading = await screen.findByRole("heading", { level: 1, name: "Walden" });
    expect(document.activeElement).toBe(heading);
    // Focusable from script, not a tab stop.
    expect(heading.getAttribute("tabindex")).toBe("-1");
    expect(announcer().textContent).toBe("Walden · Brevia");

    await user.click(screen.getByRole("link", { name: "Home" }));
    const home = await screen.findByRole("heading", { level: 1, name: "Discover" });
    expect(document.activeElement).toBe(home);
    expect(announcer().textContent).toBe("Discover · Brevia");
  });

  it("does nothing when only the query string changes", async () => {
    const { router } = renderApp("/en/microbook/walden");
    await screen.findByRole("heading", { name: "Walden" });
    await act(() => router.navigate("/en/microbook/walden?tab=audio"));
    expect(document.activeElement).toBe(document.body);
    expect(announcer().textContent).toBe("");
  });
});
