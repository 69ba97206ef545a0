/**
 * How many loot items name a member among their participants. Attendance counts every item, Loot
 * Participation only Sold ones; the caller picks the items and parses each participant text with the shared
 * participant parser, so this module only counts.
 */

const nameKey = (name: string): string => name.trim().toLowerCase();

/**
 * Counts, per member, the lists that include them. Names match case-insensitively (player names are unique
 * regardless of case) and a name repeated within one list counts once.
 */
export function participationCounter(lists: Iterable<readonly string[]>): (playerName: string) => number {
  const counts = new Map<string, number>();
  for (const list of lists) {
    for (const key of new Set(list.map(nameKey))) {
      if (key !== "") counts.set(key, (counts.get(key) ?? 0) + 1);
    }
  }
  return (playerName) => counts.get(nameKey(playerName)) ?? 0;
}
