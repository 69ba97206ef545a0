/** The guild's settings row (sql/012-guild-settings.sql, decision 059). */
import type { Queryable } from "../db/types.ts";

/** The zone an admin chose, or null when none has been chosen (or a restore left the table without its row). */
export async function readChosenTimeZone(q: Queryable): Promise<string | null> {
  const [row] = await q.query<{ timeZone: string | null }>(
    `SELECT time_zone AS "timeZone" FROM guild_settings WHERE id = 1`,
  );
  return row?.timeZone ?? null;
}

/** Stores the chosen zone; the row is made when a restore of a file without one left the table empty. */
export async function saveTimeZone(q: Queryable, timeZone: string): Promise<void> {
  await q.query(
    `INSERT INTO guild_settings (id, time_zone) VALUES (1, $1)
     ON CONFLICT (id) DO UPDATE SET time_zone = EXCLUDED.time_zone`,
    [timeZone],
  );
}
