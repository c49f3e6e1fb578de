// When a deploy replaces the code chunks, an open tab may ask for a chunk that no longer exists.
// One full reload fixes it; the guard stops a reload loop if the chunk is truly gone.
export const RELOAD_GUARD_MS = 60_000;
export const RELOAD_STORAGE_KEY = "brevia:chunk-reload-at";

export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS/i.test(
    message,
  );
}

/** The tab's session storage, or null where there is none (the server) or it is refused (privacy modes). */
function sessionStore(): Storage | null {
  try {
    return typeof sessionStorage === "undefined" ? null : sessionStorage;
  } catch {
    return null;
  }
}

/** Whether a reload is allowed now: none in the last 60 s. Reads only, so it may be asked during render. */
export function mayReloadForChunkError(now = Date.now(), storage: Storage | null = sessionStore()): boolean {
  if (!storage) return false;
  const last = Number(storage.getItem(RELOAD_STORAGE_KEY) ?? 0);
  return !(now - last < RELOAD_GUARD_MS);
}

/**
 * Reloads the page unless it already did in the last 60 s; returns whether it reloads. A side
 * effect: call it from an event handler or an effect, never while rendering.
 */
export function reloadOnceForChunkError(
  now = Date.now(),
  storage: Storage | null = sessionStore(),
  reload = () => window.location.reload(),
): boolean {
  if (!storage || !mayReloadForChunkError(now, storage)) return false;
  storage.setItem(RELOAD_STORAGE_KEY, String(now));
  reload();
  return true;
}

/** Vite reports a chunk (or its CSS) that failed to preload: reload instead of failing, once a minute. */
export function installChunkReload(): () => void {
  const onPreloadError = (event: Event) => {
    if (reloadOnceForChunkError()) event.preventDefault();
  };
  window.addEventListener("vite:preloadError", onPreloadError);
  return () => window.removeEventListener("vite:preloadError", onPreloadError);
}
