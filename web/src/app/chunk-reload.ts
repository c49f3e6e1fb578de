// When a deploy replaces the code chunks, an open tab may ask for a chunk that no longer exists.
// One full reload fixes it; the guard stops a reload loop if the chunk is truly gone.
const RELOAD_GUARD_MS = 60_000;
const STORAGE_KEY = "brevia:chunk-reload-at";

export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS/i.test(
    message,
  );
}

/** Reloads the page unless it already did in the last 60 s; returns whether it reloads. */
export function reloadOnceForChunkError(now = Date.now(), storage: Storage = sessionStorage, reload = () => location.reload()): boolean {
  const last = Number(storage.getItem(STORAGE_KEY) ?? 0);
  if (now - last < RELOAD_GUARD_MS) return false;
  storage.setItem(STORAGE_KEY, String(now));
  reload();
  return true;
}

export function installChunkReload() {
  window.addEventListener("vite:preloadError", (event) => {
    if (reloadOnceForChunkError()) event.preventDefault();
  });
}
