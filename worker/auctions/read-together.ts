/**
 * One load of an auction for the phones that read it at the same moment (decision 095). A bid's notice sends every
 * open phone to read the auction at once; on one database each read's queries queue behind the others', so twenty
 * reads of nine queries each all ended near the last query, over a second after the bid on a busy machine. What
 * every reader sees alike (the row, the bids replayed, the guild's zone, the close of an auction past its end) is
 * loaded once for the reads that ask while it runs; each read adds only its own part (the account's characters and
 * balance, the clock).
 *
 * Only a load on its way is shared, never kept: it is keyed by the data versions of the auctions and the guild's
 * settings read when the read starts, so a read that began after a bid's commit (as every read a notice makes does)
 * never joins a load of the auction as it was before that bid.
 */
import { type Collection, readDataVersions, versionsText } from "../app/data-version.ts";
import type { Db } from "../db/types.ts";

/** What every reader of an auction sees alike. */
const SHARED_BY: readonly Collection[] = ["auctions", "guild-settings"];

const onTheirWay = new WeakMap<Db, Map<string, Promise<unknown>>>();

/** `load`'s answer for auction `id`, shared with the reads of the same auction and versions while it runs. */
export async function readTogether<T>(db: Db, id: number, load: () => Promise<T>): Promise<T> {
  const key = `${id}@${versionsText(await readDataVersions(db), SHARED_BY)}`;
  let loads = onTheirWay.get(db);
  if (!loads) {
    loads = new Map();
    onTheirWay.set(db, loads);
  }
  const running = loads.get(key) as Promise<T> | undefined;
  if (running) return running;
  const started = load();
  loads.set(key, started);
  const done = () => loads.delete(key);
  started.then(done, done);
  return started;
}
