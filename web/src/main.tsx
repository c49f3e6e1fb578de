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

async function load() {
  // Rendered by the server: the page is already there to read, so its code may wait for the first paint.
  const rendered = document.getElementById(STATE_ELEMENT_ID) !== null;
  if (rendered) {
    await afterNextPaint();
    preloadPageChunks();
  }
  const app = import("./start");
  // The first number formatter a page creates loads the browser's number data (tens of milliseconds
  // on a phone), in the middle of hydration: done instead in a task of its own while the app's code
  // downloads.
  setTimeout(() => new Intl.NumberFormat(document.documentElement.lang || undefined).format(0), 0);
  const { start } = await app;
  await start();
}

void load();
