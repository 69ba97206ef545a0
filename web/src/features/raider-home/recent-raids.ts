/**
 * My page's recent raids (decision 072): the raids that name the account's characters (the answer's `raids`, from
 * attendance) and the kills they shared sold loot in (its items), one entry for a boss on one day, newest first.
 */
import { dateStamp } from "@shared/format/format-date.ts";
import { readMoney } from "@shared/money/money.ts";
import { type EarningsItem, type EarningsRaid, RECENT_RAIDS_LIMIT } from "@shared/schemas/my-earnings.ts";

export interface RecentRaid {
  /** 'YYYY-MM-DD' (a raid's day where the viewer is), or null for items without a date. */
  date: string | null;
  bossName: string;
  /** The sold items of the kill that the characters shared, each once, newest first. */
  loot: string[];
  /** The account's characters on it. */
  characters: string[];
  /** The characters' shares added up, in cents. */
  shareCents: number;
}

/**
 * Up to `limit` entries, newest first (undated last). `raids` is absent in a copy saved before decision 072: the
 * items alone then. `timeZone`: the viewer's when absent (a test names one).
 */
export function recentRaids(
  items: readonly EarningsItem[],
  raids: readonly EarningsRaid[] | undefined,
  limit = RECENT_RAIDS_LIMIT,
  timeZone?: string | null,
): RecentRaid[] {
  const byKill = new Map<string, RecentRaid>();
  const entry = (date: string | null, bossName: string, characters: readonly string[]) => {
    const key = `${date ?? ""}\u0000${bossName.trim().toLowerCase()}`;
    let raid = byKill.get(key);
    if (!raid) {
      raid = { date, bossName, loot: [], characters: [], shareCents: 0 };
      byKill.set(key, raid);
    }
    for (const name of characters) if (!raid.characters.includes(name)) raid.characters.push(name);
    return raid;
  };
  for (const raid of raids ?? [])
    entry(dateStamp(Date.parse(raid.dateAttended), timeZone), raid.bossName, raid.characters);
  for (const item of items) {
    const raid = entry(item.date, item.bossName, [item.characterName]);
    if (!raid.loot.includes(item.lootName)) raid.loot.push(item.lootName);
    raid.shareCents += readMoney(item.share) ?? 0;
  }
  // Stable: entries of one day keep the order they came in (raids, then items, each newest first).
  return [...byKill.values()]
    .sort((a, b) =>
      a.date === b.date ? 0 : a.date === null ? 1 : b.date === null ? -1 : a.date < b.date ? 1 : -1,
    )
    .slice(0, limit);
}
