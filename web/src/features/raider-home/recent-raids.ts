/**
 * My page's recent raids (decision 072): the kills the account's characters shared loot in, newest first, from the
 * items of the My earnings answer. A kill is one boss on one day; its items and shares are added up.
 */
import { readMoney } from "@shared/money/money.ts";
import type { EarningsItem } from "@shared/schemas/my-earnings.ts";

export interface RecentRaid {
  /** 'YYYY-MM-DD', or null for items without a date. */
  date: string | null;
  bossName: string;
  /** The items of the kill, each once, in the answer's order. */
  loot: string[];
  /** The account's characters that shared in it. */
  characters: string[];
  /** The characters' shares added up, in cents. */
  shareCents: number;
}

export const RECENT_RAIDS_LIMIT = 5;

/** Up to `limit` kills from the answer's items (newest first, undated last), in that order. */
export function recentRaids(items: readonly EarningsItem[], limit = RECENT_RAIDS_LIMIT): RecentRaid[] {
  const raids = new Map<string, RecentRaid>();
  for (const item of items) {
    const key = `${item.date ?? ""}\u0000${item.bossName.trim().toLowerCase()}`;
    let raid = raids.get(key);
    if (!raid) {
      if (raids.size === limit) continue;
      raid = { date: item.date, bossName: item.bossName, loot: [], characters: [], shareCents: 0 };
      raids.set(key, raid);
    }
    if (!raid.loot.includes(item.lootName)) raid.loot.push(item.lootName);
    if (!raid.characters.includes(item.characterName)) raid.characters.push(item.characterName);
    raid.shareCents += readMoney(item.share) ?? 0;
  }
  return [...raids.values()];
}
