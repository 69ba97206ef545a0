/**
 * Which collections moved since the last look, from the data versions (decision 023), for the live feed.
 * Pokes that arrive while a look is running are folded into one more look after it, and with `minGapMs` the
 * looks of a burst of writes are at least that far apart (decision 057), so a batch of writes gives a few
 * notices, not one per write.
 */
import { COLLECTIONS, type Collection, type DataVersions } from "../app/data-version.ts";

export interface ChangeWatcherDeps {
  readVersions(): Promise<DataVersions>;
  publish(moved: Collection[]): void;
  /** Where the last versions are kept when memory is not enough (a Durable Object that hibernates). */
  baseline?: {
    load(): Promise<DataVersions | undefined>;
    save(versions: DataVersions): Promise<void>;
  };
  /**
   * The least time, in ms, from a look that found something moved to the next look (none by default). A write
   * after a quiet spell is looked at at once; the writes that follow it within the gap are looked at together
   * when it has passed.
   * Every notice sends each open app to pull, so a batch that lands after a restart would otherwise have
   * every phone pull after each of its writes, and each pull slows the writes still to come.
   */
  minGapMs?: number;
}

export interface ChangeWatcher {
  /** Looks again (now, or right after the look in progress); settles when that look is done. */
  poke(): Promise<void>;
  /** Takes the versions as they stand as the baseline, telling nobody (when the first connection opens). */
  prime(): Promise<void>;
  /** Looks no more, not even the one a gap holds back (the feed is closing, the database next). */
  close(): void;
}

export function createChangeWatcher(deps: ChangeWatcherDeps): ChangeWatcher {
  let last: DataVersions | undefined;
  let running: Promise<void> | undefined;
  let again: Promise<void> | undefined;
  const minGapMs = deps.minGapMs ?? 0;
  /** When the last look that found something moved started. */
  let lastToldAt = Number.NEGATIVE_INFINITY;
  let closed = false;
  /** Ends the wait for a gap to pass, when one is under way. */
  let endWait: (() => void) | undefined;

  async function look(): Promise<void> {
    const startedAt = Date.now();
    try {
      last ??= await deps.baseline?.load();
      const now = await deps.readVersions();
      // Without a baseline nothing says what moved: every collection may have.
      const previous = last;
      const moved = previous ? COLLECTIONS.filter((c) => now.get(c) !== previous.get(c)) : [...COLLECTIONS];
      last = now;
      if (moved.length > 0) {
        lastToldAt = startedAt;
        await deps.baseline?.save(now);
        deps.publish(moved);
      }
    } catch (err) {
      // The apps keep polling; the next write looks again.
      console.error(`live feed: could not read the data versions: ${(err as Error)?.message ?? err}`);
    }
  }

  function poke(): Promise<void> {
    if (closed) return Promise.resolve();
    if (again) return again;
    if (running) {
      again = running.then(() => {
        again = undefined;
        return poke();
      });
      return again;
    }
    const wait = lastToldAt + minGapMs - Date.now();
    if (wait > 0) {
      again = new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, wait);
        // It does not keep a process alive by itself.
        (timer as { unref?: () => void }).unref?.();
        endWait = () => {
          clearTimeout(timer);
          resolve();
        };
      }).then(() => {
        again = undefined;
        endWait = undefined;
        return poke();
      });
      return again;
    }
    running = look().finally(() => {
      running = undefined;
    });
    return running;
  }

  async function prime(): Promise<void> {
    // A look under way sets the baseline when it ends.
    if (running) return running;
    try {
      last = await deps.readVersions();
    } catch {
      // The first look publishes every collection instead.
    }
  }

  function close(): void {
    closed = true;
    endWait?.();
  }

  return { poke, prime, close };
}
