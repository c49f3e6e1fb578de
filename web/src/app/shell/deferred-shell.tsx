import { lazy, type ComponentType } from "react";
import type * as Parts from "./shell-parts";

// The search box, the account controls (wide and phone) and the phone's bottom bar. The server renders
// them into every page with the rest (entry-server.tsx hands them over with provideShellParts). In the
// browser their code is a chunk of its own, fetched as soon as the app starts, so the home page's
// JavaScript stays within its budget; start.tsx hydrates once it is here (shellPartsLoaded), so the
// first render does not suspend and start again (no Suspense boundary either: React would stream it
// with an inline script the CSP refuses). Meanwhile the server's HTML already works: plain links, a
// plain GET form, and HTML popovers for the phone's menus. A page rendered in the browser alone
// (development) waits for the chunk through React.lazy.
let serverParts: typeof Parts | undefined;
let loadedParts: typeof Parts | undefined;

/** The server's renderer gives the parts it imported, so pages render them at once. */
export function provideShellParts(parts: typeof Parts) {
  serverParts = parts;
}

const load = () =>
  import("./shell-parts").then((parts) => {
    loadedParts = parts;
    return parts;
  });

/** In the browser: the parts' code, fetched from the start (the app awaits it before hydrating). */
export const shellPartsLoaded: Promise<unknown> = typeof window === "undefined" ? Promise.resolve() : load();

function deferred<Props extends object>(pick: (parts: typeof Parts) => ComponentType<Props>) {
  const Code = lazy(() => load().then((parts) => ({ default: pick(parts) })));
  return function Deferred(props: Props) {
    const parts = serverParts ?? loadedParts;
    const Part = parts ? pick(parts) : Code;
    return <Part {...props} />;
  };
}

export const AccountMenu = deferred((parts) => parts.AccountMenu);
export const PhoneAccountMenu = deferred((parts) => parts.PhoneAccountMenu);
export const BottomNav = deferred((parts) => parts.BottomNav);
export const SearchBox = deferred((parts) => parts.SearchBox);
// The persistent player's host (features/player/PlayerHost.tsx): the player's own code loads on first use.
export const PlayerHost = deferred((parts) => parts.PlayerHost);
