import { render, screen } from "@testing-library/react";
import { useEffect } from "react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import styles from "../../styles.css?raw";
import { actNow } from "../../test/render";
import { TOAST_DURATION_MS, ToastProvider, useToast } from "./toasts";

let toast: ReturnType<typeof useToast>;
/** Hands the toast API to the test once mounted. */
function Grab({ into }: { into: (api: ReturnType<typeof useToast>) => void }) {
  const api = useToast();
  useEffect(() => {
    into(api);
  }, [api, into]);
  return null;
}

function visibleToasts() {
  return [...document.querySelectorAll(".toast")].map((element) => element.textContent);
}

describe("toasts", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    render(
      <ToastProvider>
        <Grab into={(api) => (toast = api)} />
      </ToastProvider>,
    );
  });

  it("last 5 seconds", () => {
    expect(TOAST_DURATION_MS).toBe(5000);
    actNow(() => toast.show("Saved"));
    expect(screen.getByText("Saved")).toBeTruthy();
    actNow(() => vi.advanceTimersByTime(4999));
    expect(visibleToasts()).toEqual(["Saved"]);
    actNow(() => vi.advanceTimersByTime(1));
    expect(visibleToasts()).toEqual([]);
  });

  it("show one at a time: the next waits for the current one's 5 seconds", () => {
    actNow(() => {
      toast.show("First");
      toast.show("Second", "error");
    });
    expect(visibleToasts()).toEqual(["First"]);
    actNow(() => vi.advanceTimersByTime(3000));
    // A third toast does not restart the current one's time.
    actNow(() => toast.show("Third"));
    actNow(() => vi.advanceTimersByTime(2000));
    expect(visibleToasts()).toEqual(["Second"]);
    expect(document.querySelector(".toast")!.className).toContain("toast--error");
    actNow(() => vi.advanceTimersByTime(4999));
    expect(visibleToasts()).toEqual(["Second"]);
    actNow(() => vi.advanceTimersByTime(1));
    expect(visibleToasts()).toEqual(["Third"]);
    actNow(() => vi.advanceTimersByTime(5000));
    expect(visibleToasts()).toEqual([]);
  });

  it("are announced politely, from a region fixed at the bottom right, away from the header, above the dock", () => {
    actNow(() => toast.show("Saved"));
    const region = screen.getByText("Saved").closest(".toast-region")!;
    expect(region.getAttribute("role")).toBe("status");
    expect(region.getAttribute("aria-live")).toBe("polite");
    // The app's stylesheet places the region.
    const style = document.createElement("style");
    style.textContent = styles;
    document.head.append(style);
    try {
      const computed = getComputedStyle(region);
      expect(computed.position).toBe("fixed");
      // Above the phone's bottom bar and the player's mini bar (both 0 here: no bar in this page).
      expect(computed.bottom).toBe("calc(calc(0px + 0px) + 16px)");
      document.documentElement.style.setProperty("--bottom-nav-height", "56px");
      expect(getComputedStyle(region).bottom).toBe("calc(calc(56px + 0px) + 16px)");
      document.documentElement.style.removeProperty("--bottom-nav-height");
      expect(computed.right).toMatch(/^\d/);
      expect(["", "auto"]).toContain(computed.left);
      expect(["", "auto"]).toContain(computed.top);
    } finally {
      style.remove();
    }
  });
});
