/**
 * The participant picker's rules, apart from React so they are tested alone (decision 045): the search, select
 * all / none of what the search shows, "same as last raid", the texts, and the keyboard model of the grid
 * (roving focus: arrows move by cell and row, Home/End, type-ahead by the start of a name).
 */

export interface PickerMember {
  playerName: string;
  category: string;
}

/** The picker's choices on a raid's forms: the roster's active members (Record a raid, a check-in's names). */
export function activePickerMembers(members: readonly (PickerMember & { status: string })[]): PickerMember[] {
  return members
    .filter((m) => m.status === "active")
    .map((m) => ({ playerName: m.playerName, category: m.category }));
}

/** The last raid as the picker reads it: the newest attendance record. */
export interface RaidRecord {
  id: number;
  dateAttended: Date | string;
  participatedMembers: readonly string[];
}

const key = (name: string) => name.trim().toLowerCase();

export const PICKER_EMPTY_LABEL = "Choose participants...";
export const NO_MEMBERS = "No guild members found.";
export const NO_MATCHES = "No members match your search.";
export const SAME_AS_LAST_RAID = "Same as last raid";

/** The button's text: what it picks, then how many are picked. */
export function pickerButtonLabel(count: number): string {
  if (count === 0) return PICKER_EMPTY_LABEL;
  return count === 1 ? "1 participant selected" : `${count.toLocaleString("en-US")} participants selected`;
}

/** The sticky Save button's text, with the count. */
export function pickerSaveLabel(count: number): string {
  return `Save ${count.toLocaleString("en-US")} selected`;
}

/** Whether `name` is in `names`, ignoring case (the roster's names are unique ignoring case). */
export function includesName(names: readonly string[], name: string): boolean {
  const k = key(name);
  return names.some((n) => key(n) === k);
}

/** Adds or removes one name. */
export function toggleName(names: readonly string[], name: string): string[] {
  return includesName(names, name) ? names.filter((n) => key(n) !== key(name)) : [...names, name];
}

/** The members whose name contains every word of the query, ignoring case; an empty query shows everyone. */
export function filterMembers<M extends PickerMember>(members: readonly M[], query: string): M[] {
  const words = key(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...members];
  return members.filter((m) => {
    const name = key(m.playerName);
    return words.every((word) => name.includes(word));
  });
}

/** The picked names' keys, for looking many names up at once (200 members by 200 picks stays instant). */
export function nameKeys(names: readonly string[]): Set<string> {
  return new Set(names.map(key));
}

/** Whether `name` is among `keys` (from nameKeys). */
export function hasName(keys: ReadonlySet<string>, name: string): boolean {
  return keys.has(key(name));
}

/** Adds every shown member (the search's result) to the selection, keeping the ones already picked. */
export function selectAllShown(selected: readonly string[], shown: readonly PickerMember[]): string[] {
  const keys = nameKeys(selected);
  const added = shown.map((m) => m.playerName).filter((name) => !hasName(keys, name));
  return [...selected, ...added];
}

/** Removes every shown member from the selection; picks hidden by the search stay. */
export function selectNoneShown(selected: readonly string[], shown: readonly PickerMember[]): string[] {
  const hidden = nameKeys(shown.map((m) => m.playerName));
  return selected.filter((name) => !hasName(hidden, name));
}

/** Whether every shown member is picked (Select all then has nothing to add). */
export function allShownSelected(selected: readonly string[], shown: readonly PickerMember[]): boolean {
  const keys = nameKeys(selected);
  return shown.length > 0 && shown.every((m) => hasName(keys, m.playerName));
}

/**
 * The newest attendance record: latest raid day; on the same day one not yet on the server (negative id) first,
 * then the one saved last (highest id). Null when there is none.
 */
export function lastRaid<R extends RaidRecord>(records: readonly R[]): R | null {
  const time = (r: RaidRecord) => new Date(r.dateAttended).getTime() || 0;
  const rank = (r: RaidRecord) => (r.id < 0 ? Number.MAX_SAFE_INTEGER - r.id : r.id);
  let best: R | null = null;
  for (const record of records) {
    if (
      best === null ||
      time(record) > time(best) ||
      (time(record) === time(best) && rank(record) > rank(best))
    )
      best = record;
  }
  return best;
}

/**
 * "Same as last raid": the newest record's participants who are among the choices, in the roster's spelling.
 * Names no longer offered (kicked since) are left out.
 */
export function lastRaidNames(records: readonly RaidRecord[], choices: readonly PickerMember[]): string[] {
  const record = lastRaid(records);
  if (!record) return [];
  const byKey = new Map(choices.map((m) => [key(m.playerName), m.playerName]));
  const names: string[] = [];
  for (const name of record.participatedMembers) {
    const match = byKey.get(key(name));
    if (match && !names.includes(match)) names.push(match);
  }
  return names;
}

/* Keyboard model ----------------------------------------------------------------------------------------- */

/** Where focus goes from `index` on `keyName` in a grid of `count` cells and `columns` columns; null: not ours. */
export function moveFocus(keyName: string, index: number, count: number, columns: number): number | null {
  if (count === 0) return null;
  const cols = Math.max(1, columns);
  const clamp = (i: number) => Math.min(count - 1, Math.max(0, i));
  switch (keyName) {
    case "ArrowRight":
      return clamp(index + 1);
    case "ArrowLeft":
      return clamp(index - 1);
    case "ArrowDown":
      return clamp(index + cols);
    case "ArrowUp":
      return clamp(index - cols);
    case "Home":
      return 0;
    case "End":
      return count - 1;
    default:
      return null;
  }
}

/** Whether a key press is a printable character for type-ahead (no Ctrl/Alt/Meta, not a space). */
export function isTypeAheadKey(event: {
  key: string;
  ctrlKey: boolean;
  altKey: boolean;
  metaKey: boolean;
}): boolean {
  return event.key.length === 1 && event.key !== " " && !event.ctrlKey && !event.altKey && !event.metaKey;
}

/**
 * Type-ahead: the next name after `from` (wrapping) that starts with `typed`, ignoring case; a repeated single
 * letter cycles through the names with that letter. -1 when none does.
 */
export function typeAheadIndex(names: readonly string[], typed: string, from: number): number {
  const text = typed.toLowerCase();
  if (text === "" || names.length === 0) return -1;
  const repeated = text.length > 1 && [...text].every((c) => c === text[0]);
  const prefix = repeated ? (text[0] as string) : text;
  // A longer prefix may still match the current name; a single or repeated letter moves on.
  const start = repeated || text.length === 1 ? from + 1 : from;
  for (let step = 0; step < names.length; step++) {
    const i = (((start + step) % names.length) + names.length) % names.length;
    if ((names[i] as string).toLowerCase().startsWith(prefix)) return i;
  }
  return -1;
}
