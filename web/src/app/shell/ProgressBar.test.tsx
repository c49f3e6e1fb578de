import { act, render, screen } from "@testing-library/react";
import { useEffect, useState } from "react";
import { createMemoryRouter, Link, Outlet, RouterProvider } from "react-router-dom";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { actNow, withI18n } from "../../test/render";
import { NavigationProgress, PROGRESS_DURATION_MS, PROGRESS_THROTTLE_MS, ProgressBar } from "./ProgressBar";

let setLoading: (loading: boolean) => void;
/** The bar with its loading flag in the test's hands. */
function Harness({ into }: { into: (set: (loading: boolean) => void) => void }) {
  const [loading, set] = useState(false);
  useEffect(() => {
    into(set);
  }, [into]);
  return <NavigationProgress loading={loading} />;
}

const bar = () => screen.queryByRole("progressbar");
const value = () => Number(bar()?.getAttribute("aria-valuenow"));
const advance = (ms: number) => actNow(() => vi.advanceTimersByTime(ms));

describe("the progress bar", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    render(withI18n(<Harness into={(set) => (setLoading = set)} />));
  });

  it("has a default duration of 5 s and a throttle of 200 ms", () => {
    expect(PROGRESS_DURATION_MS).toBe(5000);
    expect(PROGRESS_THROTTLE_MS).toBe(200);
  });

  it("shows nothing for loading shorter than the 200 ms throttle", () => {
    actNow(() => setLoading(true));
    advance(199);
    expect(bar()).toBeNull();
    actNow(() => setLoading(false));
    advance(1000);
    expect(bar()).toBeNull();
  });

  it("appears after 200 ms of loading, labelled, and creeps to 90% over the 5 s duration", () => {
    actNow(() => setLoading(true));
    advance(199);
    expect(bar()).toBeNull();
    advance(1);
    expect(bar()).not.toBeNull();
    expect(bar()!.getAttribute("aria-label")).toBe("Loading");
    const start = value();
    expect(start).toBeLessThan(10);
    advance(PROGRESS_DURATION_MS / 2);
    expect(value()).toBeGreaterThan(40);
    expect(value()).toBeLessThan(60);
    advance(PROGRESS_DURATION_MS / 2 - 200);
    expect(value()).toBeLessThan(90);
    advance(200);
    expect(value()).toBe(90);
    // It never claims to be done while loading goes on.
    advance(60_000);
    expect(value()).toBe(90);
  });

  it("fills to 100% when loading ends, then goes away", () => {
    actNow(() => setLoading(true));
    advance(1000);
    actNow(() => setLoading(false));
    advance(0);
    expect(value()).toBe(100);
    advance(PROGRESS_THROTTLE_MS);
    expect(bar()).toBeNull();
  });

  it("starts over for the next navigation", () => {
    actNow(() => setLoading(true));
    advance(3000);
    actNow(() => setLoading(false));
    advance(1000);
    actNow(() => setLoading(true));
    advance(PROGRESS_THROTTLE_MS);
    expect(value()).toBeLessThan(10);
  });
});

describe("the progress bar in the router", () => {
  it("follows a navigation whose loader takes a while", async () => {
    vi.useFakeTimers();
    let finish!: () => void;
    const router = createMemoryRouter(
      [
        {
          element: (
            <>
              <ProgressBar />
              <Outlet />
            </>
          ),
          children: [
            { path: "/", element: <Link to="/slow">Slow page</Link> },
            { path: "/slow", loader: () => new Promise<null>((resolve) => (finish = () => resolve(null))), element: <h1>Slow</h1> },
          ],
        },
      ],
      { initialEntries: ["/"] },
    );
    render(withI18n(<RouterProvider router={router} />));
    await act(async () => {
      void router.navigate("/slow");
      await Promise.resolve();
    });
    advance(PROGRESS_THROTTLE_MS + 500);
    expect(bar()).not.toBeNull();
    await act(async () => {
      finish();
      await vi.runOnlyPendingTimersAsync();
    });
    expect(screen.getByRole("heading", { name: "Slow" })).toBeTruthy();
    advance(PROGRESS_THROTTLE_MS);
    expect(bar()).toBeNull();
  });
});
