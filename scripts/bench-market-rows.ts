/**
 * A large loot history as the market import takes it (POST /_api/admin/import-market-data): `count` Sold items,
 * "Spoils 1" the oldest, spread over the last two years, each with a boss of the list and 20 participants of
 * the roster, so the market pages have every boss to filter by. Used by bench:inp and the browser test of the
 * tables at 10,000 rows.
 */
const PARTICIPANTS = 20;
const DAYS = 730;

export interface ImportRow {
  bossName: string;
  lootName: string;
  value: string;
  status: "Sold";
  dateAcquired: string;
  participatedMembers: string[];
}

export function marketImportRows(
  count: number,
  roster: readonly string[],
  bosses: readonly string[],
  today: Date = new Date(),
): ImportRow[] {
  if (roster.length === 0 || bosses.length === 0)
    throw new Error("the roster and the boss list must not be empty");
  const day = (i: number) => {
    const date = new Date(today);
    date.setUTCDate(date.getUTCDate() - Math.floor((DAYS * (count - i)) / count));
    return date.toISOString().slice(0, 10);
  };
  return Array.from({ length: count }, (_, index) => {
    const i = index + 1;
    const names = new Set<string>();
    for (let j = 0; names.size < Math.min(PARTICIPANTS, roster.length); j += 1)
      names.add(roster[(i * 7 + j * 13) % roster.length] as string);
    return {
      bossName: bosses[i % bosses.length] as string,
      lootName: `Spoils ${i}`,
      value: (50 + ((i * 7919) % 495_000) / 100).toFixed(2),
      status: "Sold",
      dateAcquired: day(i),
      participatedMembers: [...names],
    };
  });
}
