// The app in the browser, loaded by main.tsx: the router, Apollo Client and the page's hydration.
import { startTransition, StrictMode, useEffect } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { shellPartsLoaded } from "./app/shell/deferred-shell";
import { loadErrorPage } from "./app/shell/deferred-error-page";
import { createBrowserRouter, redirect, RouterProvider } from "react-router-dom";
import { browserLink, createApollo } from "./app/apollo";
import { activateLocale, i18n } from "./app/i18n";
import { browserLocale, decideLocale, readLocaleCookie, writeLocaleCookie } from "./app/locale-cookie";
import type { Locale } from "@brevia/routes";
import { createRoutes, pageRoutePatcher, pageAt } from "./app/router";
import { STATE_ELEMENT_ID } from "@brevia/routes/ssr-contract";

/**
 * Waits for a new task. The browser's work before hydration runs as a few short tasks (the app's
 * module evaluation; the router's start; hydration), not one long one, so a tap in between is answered at once.
 */
function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/**
 * Marks `<html data-hydrated>` once the app has taken the page over (its first commit: hydrated, or
 * rendered in development). Until then a server-rendered page shows but its buttons do nothing; the
 * end-to-end journeys wait for the mark before they click (e2e/browser.ts, waitForApp).
 */
function HydratedMark() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = "";
  }, []);
  return null;
}

/** Starts the app in the browser: hydrates the server's page, or renders it (development, a page the server did not render). */
export async function start() {
  // The server sends the Apollo cache its page was rendered from (none in development: Vite serves
  // the bare index.html and the page renders in the browser).
  const stateElement = document.getElementById(STATE_ELEMENT_ID);
  if (stateElement) await nextTask();
  const state: unknown = stateElement ? JSON.parse(stateElement.textContent || "null") : undefined;
  const apollo = createApollo(
    browserLink(() => i18n.locale),
    { state },
  );

  /**
   * Picks the language before anything renders (the server has already redirected a first visit; in
   * development this does it). The i18n_redirected cookie remembers the reader's language.
   */
  async function chooseLocale(locale: Locale, url: URL): Promise<void> {
    // The router's start (matching, then the language, then the page's loaders) in short tasks, not one long one.
    await nextTask();
    const { redirectTo, remember } = decideLocale({ locale, url, remembered: readLocaleCookie(), preferred: browserLocale() });
    if (remember) writeLocaleCookie(remember);
    if (redirectTo) throw redirect(redirectTo);
    // Cached answers were fetched in the old language.
    if (i18n.locale && i18n.locale !== locale) await apollo.client.clearStore();
    await activateLocale(locale);
    // The page's loaders (reading the restored cache) in a task of their own too.
    await nextTask();
  }

  // The route table, then the router's start (the first match), each in a task of its own too.
  if (stateElement) await nextTask();
  // This page and its language's home only; other pages (and languages) are added when the reader first goes there.
  const deps = { apollo, i18n, chooseLocale, beforePageLoader: nextTask };
  const firstPage = pageAt(location.pathname);
  const routes = createRoutes(deps, firstPage);
  if (stateElement) await nextTask();
  const router = createBrowserRouter(routes, { patchRoutesOnNavigation: pageRoutePatcher(deps) });
  const app = (
    <StrictMode>
      <RouterProvider router={router} />
      <HydratedMark />
    </StrictMode>
  );
  const container = document.getElementById("root")!;

  if (!stateElement) {
    createRoot(container).render(app);
    return;
  }
  // Hydrate once the router has loaded this page's code and run its loaders, which read the
  // restored cache (no request): the first render then matches the server's HTML. The server's
  // HTML preloads that code (modulepreload), so it is not fetched only now.
  await new Promise<void>((resolve) => {
    if (router.state.initialized) return resolve();
    const stop = router.subscribe((routerState) => {
      if (!routerState.initialized) return;
      stop();
      resolve();
    });
  });
  // The header's and bottom bar's code (app/shell/deferred-shell.tsx), fetched since the app started;
  // the error page's, for a page the server rendered as one (a 404).
  await Promise.all([shellPartsLoaded.catch(() => undefined), router.state.errors ? loadErrorPage().catch(() => undefined) : null]);
  await nextTask();
  // In a transition, hydration yields to the browser every few milliseconds instead of holding the
  // main thread until the whole page is hydrated (the page is already visible: the server's HTML).
  startTransition(() => {
    hydrateRoot(container, app);
  });
}
