import type { Page } from "playwright-core";

// Measurements taken in the page (scripts as text: the journeys are typed for Node, not the DOM).

export type Box = { what: string; width: number; height: number };

const DESCRIBE = `(el) => {
  const label = el.getAttribute("aria-label") || el.textContent.trim().slice(0, 40) || el.getAttribute("href") || "";
  return el.tagName.toLowerCase() + (el.className && typeof el.className === "string" ? "." + el.className.trim().split(/\\s+/).join(".") : "") + " " + JSON.stringify(label);
}`;

/** The visible links, buttons and fields inside the elements `selector` matches, with their sizes. */
export function controlSizes(page: Page, selector: string): Promise<Box[]> {
  return page.evaluate(`(() => {
    const describe = ${DESCRIBE};
    return [...document.querySelectorAll(${JSON.stringify(selector)})]
      .flatMap((root) => [...root.querySelectorAll("a[href], button, input, select")])
      .filter((el) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== "hidden")
      .map((el) => { const r = el.getBoundingClientRect(); return { what: describe(el), width: Math.round(r.width * 10) / 10, height: Math.round(r.height * 10) / 10 }; });
  })()`);
}

/** Whether the page scrolls sideways, and the elements wider than the window (outside a scrolling box of their own). */
export function horizontalOverflow(page: Page): Promise<{ scrollWidth: number; viewport: number; wider: string[] }> {
  return page.evaluate(`(() => {
    const describe = ${DESCRIBE};
    const viewport = document.documentElement.clientWidth;
    const scrollsSideways = (el) => { const o = getComputedStyle(el).overflowX; return o === "auto" || o === "scroll" || o === "hidden" || o === "clip"; };
    const insideScroller = (el) => { for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) if (scrollsSideways(p)) return true; return false; };
    const wider = [...document.body.querySelectorAll("*")]
      .filter((el) => el.getClientRects().length > 0)
      .filter((el) => { const r = el.getBoundingClientRect(); return r.width > viewport + 0.5 || (r.right > viewport + 0.5 && r.left >= 0); })
      .filter((el) => !insideScroller(el))
      .map(describe);
    return { scrollWidth: document.documentElement.scrollWidth, viewport, wider };
  })()`);
}

/** Fields whose text is under 16 px (a phone zooms the page in when one takes the focus). */
export function smallFields(page: Page): Promise<string[]> {
  return page.evaluate(`(() => {
    const describe = ${DESCRIBE};
    return [...document.querySelectorAll("input:not([type=checkbox]):not([type=radio]):not([type=hidden]), select, textarea")]
      .filter((el) => parseFloat(getComputedStyle(el).fontSize) < 16)
      .map(describe);
  })()`);
}

/** The header's height, and how far apart its visible children's middles are (0 on one row). */
export function headerRow(page: Page): Promise<{ height: number; spread: number }> {
  return page.evaluate(`(() => {
    const header = document.querySelector(".site-header");
    const tops = [...header.children]
      .filter((el) => el.getClientRects().length > 0 && getComputedStyle(el).position !== "absolute")
      .map((el) => { const r = el.getBoundingClientRect(); return r.top + r.height / 2; });
    return { height: header.getBoundingClientRect().height, spread: Math.max(...tops) - Math.min(...tops) };
  })()`);
}

/** Whether a field shows its whole placeholder (its text is no wider than the field's inside). */
export function placeholderFits(page: Page, selector: string): Promise<{ placeholder: string; text: number; room: number }> {
  return page.evaluate(`(() => {
    const input = document.querySelector(${JSON.stringify(selector)});
    const style = getComputedStyle(input);
    const context = document.createElement("canvas").getContext("2d");
    context.font = style.font;
    const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    return { placeholder: input.placeholder, text: context.measureText(input.placeholder).width, room };
  })()`);
}
