/**
 * Everything the sync engine and the outbox take from the browser, injected so tests can drive time,
 * events, visibility, connectivity and cross-tab locks.
 */
import { yieldToBrowser } from "../lib/yield-to-browser.ts";

export type TimerHandle = unknown;

/** navigator.locks, reduced to what the outbox needs: run `task` while holding an exclusive lock. */
export interface LockManagerLike {
  request<T>(name: string, task: () => Promise<T>): Promise<T>;
}

export interface DataLayerEnv {
  now(): number;
  setTimeout(callback: () => void, ms: number): TimerHandle;
  clearTimeout(handle: TimerHandle): void;
  /** Where 'focus' and 'online' fire (the window). */
  events: Pick<EventTarget, "addEventListener" | "removeEventListener"> | null;
  isVisible(): boolean;
  /** False only when the browser knows it is offline; true does not promise a working network. */
  isOnline(): boolean;
  /** Null where Web Locks are missing: one sender per tab then, and rows are claimed in IndexedDB. */
  locks: LockManagerLike | null;
  randomId(): string;
  /** A draw in [0, 1) for the outbox's jittered backoff; Math.random when absent. */
  random?(): number;
  /**
   * Ends the current task, so the browser can paint and handle input before the work that follows (a
   * pull's write to IndexedDB). Tests resolve it at once.
   */
  pause(): Promise<void>;
}

export function browserEnvironment(): DataLayerEnv {
  const locks = typeof navigator !== "undefined" && "locks" in navigator ? navigator.locks : null;
  return {
    now: () => Date.now(),
    setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
    clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof globalThis.setTimeout>),
    events: typeof window === "undefined" ? null : window,
    isVisible: () => typeof document === "undefined" || document.visibilityState === "visible",
    isOnline: () => typeof navigator === "undefined" || navigator.onLine !== false,
    locks: locks ? { request: (name, task) => locks.request(name, () => task()) } : null,
    randomId: () => crypto.randomUUID(),
    random: () => Math.random(),
    pause: yieldToBrowser,
  };
}
