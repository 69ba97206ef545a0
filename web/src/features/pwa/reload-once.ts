/**
 * A deploy can remove the chunks an open tab still expects. Reloading fetches the new build; the guard
 * makes sure a chunk that is truly broken ends in the error screen instead of a reload loop.
 */

export const RELOAD_GUARD_KEY = "guild-portal:chunk-reload-at";
/** A second failure within this window after a reload is not retried. */
export const RELOAD_GUARD_MS = 30_000;

export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

/** True (and remembers it) when a reload should be tried now; false if one was tried moments ago. */
export function claimReload(store: KeyValueStore, now: number): boolean {
  const last = Number(store.getItem(RELOAD_GUARD_KEY));
  if (Number.isFinite(last) && last > 0 && now - last >= 0 && now - last < RELOAD_GUARD_MS) return false;
  store.setItem(RELOAD_GUARD_KEY, String(now));
  return true;
}

/**
 * Vite dispatches `vite:preloadError` when a lazily imported chunk (or its CSS) fails to load. The import
 * still fails (no preventDefault): a lazy route then waits for the reload (TanStack Router suspends on a
 * missing module) instead of rendering a half-loaded page, and a refused second try reaches the error screen.
 * Offline, a chunk fails for want of a network, not because of a deploy: a reload would trade the page (an
 * officer's offline boss page, a chart fetched ahead while idle) for the browser's offline page, so none is tried.
 */
export function reloadOnceOnChunkError(): void {
  window.addEventListener("vite:preloadError", () => {
    if (!navigator.onLine) return;
    let claimed = false;
    try {
      claimed = claimReload(sessionStorage, Date.now());
    } catch {
      claimed = false;
    }
    if (claimed) window.location.reload();
  });
}
