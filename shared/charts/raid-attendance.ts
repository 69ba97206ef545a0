/**
 * Who comes to raids (issue 30): raids per member over the last N days, and when the guild raids, a weekday × hour
 * grid of the raids in the guild's time zone (decision 059). Names are matched as people compare them (foldName):
 * a record that spells a member's name in another case counts for that member.
 */
import { type DateInput, sortableTime } from "../format/format-date.ts";
import { wallClockAt } from "../format/zoned-time.ts";
import { foldName } from "../names/fold-name.ts";
import { compareText } from "../sorting/compare-text.ts";

export interface RaidRecord {
  dateAttended: DateInput;
  participatedMembers: readonly string[];
}

export interface MemberRaids {
  name: string;
  raids: number;
}

const DAY_MS = 86_400_000;

/** The records of the `days` days up to `now`: attended at now − days×24 h or later, and not after now. */
export function raidsWithin<R extends RaidRecord>(records: readonly R[], now: number, days: number): R[] {
  const from = now - days * DAY_MS;
  return records.filter((record) => {
    const at = sortableTime(record.dateAttended);
    return at !== null && at >= from && at <= now;
  });
}

/**
 * Raids per member in the `days` days up to `now` (a raid at now − days×24 h or later). Every name in `members`
 * is listed, with 0 when it has no raid (who stopped coming); a name only in the records is listed as written.
 * The most raids first, then by name.
 */
export function raidsPerMember(
  records: readonly RaidRecord[],
  members: readonly string[],
  now: number,
  days: number,
): MemberRaids[] {
  const counts = new Map<string, MemberRaids>();
  for (const name of members) {
    const key = foldName(name);
    if (!counts.has(key)) counts.set(key, { name, raids: 0 });
  }
  for (const record of raidsWithin(records, now, days)) {
    // A name twice in one record is one raid.
    const named = new Map<string, string>();
    for (const name of record.participatedMembers)
      if (!named.has(foldName(name))) named.set(foldName(name), name.trim());
    for (const [key, written] of named) {
      if (key === "") continue;
      const entry = counts.get(key) ?? { name: written, raids: 0 };
      entry.raids += 1;
      counts.set(key, entry);
    }
  }
  return [...counts.values()].sort((a, b) => b.raids - a.raids || compareText(a.name, b.name));
}

/** Monday first, as a guild's raid week is usually read. */
export const GRID_WEEKDAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"] as const;

export interface RaidGrid {
  /** counts[weekday][hour]: weekday 0 is Monday, hour 0-23 in the guild's zone. */
  counts: number[][];
  total: number;
  /** The busiest cell (the earliest in the week on a tie); null without raids. */
  busiest: { weekday: number; hour: number; raids: number } | null;
}

/** The raids by weekday and hour of their time in `timeZone`. */
export function raidGrid(records: readonly RaidRecord[], timeZone: string | null): RaidGrid {
  const counts = GRID_WEEKDAYS.map(() => new Array<number>(24).fill(0));
  let total = 0;
  for (const record of records) {
    const at = sortableTime(record.dateAttended);
    if (at === null) continue;
    const wall = wallClockAt(at, timeZone ?? "UTC");
    const row = counts[(wall.weekday + 6) % 7] as number[];
    row[wall.hour] = (row[wall.hour] as number) + 1;
    total += 1;
  }
  let busiest: RaidGrid["busiest"] = null;
  counts.forEach((row, weekday) => {
    row.forEach((raids, hour) => {
      if (raids > 0 && (busiest === null || raids > busiest.raids)) busiest = { weekday, hour, raids };
    });
  });
  return { counts, total, busiest };
}
