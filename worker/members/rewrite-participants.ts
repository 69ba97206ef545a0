/**
 * History follows a member: when a member is renamed (or a player alias changes), the stored participant
 * texts of loot items and attendance records that name them are rewritten in the same transaction, so past
 * loot keeps paying the same person and raid counts stay theirs (docs/decisions/010).
 */

import { parseParticipantNames } from "@shared/participants/parse-participants.ts";
import { isParticipantTextCorrupted } from "@shared/participants/participant-corruption.ts";
import { participantText } from "@shared/participants/participant-text.ts";
import type { Queryable } from "../db/types.ts";

/** Rows per UPDATE ... FROM (VALUES ...): 2 parameters each. */
const ROWS_PER_STATEMENT = 10_000;

/**
 * The text with each entry equal to `from` (case-insensitively) replaced by the names `to`, as a JSON array;
 * null when the text does not name `from`. A corrupted text is left as it is (null) for the fix tool: reading
 * it leniently and writing it back would hide the corruption.
 */
export function replaceParticipant(text: string, from: string, to: readonly string[]): string | null {
  const folded = from.trim().toLowerCase();
  const names = parseParticipantNames(text);
  if (!names.some((name) => name.toLowerCase() === folded)) return null;
  if (isParticipantTextCorrupted(text)) return null;
  const next = participantText(names.flatMap((name) => (name.toLowerCase() === folded ? to : [name])));
  return next === text ? null : next;
}

export interface RewrittenTexts {
  marketItemIds: number[];
  attendanceRecordIds: number[];
}

/** Replaces `from` by `to` in every loot item and attendance record that names it. */
export async function rewriteParticipantTexts(
  tx: Queryable,
  from: string,
  to: readonly string[],
): Promise<RewrittenTexts> {
  return {
    marketItemIds: await rewriteTable(tx, "market_exchange", from, to),
    attendanceRecordIds: await rewriteTable(tx, "attendance_records", from, to),
  };
}

async function rewriteTable(
  tx: Queryable,
  table: "market_exchange" | "attendance_records",
  from: string,
  to: readonly string[],
): Promise<number[]> {
  // A cheap text match narrows the rows; the parser decides.
  const candidates = await tx.query<{ id: number; text: string }>(
    `SELECT id, participated_members AS text FROM ${table}
      WHERE position(lower($1) IN lower(participated_members)) > 0 ORDER BY id FOR UPDATE`,
    [from.trim()],
  );
  const changes = candidates.flatMap(({ id, text }) => {
    const next = replaceParticipant(text, from, to);
    return next === null ? [] : [{ id, text: next }];
  });
  for (let start = 0; start < changes.length; start += ROWS_PER_STATEMENT) {
    const chunk = changes.slice(start, start + ROWS_PER_STATEMENT);
    const rows = chunk.map((_, i) => `($${2 * i + 1}::int, $${2 * i + 2}::text)`).join(", ");
    await tx.query(
      `UPDATE ${table} AS t SET participated_members = v.text FROM (VALUES ${rows}) AS v(id, text) WHERE t.id = v.id`,
      chunk.flatMap((change) => [change.id, change.text]),
    );
  }
  return changes.map((change) => change.id);
}
