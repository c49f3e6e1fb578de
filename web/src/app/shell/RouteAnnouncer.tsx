import { useEffect, useRef } from "react";
import { useLocation } from "react-router-dom";

/**
 * After a client-side navigation, moves focus to the new page's main heading and announces the new
 * page's title in a polite live region, as a full page load would for a screen reader. Nothing
 * happens on the first (server-rendered) load, where the browser does this itself.
 *
 * Render it after the page (its effect then runs after the page's, which set the title).
 */
export function RouteAnnouncer() {
  const { pathname } = useLocation();
  const shownPath = useRef(pathname);
  const region = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    const heading = document.querySelector<HTMLElement>("#main h1") ?? document.querySelector<HTMLElement>("h1");
    // A page that put the reader in its search field (the search page, typing from the header) keeps that focus.
    const active = document.activeElement;
    const pageTookFocus = active instanceof HTMLElement && active.matches('#main input[type="search"]');
    if (heading && !pageTookFocus) {
      // Focusable from script only: not a stop in the tab order.
      if (!heading.hasAttribute("tabindex")) heading.setAttribute("tabindex", "-1");
      heading.focus();
    }
    // Written outside React's render (nothing for hydration to compare); the region itself is in the server's HTML.
    if (region.current) region.current.textContent = document.title;
  }, [pathname]);

  return <div ref={region} className="visually-hidden" role="status" aria-live="polite" aria-atomic="true" data-route-announcer="" />;
}
