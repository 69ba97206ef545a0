/**
 * The words for changes saved on this device that the server does not have yet (decision 085). "Pending" is a loot
 * status (Pending or Sold), so an unsynced row says "Not synced" instead; the confirmation once the queue has
 * emptied says "All changes synced".
 */

/** The badge on a row that exists only on this device so far. */
export const NOT_SYNCED = "Not synced";

/** The brief confirmation after changes that waited have all reached the server. */
export const ALL_CHANGES_SYNCED = "All changes synced";

/** "1 change waiting to sync", "3 changes waiting to sync". */
export const changesWaiting = (count: number): string =>
  `${count} ${count === 1 ? "change" : "changes"} waiting to sync`;
