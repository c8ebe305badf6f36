/**
 * After a deploy, a tab opened on the previous build asks for chunks that no longer exist. Spec: reload the
 * page once, at most once a minute (the timestamp lives in sessionStorage so a reload loop is impossible).
 */
const KEY = 'aforo:chunk-reload-at';
export const CHUNK_RELOAD_INTERVAL_MS = 60_000;

export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? `${error.name} ${error.message}` : String(error ?? '');
  return /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|ChunkLoadError|Unable to preload CSS/i.test(
    message,
  );
}

/** Reloads the page unless it already did so less than a minute ago. Returns true when reloading. */
export function reloadForStaleChunk(now = Date.now()): boolean {
  let last = 0;
  try {
    last = Number(sessionStorage.getItem(KEY) ?? 0);
  } catch {
    return false;
  }
  if (now - last < CHUNK_RELOAD_INTERVAL_MS) return false;
  try {
    sessionStorage.setItem(KEY, String(now));
  } catch {
    return false;
  }
  window.location.reload();
  return true;
}

/** Vite fires `vite:preloadError` when a preloaded dependency of a lazy chunk fails to load. */
export function installChunkReload() {
  window.addEventListener('vite:preloadError', (event) => {
    if (reloadForStaleChunk()) event.preventDefault();
  });
}
