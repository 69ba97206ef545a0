/**
 * Updates that merge (docs/decisions/038-field-merges.md): the rule per field of every update call, what counts
 * as the same value, and the three-way merge of one field changed on a device (from `base` to `mine`) onto the
 * row as it is now (`current`). Pure; the server applies it in the update routes, the web app in the updates'
 * local effects and the edit forms (which send only the fields that changed).
 */
import { readMoney } from "../money/money.ts";
import { normalizeName } from "../names/normalize-name.ts";
import { parseParticipantNames } from "../participants/parse-participants.ts";

/**
 * - name: a stored name; the same after NFC and trimming (shared/names), letter case counts.
 * - choice: a status or category; the same text.
 * - money: the same integer cents (numbers are cents, texts decimal amounts).
 * - day: the same calendar day ('YYYY-MM-DD'), or both absent.
 * - instant: the same moment to the millisecond.
 * - names: a participant list, merged as a set of names (letter case ignored): what this device added and
 *   removed since its base is applied to the list as it is now, so two devices' edits to one list both land.
 * - ref: the same id, or both absent.
 * - number: the same number.
 */
export type FieldKind = "name" | "choice" | "money" | "day" | "instant" | "names" | "ref" | "number";

export interface FieldRule {
  /** How the sentence names the field: "Stormhollow's category was changed ...". */
  label: string;
  kind: FieldKind;
  /** The key of the row (as the reads answer it) when it is not the body's field name. */
  rowKey?: string;
}

export type FieldRules = Readonly<Record<string, FieldRule>>;

export const MEMBER_FIELD_RULES = {
  playerName: { label: "name", kind: "name" },
  category: { label: "category", kind: "choice" },
  mainMemberId: { label: "main character", kind: "ref" },
  playerAlias: { label: "player alias", kind: "name" },
} as const satisfies FieldRules;

export const MARKET_FIELD_RULES = {
  lootName: { label: "name", kind: "name" },
  bossName: { label: "boss", kind: "name" },
  value: { label: "value", kind: "money" },
  status: { label: "status", kind: "choice" },
  participatedMembers: { label: "participants", kind: "names" },
  totalFunds: { label: "total funds", kind: "money" },
  dateAcquired: { label: "date acquired", kind: "day" },
} as const satisfies FieldRules;

export const ATTENDANCE_FIELD_RULES = {
  dateAttended: { label: "date", kind: "instant" },
  participatedMembers: { label: "participants", kind: "names" },
} as const satisfies FieldRules;

export const BOSS_NAME_FIELD_RULES = {
  name: { label: "name", kind: "name" },
  respawn_time_hours: { label: "respawn time", kind: "number", rowKey: "respawnTimeHours" },
} as const satisfies FieldRules;

/** The audit log's entity names, which the conflict answers use too. */
export const ENTITY_FIELD_RULES = {
  guild_member: MEMBER_FIELD_RULES,
  market_item: MARKET_FIELD_RULES,
  attendance_record: ATTENDANCE_FIELD_RULES,
  boss_name: BOSS_NAME_FIELD_RULES,
} as const satisfies Record<string, FieldRules>;

export type MergeEntity = keyof typeof ENTITY_FIELD_RULES;

/** A participant name as the set merge compares it. */
export function foldName(name: string): string {
  return normalizeName(name).toLowerCase();
}

/** A participant list given as names or as the stored text (a JSON array or a comma list). */
export function namesOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.filter((name): name is string => typeof name === "string");
  return typeof value === "string" ? parseParticipantNames(value) : [];
}

function timeOf(value: unknown): number | null {
  if (value instanceof Date) return value.getTime();
  if (typeof value === "string" || typeof value === "number") {
    const ms = typeof value === "number" ? value : Date.parse(value);
    return Number.isNaN(ms) ? null : ms;
  }
  return null;
}

/** A value reduced to what the rule compares; unreadable values stay distinct from every readable one. */
function comparable(kind: FieldKind, value: unknown): string | number | null {
  if (value === null || value === undefined) return null;
  switch (kind) {
    case "name":
      return typeof value === "string" ? normalizeName(value) : `?${String(value)}`;
    case "choice":
      return String(value);
    case "money": {
      const cents = typeof value === "number" ? value : readMoney(String(value));
      return cents ?? `?${String(value)}`;
    }
    case "day":
      return value instanceof Date ? value.toISOString().slice(0, 10) : String(value).slice(0, 10);
    case "instant":
      return timeOf(value) ?? `?${String(value)}`;
    case "names":
      return JSON.stringify([...new Set(namesOf(value).map(foldName))].sort());
    case "ref":
    case "number":
      return typeof value === "number" ? value : Number.isNaN(Number(value)) ? `?${value}` : Number(value);
  }
}

