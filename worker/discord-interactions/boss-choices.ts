/** The bosses a /killed or /nospawn suggests as its name is typed (decision 096): interval bosses the grid shows. */
import { isShownInGrid, resolveBossSchedule } from "@shared/bosses/boss-schedule.ts";
import { compareText } from "@shared/sorting/compare-text.ts";
import type { Queryable } from "../db/types.ts";

/** Discord shows at most 25 choices. */
const MAX_CHOICES = 25;

export async function bossChoices(q: Queryable, typed: string): Promise<{ name: string; value: string }[]> {
  const rows = await q.query<{ name: string; hours: number }>(
    `SELECT name, respawn_time_hours AS hours FROM boss_names
      WHERE strpos(lower(name), lower($1)) > 0 ORDER BY name LIMIT 200`,
    [typed.trim().slice(0, 100)],
  );
  return rows
    .filter((row) => isShownInGrid(row.hours) && resolveBossSchedule(row.name, row.hours).kind === "interval")
    .sort((a, b) => compareText(a.name, b.name))
    .slice(0, MAX_CHOICES)
    .map((row) => ({ name: row.name, value: row.name }));
}
