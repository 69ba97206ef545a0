/**
 * For data-layer tests: a clock that only moves when told, timers that fire as it passes them, an event
 * target standing in for the window, switchable connectivity and visibility, and an in-memory lock
 * manager that two layers ("tabs") can share.
 */
import type { DataLayerEnv, LockManagerLike } from "../environment.ts";

interface PendingTimer {
  id: number;
  at: number;
  callback: () => void;
}

export interface ManualEnvironment {
  env: DataLayerEnv;
  /** Moves the clock forward, firing each timer that falls due, in time order. */
  advance(ms: number): void;
  setOnline(online: boolean): void;
  setVisible(visible: boolean): void;
  fire(type: "focus" | "online"): void;
  /** Due times of the timers not yet fired. */
  pendingTimers(): number[];
}

export function memoryLocks(): LockManagerLike {
  const tails = new Map<string, Promise<unknown>>();
  return {
    request(name, task) {
      const previous = tails.get(name) ?? Promise.resolve();
      const run = previous.then(() => task());
      tails.set(
        name,
        run.catch(() => undefined),
      );
      return run;
    },
  };
}

export function manualEnvironment(
  options: {
    start?: number;
    locks?: LockManagerLike | null;
    ids?: () => string;
    /** The backoff's draws; by default 1, the longest wait (each retry waits its whole cap: 1 s, 2 s, 4 s...). */
    random?: () => number;
  } = {},
): ManualEnvironment {
  // The real server checks times it is sent against its own clock, so the manual one starts there.
  let now = options.start ?? Date.now();
  let online = true;
  let visible = true;
  let nextTimerId = 1;
  let timers: PendingTimer[] = [];
  const events = new EventTarget();

  const env: DataLayerEnv = {
    now: () => now,
    setTimeout(callback, ms) {
      const id = nextTimerId++;
      timers.push({ id, at: now + Math.max(0, ms), callback });
      return id;
    },
    clearTimeout(handle) {
      timers = timers.filter((t) => t.id !== handle);
    },
    events,
    isVisible: () => visible,
    isOnline: () => online,
    locks: options.locks ?? null,
    randomId: options.ids ?? (() => crypto.randomUUID()),
    random: options.random ?? (() => 1),
    pause: () => Promise.resolve(),
  };

  return {
    env,
    advance(ms) {
      const until = now + ms;
      for (;;) {
        const due = timers.filter((t) => t.at <= until).sort((a, b) => a.at - b.at || a.id - b.id)[0];
        if (!due) break;
        timers = timers.filter((t) => t !== due);
        now = Math.max(now, due.at);
        due.callback();
      }
      now = until;
    },
    setOnline(value) {
      online = value;
    },
    setVisible(value) {
      visible = value;
    },
    fire(type) {
      events.dispatchEvent(new Event(type));
    },
    pendingTimers: () => timers.map((t) => t.at).sort((a, b) => a - b),
  };
}
