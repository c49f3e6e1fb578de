import { StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { createBrowserRouter, redirect, RouterProvider } from "react-router-dom";
import { browserLink, createApollo } from "./app/apollo";
import { installChunkReload } from "./app/chunk-reload";
import { activateLocale, i18n } from "./app/i18n";
import { browserLocale, decideLocale, readLocaleCookie, writeLocaleCookie } from "./app/locale-cookie";
import type { Locale } from "./app/route-table";
import { createRoutes } from "./app/router";
import { STATE_ELEMENT_ID } from "./app/ssr-contract";
import "./styles.css";

installChunkReload();

// The server sends the Apollo cache its page was rendered from (none in development: Vite serves
// the bare index.html and the page renders in the browser).
const stateElement = document.getElementById(STATE_ELEMENT_ID);
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
  const { redirectTo, remember } = decideLocale({ locale, url, remembered: readLocaleCookie(), preferred: browserLocale() });
  if (remember) writeLocaleCookie(remember);
  if (redirectTo) throw redirect(redirectTo);
  // Cached answers were fetched in the old language.
  if (i18n.locale && i18n.locale !== locale) await apollo.client.clearStore();
  await activateLocale(locale);
}

const router = createBrowserRouter(createRoutes({ apollo, i18n, chooseLocale }));
const app = (
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>
);
const container = document.getElementById("root")!;

if (stateElement) {
  // Hydrate once the router has loaded this page's code and run its loaders, which read the
  // restored cache (no request): the first render then matches the server's HTML.
  const ready = new Promise<void>((resolve) => {
    if (router.state.initialized) return resolve();
    const stop = router.subscribe((routerState) => {
      if (!routerState.initialized) return;
      stop();
      resolve();
    });
  });
  void ready.then(() => hydrateRoot(container, app));
} else {
  createRoot(container).render(app);
}