export function sameValue(kind: FieldKind, a: unknown, b: unknown): boolean {
  return comparable(kind, a) === comparable(kind, b);
}

/**
 * The list as it is now with what `mine` added to and removed from `base`: the current order, additions
 * appended in mine's order. A name another device added stays; one it removed stays removed.
 */
export function mergeNames(
  current: readonly string[],
  base: readonly string[],
  mine: readonly string[],
): string[] {
  const inBase = new Set(base.map(foldName));
  const inMine = new Set(mine.map(foldName));
  const removed = new Set([...inBase].filter((name) => !inMine.has(name)));
  const out: string[] = [];
  const seen = new Set<string>();
  for (const name of [...current, ...mine.filter((n) => !inBase.has(foldName(n)))]) {
    const folded = foldName(name);
    if (removed.has(folded) || seen.has(folded)) continue;
    seen.add(folded);
    out.push(name);
  }
  return out;
}

export type FieldMerge =
  /** Write this value (for a list: the merged list). */
  | { kind: "apply"; value: unknown }
  /** The row already holds what the device wants. */
  | { kind: "same" }
  /** Someone else changed this field since the base, to something else. */
  | { kind: "conflict" };

/**
 * One field's three-way merge. Unchanged since the base: mine applies. Changed since, to what mine says: nothing
 * to do. Changed since, to something else: a conflict. A list merges as a set and conflicts only when the
 * merge would leave it empty (every list needs a name).
 */
export function mergeField(kind: FieldKind, current: unknown, base: unknown, mine: unknown): FieldMerge {
  if (kind === "names") {
    const merged = mergeNames(namesOf(current), namesOf(base), namesOf(mine));
    if (merged.length === 0) return { kind: "conflict" };
    return sameValue("names", merged, current) ? { kind: "same" } : { kind: "apply", value: merged };
  }
  if (sameValue(kind, mine, current)) return { kind: "same" };
  if (sameValue(kind, current, base)) return { kind: "apply", value: mine };
  return { kind: "conflict" };
}

export interface MergePlan {
  /** The fields to write, by body field name; lists as arrays of names. */
  changes: Record<string, unknown>;
  /** The body field names whose change conflicts. */
  conflicts: string[];
}

/** Merges every field of `patch` (body field names) that the rules know, each against its `base`. */
export function planMerge(
  rules: FieldRules,
  current: Readonly<Record<string, unknown>>,
  patch: Readonly<Record<string, unknown>>,
  base: Readonly<Record<string, unknown>>,
): MergePlan {
  const changes: Record<string, unknown> = {};
  const conflicts: string[] = [];
  for (const [field, rule] of Object.entries(rules)) {
    if (patch[field] === undefined) continue;
    const result = mergeField(rule.kind, current[rule.rowKey ?? field], base[field], patch[field]);
    if (result.kind === "apply") changes[field] = result.value;
    else if (result.kind === "conflict") conflicts.push(field);
  }
  return { changes, conflicts };
}

/**
 * What an edit form sends for a row it opened as `opened`: the fields whose value differs (by the rule) and,
 * for each, the value it was based on. Empty `changes`: nothing to send.
 */
export function changedFields<T extends object>(
  rules: FieldRules,
  opened: object,
  edited: T,
): { changes: Partial<T>; base: Record<string, unknown> } {
  const changes: Record<string, unknown> = {};
  const base: Record<string, unknown> = {};
  const row = opened as Record<string, unknown>;
  for (const [field, value] of Object.entries(edited)) {
    const rule = rules[field];
    if (!rule || value === undefined) continue;
    const before = row[rule.rowKey ?? field];
    if (sameValue(rule.kind, before, value)) continue;
    changes[field] = value;
    base[field] = rule.kind === "names" ? namesOf(before) : (before ?? null);
  }
  return { changes: changes as Partial<T>, base };
}

/** The messages of the schemas' check that `base` and the changed fields name the same fields. */
export const baseWithoutChange = (field: string) =>
  `base.${field} is given, but ${field} is not being changed.`;
export const changeWithoutBase = (field: string) =>
  `${field} is changed without the value it was based on: send it as base.${field}.`;

/**
 * Why an update's `base` does not fit its changed fields (every changed field the rules know needs its base,
 * and the base names only changed fields), or undefined.
 */
export function baseProblem(rules: FieldRules, body: Readonly<Record<string, unknown>>): string | undefined {
  const base = body.base as Record<string, unknown> | undefined;
  if (base === undefined) return undefined;
  for (const field of Object.keys(base)) {
    if (body[field] === undefined) return baseWithoutChange(field);
  }
  for (const field of Object.keys(rules)) {
    if (body[field] !== undefined && !(field in base)) return changeWithoutBase(field);
  }
  return undefined;
}
