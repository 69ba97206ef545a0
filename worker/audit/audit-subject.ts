/**
 * The name an audit entry keeps of what it changed, as it was at the time: the loot name of an item, the player
 * name of a member, the display name of an account, the boss of a timer or an attendance record. sql/009 fills
 * older entries from the same fields, in the same order.
 */
// memberName: a payout (who was paid); purpose: a fund's spending (docs/decisions/049, 050).
const NAMING_FIELDS = [
  "lootName",
  "playerName",
  "displayName",
  "name",
  "bossName",
  "memberName",
  "purpose",
] as const;

export const SUBJECT_MAX_LENGTH = 200;

function record(value: unknown): Record<string, unknown> | null {
  return typeof value === "object" && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}

export function auditSubject(entry: {
  entity: string;
  entityId?: string | number | null;
  before?: unknown;
  after?: unknown;
}): string | null {
  const after = record(entry.after);
  const before = record(entry.before);
  for (const field of NAMING_FIELDS) {
    for (const values of [after, before]) {
      const name = values?.[field];
      if (typeof name === "string" && name.trim() !== "") return name.slice(0, SUBJECT_MAX_LENGTH);
    }
  }
  // A boss timer's id is its boss's name.
  if (entry.entity === "boss_timer" && entry.entityId !== undefined && entry.entityId !== null)
    return String(entry.entityId).slice(0, SUBJECT_MAX_LENGTH);
  return null;
}
