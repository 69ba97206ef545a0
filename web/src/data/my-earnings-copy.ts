/**
 * The device's copy of "My earnings" (docs/decisions/051): the last answer of GET /_api/me/earnings each account
 * received, kept in the local store's `myEarnings` table under the account's id, so the page reads it offline.
 * Read only for the account signed in: one account never sees another's copy on a shared device. Screens reach
 * these through `myEarningsCopy` in lazy-data-layer.ts.
 */
import type { MyEarnings } from "@shared/schemas/my-earnings.ts";
import type { PortalDb } from "./portal-db.ts";

export interface SavedMyEarnings {
  answer: MyEarnings;
  /** When the answer was received (epoch ms). */
  savedAt: number;
}

/** An answer as stored, or null when what is stored is not one (an older or broken copy). */
function asAnswer(value: unknown): MyEarnings | null {
  if (typeof value !== "object" || value === null) return null;
  const answer = value as Record<string, unknown>;
  if (answer.linked === false) return value as MyEarnings;
  if (answer.linked !== true) return null;
  const complete =
    Array.isArray(answer.items) &&
    Array.isArray(answer.payouts) &&
    Array.isArray(answer.characters) &&
    typeof answer.totals === "object" &&
    answer.totals !== null;
  return complete ? (value as MyEarnings) : null;
}

/** Keeps `answer` as the account's copy; a full or blocked store is not the page's problem, so it is logged. */
export async function saveMyEarnings(
  db: PortalDb,
  userId: number,
  answer: MyEarnings,
  savedAt = Date.now(),
): Promise<void> {
  try {
    await db.myEarnings.put({ userId, answer, savedAt });
  } catch (error) {
    console.warn("Could not keep a copy of your earnings on this device.", error);
  }
}

/** The account's saved copy, or null when this device has none. */
export async function readSavedMyEarnings(db: PortalDb, userId: number): Promise<SavedMyEarnings | null> {
  try {
    const row = await db.myEarnings.get(userId);
    const answer = row ? asAnswer(row.answer) : null;
    return row && answer ? { answer, savedAt: row.savedAt } : null;
  } catch (error) {
    console.warn("Could not read the saved copy of your earnings.", error);
    return null;
  }
}

/** Drops the account's copy (on logout: a shared device keeps nobody's earnings). */
export async function forgetMyEarnings(db: PortalDb, userId: number): Promise<void> {
  try {
    await db.myEarnings.delete(userId);
  } catch (error) {
    console.warn("Could not remove the saved copy of your earnings.", error);
  }
}
