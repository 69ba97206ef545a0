/**
 * A command refused because the device's storage is full (IndexedDB's QuotaExceededError, which Dexie passes on
 * as its own error of that name or wraps as `inner`): said in words the user can act on (decision 037).
 */
export const STORAGE_FULL =
  "This device's storage is full, so the change was not saved. Free up some space, then try again.";

function namedQuota(error: unknown): boolean {
  return (
    typeof error === "object" && error !== null && (error as { name?: unknown }).name === "QuotaExceededError"
  );
}

export function isStorageFull(error: unknown): boolean {
  return (
    namedQuota(error) ||
    (typeof error === "object" && error !== null && namedQuota((error as { inner?: unknown }).inner))
  );
}

/** The error a screen shows for a failed command: the storage-full one in plain words, others as they are. */
export function explainStorageError(error: unknown): unknown {
  return isStorageFull(error) ? new Error(STORAGE_FULL, { cause: error }) : error;
}
