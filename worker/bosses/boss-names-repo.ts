import type { BossName } from "@shared/schemas/boss-names.ts";
import type { Queryable } from "../db/types.ts";

const COLUMNS = `id, name, respawn_time_hours::float8 AS "respawnTimeHours"`;

export async function listBossNames(q: Queryable): Promise<BossName[]> {
  return q.query<BossName>(`SELECT ${COLUMNS} FROM boss_names ORDER BY lower(name), name`);
}

export async function getBossName(
  q: Queryable,
  id: number,
  forUpdate = false,
): Promise<BossName | undefined> {
  const rows = await q.query<BossName>(
    `SELECT ${COLUMNS} FROM boss_names WHERE id = $1${forUpdate ? " FOR UPDATE" : ""}`,
    [id],
  );
  return rows[0];
}

/** Names are unique case-insensitively; this is how a request's spelling finds the stored one. */
export async function findBossByName(q: Queryable, name: string): Promise<BossName | undefined> {
  const rows = await q.query<BossName>(`SELECT ${COLUMNS} FROM boss_names WHERE lower(name) = lower($1)`, [
    name,
  ]);
  return rows[0];
}

/**
 * findBossByName, holding the boss until the transaction ends: against a delete or rename (its timer is about
 * to reference it) and against another start of its timer, which waits and then sees this one's result.
 */
export async function lockBossForTimerStart(q: Queryable, name: string): Promise<BossName | undefined> {
  const rows = await q.query<BossName>(
    `SELECT ${COLUMNS} FROM boss_names WHERE lower(name) = lower($1) FOR NO KEY UPDATE`,
    [name],
  );
  return rows[0];
}

/**
 * Holds other boss-name inserts, renames and deletes (not reads, not timer starts) until the transaction
 * ends, so a name check and the write that follows it see the same list.
 */
export async function lockBossNameWrites(q: Queryable): Promise<void> {
  await q.query("LOCK TABLE boss_names IN SHARE ROW EXCLUSIVE MODE");
}

export async function insertBossName(
  q: Queryable,
  input: { name: string; respawnTimeHours: number },
): Promise<BossName> {
  const rows = await q.query<BossName>(
    `INSERT INTO boss_names (name, respawn_time_hours) VALUES ($1, $2) RETURNING ${COLUMNS}`,
    [input.name, input.respawnTimeHours],
  );
  return rows[0] as BossName;
}

/** Absent fields keep their value (a fixed-schedule boss renamed keeps its schedule code). */
export async function updateBossName(
  q: Queryable,
  id: number,
  patch: { name?: string; respawnTimeHours?: number },
): Promise<BossName | undefined> {
  const rows = await q.query<BossName>(
    `UPDATE boss_names SET name = COALESCE($2, name), respawn_time_hours = COALESCE($3, respawn_time_hours)
      WHERE id = $1 RETURNING ${COLUMNS}`,
    [id, patch.name ?? null, patch.respawnTimeHours ?? null],
  );
  return rows[0];
}

export async function deleteBossName(q: Queryable, id: number): Promise<BossName | undefined> {
  const rows = await q.query<BossName>(`DELETE FROM boss_names WHERE id = $1 RETURNING ${COLUMNS}`, [id]);
  return rows[0];
}

/** Every boss, each held as lockBossForTimerStart holds one: a server maintenance resets them together. */
export async function lockAllBossesForTimers(q: Queryable): Promise<BossName[]> {
  return q.query<BossName>(`SELECT ${COLUMNS} FROM boss_names ORDER BY id FOR NO KEY UPDATE`);
}
