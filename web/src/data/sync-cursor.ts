/**
 * The delta pull's cursor (changes-pull.ts) and the rows acknowledged writes guessed since it. Apart from
 * changes-pull.ts so that rebuild.ts, which folds acknowledged writes into the base copies, can note guesses
 * without importing the pull.
 */
import type { CollectionName, PortalDb, RowKey } from "./portal-db.ts";

export const CURSOR_SLOT = "changes";

/** The cursor of the last stored delta pull, or null (pull everything). */
export async function readCursor(db: PortalDb): Promise<string | null> {
  return (await db.syncCursor.get(CURSOR_SLOT))?.cursor ?? null;
}

export function forgetCursor(db: PortalDb): Promise<void> {
  return db.syncCursor.delete(CURSOR_SLOT);
}

/**
 * Notes the base rows an acknowledged write's local effect changed (rebuild.ts calls it as it folds the write
 * into the base). Without a cursor there is nothing to note: the next pull is whole.
 */
export async function noteGuessed(db: PortalDb, collection: CollectionName, keys: readonly RowKey[]) {
  const current = await db.syncCursor.get(CURSOR_SLOT);
  if (!current || keys.length === 0) return;
  const guessed = { ...current.guessed };
  guessed[collection] = [...new Set([...(guessed[collection] ?? []), ...keys])];
  await db.syncCursor.put({ ...current, guessed });
}
