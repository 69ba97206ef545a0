/** The guild's settings row (sql/012-guild-settings.sql, decision 059). */
import {
  AFTER_MAINTENANCE,
  AFTER_MAINTENANCE_DEFAULT,
  type AfterMaintenance,
} from "@shared/schemas/timer-tools.ts";
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

/** What a server maintenance does to interval bosses (sql/020, decision 076); the default without the row. */
export async function readAfterMaintenance(q: Queryable): Promise<AfterMaintenance> {
  const [row] = await q.query<{ afterMaintenance: string }>(
    `SELECT after_maintenance AS "afterMaintenance" FROM guild_settings WHERE id = 1`,
  );
  const found = AFTER_MAINTENANCE.find((mode) => mode === row?.afterMaintenance);
  return found ?? AFTER_MAINTENANCE_DEFAULT;
}

export async function saveAfterMaintenance(q: Queryable, mode: AfterMaintenance): Promise<void> {
  await q.query(
    `INSERT INTO guild_settings (id, after_maintenance) VALUES (1, $1)
     ON CONFLICT (id) DO UPDATE SET after_maintenance = EXCLUDED.after_maintenance`,
    [mode],
  );
}
