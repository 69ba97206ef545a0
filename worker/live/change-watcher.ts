/**
 * Which collections moved since the last look, from the data versions (decision 023), for the live feed.
 * Pokes that arrive while a look is running are folded into one more look after it, so a burst of writes
 * costs at most two reads of the versions and gives at most two notices.
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
}

export interface ChangeWatcher {
  /** Looks again (now, or right after the look in progress); settles when that look is done. */
  poke(): Promise<void>;
  /** Takes the versions as they stand as the baseline, telling nobody (when the first connection opens). */
  prime(): Promise<void>;
}

export function createChangeWatcher(deps: ChangeWatcherDeps): ChangeWatcher {
  let last: DataVersions | undefined;
  let running: Promise<void> | undefined;
  let again: Promise<void> | undefined;

  async function look(): Promise<void> {
    try {
      last ??= await deps.baseline?.load();
      const now = await deps.readVersions();
      // Without a baseline nothing says what moved: every collection may have.
      const previous = last;
      const moved = previous ? COLLECTIONS.filter((c) => now.get(c) !== previous.get(c)) : [...COLLECTIONS];
      last = now;
      if (moved.length > 0) {
        await deps.baseline?.save(now);
        deps.publish(moved);
      }
    } catch (err) {
      // The apps keep polling; the next write looks again.
      console.error(`live feed: could not read the data versions: ${(err as Error)?.message ?? err}`);
    }
  }

  function poke(): Promise<void> {
    if (again) return again;
    if (running) {
      again = running.then(() => {
        again = undefined;
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

  return { poke, prime };
}
