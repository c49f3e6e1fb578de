import { useLingui } from "@lingui/react/macro";
import { useEffect } from "react";
import { Form, useLocation } from "react-router-dom";
import { matchRoute } from "@brevia/routes";
import { useLocalizedPath } from "../../app/useLocale";

/** Whether a key press belongs to a field the reader is typing in. */
function typingIn(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName);
}

/** "/" anywhere (outside a field) moves the focus to the page's search box. */
export function useSearchShortcut() {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "/" || event.ctrlKey || event.metaKey || event.altKey || typingIn(event.target)) return;
      const input = document.querySelector<HTMLInputElement>("input[data-search-input]");
      if (!input) return;
      event.preventDefault();
      input.focus();
      input.select();
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, []);
}

/**
 * The header's search box, on every page: a plain GET form to /search?q=… (it works before the
 * scripts load), and "/" focuses it. The search page has its own box, so this one steps aside there.
 * With `popoverId`, on a phone it is a popover (HTML's, styles.css) that its search button (in the
 * header's row, after it) opens across the row, the focus in its field; Escape, a press outside or its close button
 * shut it and the browser puts the focus back on the search button. Wide screens show it in the row.
 */
export function SearchBox({ popoverId }: { popoverId?: string }) {
  const { t } = useLingui();
  const localize = useLocalizedPath();
  const { pathname } = useLocation();
  useSearchShortcut();
  if (matchRoute(pathname)?.name === "search") return null;
  return (
    <>
      <Form
        method="get"
        action={localize("/search")}
        role="search"
        className="site-search"
        id={popoverId}
        popover={popoverId ? "auto" : undefined}
        onToggle={(event) => {
          if (event.newState === "open") event.currentTarget.querySelector("input")?.focus();
        }}
      >
        <input
          type="search"
          name="q"
          data-search-input
          aria-label={t`Search microbooks`}
          placeholder={t`Search titles, authors, topics (/)`}
          maxLength={200}
          enterKeyHint="search"
        />
        {popoverId && (
          <button
            type="button"
            className="icon-button site-search__close"
            data-icon="close"
            aria-label={t`Close`}
            popoverTarget={popoverId}
            popoverTargetAction="hide"
          />
        )}
      </Form>
      {popoverId && (
        <button type="button" popoverTarget={popoverId} className="icon-button phone-only" data-icon="search" aria-label={t`Search`} />
      )}
    </>
  );
}
