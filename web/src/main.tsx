// The browser's entry. It is small on purpose: the server's HTML and the stylesheet paint first, and
// only then does the app's code (React, the router, Apollo Client, and the page's own chunks, all at
// once) start loading, so it never competes with the first paint (the page's content and its cover
// image) for the connection. Once loaded, the app hydrates the page (./start.tsx).
import { installChunkReload } from "./app/chunk-reload";
import { PRELOAD_ELEMENT_ID, STATE_ELEMENT_ID } from "@brevia/routes/ssr-contract";
import "./styles.css";

installChunkReload();

/** Resolves once the browser has painted the page as it is now (or at once in a hidden tab, which does not paint). */
function afterNextPaint(): Promise<void> {
  return new Promise((resolve) => {
    if (document.visibilityState !== "visible") return resolve();
    // A rAF callback runs just before the frame is painted; a task queued from it runs after.
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        channel.port1.close();
        resolve();
      };
      channel.port2.postMessage(null);
    });
  });
}

/** The page's own chunks (route, messages), named by the server: fetched beside the app's code. */
function preloadPageChunks() {
  const element = document.getElementById(PRELOAD_ELEMENT_ID);
  const hrefs: unknown = element ? JSON.parse(element.textContent || "[]") : [];
  if (!Array.isArray(hrefs)) return;
  for (const href of hrefs) {
    if (typeof href !== "string") continue;
    const link = document.createElement("link");
    link.rel = "modulepreload";
    link.href = href;
    document.head.append(link);
  }
}

/**
 * The first formatter a page creates (Lingui's "#" in "12 microbooks", a week's date) loads the browser's locale
 * data: tens of milliseconds on a phone, on the main thread, in the middle of hydration. A worker creates one
 * first (app/intl-warmup.worker.ts): the data is loaded once per process, so the page's formatters find it there.
 */
function warmUpIntl() {
  try {
    new Worker(new URL("./app/intl-warmup.worker.ts", import.meta.url), { type: "module" }).postMessage(document.documentElement.lang);
  } catch {
    // No worker (a strict policy, an old browser): the formatters load the data on first use, as they would anyway.
  }
}

async function load() {
  // Rendered by the server: the page is already there to read, so its code may wait for the first paint.
  const rendered = document.getElementById(STATE_ELEMENT_ID) !== null;
  if (rendered) {
    await afterNextPaint();
    preloadPageChunks();
  }
  const app = import("./start");
  warmUpIntl();
  const { start } = await app;
  await start();
}

void load();
