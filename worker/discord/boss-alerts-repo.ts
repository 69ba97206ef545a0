/**
 * Each boss's Discord spawn alert (sql/021, decision 077): its own lead time and the role it mentions, kept on the
 * boss's row so a backup carries them with the boss, and read and written only by admins' calls.
 */
import type { BossAlert } from "@shared/schemas/boss-alerts.ts";
import type { Queryable } from "../db/types.ts";

const COLUMNS = `id, name, respawn_time_hours::float8 AS "respawnTimeHours",
  discord_lead_minutes AS "leadMinutes", discord_role_id AS "roleId"`;

export async function listBossAlerts(q: Queryable): Promise<BossAlert[]> {
  return q.query<BossAlert>(`SELECT ${COLUMNS} FROM boss_names ORDER BY lower(name), name`);
}

/** The bosses given, held until the transaction ends (their before and after go to the audit log). */
export async function lockBossAlerts(q: Queryable, ids: readonly number[]): Promise<BossAlert[]> {
  return q.query<BossAlert>(
    `SELECT ${COLUMNS} FROM boss_names WHERE id = ANY($1::int[]) ORDER BY id FOR UPDATE`,
    [ids],
  );
}

export async function saveBossAlert(
  q: Queryable,
  alert: Pick<BossAlert, "id" | "leadMinutes" | "roleId">,
): Promise<BossAlert> {
  const rows = await q.query<BossAlert>(
    `UPDATE boss_names SET discord_lead_minutes = $2, discord_role_id = $3 WHERE id = $1 RETURNING ${COLUMNS}`,
    [alert.id, alert.leadMinutes, alert.roleId],
  );
  return rows[0] as BossAlert;
}

/** What the scheduler needs of each boss's alert, by boss name. */
export async function bossAlertsByName(
  q: Queryable,
): Promise<Map<string, Pick<BossAlert, "leadMinutes" | "roleId">>> {
  const rows = await q.query<{ name: string; leadMinutes: number | null; roleId: string | null }>(
    `SELECT name, discord_lead_minutes AS "leadMinutes", discord_role_id AS "roleId" FROM boss_names
      WHERE discord_lead_minutes IS NOT NULL OR discord_role_id IS NOT NULL`,
  );
  return new Map(rows.map(({ name, ...alert }) => [name, alert]));
}
