import type { Queryable } from "../db/types.ts";

/** A boss with its stored timer, if any (all timer fields null when it has none). */
export interface BossTimerRow {
  bossId: number;
  bossName: string;
  respawnTimeHours: number;
  startTime: Date | null;
  endTime: Date | null;
  durationHours: number | null;
  isActive: boolean | null;
  status: string | null;
}

/** A stored timer as the audit log records it. */
export interface StoredTimer {
  bossName: string;
  startTime: Date;
  endTime: Date;
  durationHours: number;
  isActive: boolean;
  status: string;
  startedBy: number | null;
}

const BOSS_WITH_TIMER = `SELECT b.id AS "bossId", b.name AS "bossName", b.respawn_time_hours::float8 AS "respawnTimeHours",
       t.start_time AS "startTime", t.end_time AS "endTime", t.duration_hours::float8 AS "durationHours",
       t.is_active AS "isActive", t.status
  FROM boss_names b LEFT JOIN boss_timers t ON t.boss_name = b.name`;

const TIMER_COLUMNS = `boss_name AS "bossName", start_time AS "startTime", end_time AS "endTime",
  duration_hours::float8 AS "durationHours", is_active AS "isActive", status, started_by AS "startedBy"`;

export async function listBossesWithTimers(q: Queryable): Promise<BossTimerRow[]> {
  return q.query<BossTimerRow>(`${BOSS_WITH_TIMER} ORDER BY lower(b.name), b.name`);
}

export async function getBossWithTimer(q: Queryable, bossName: string): Promise<BossTimerRow | undefined> {
  const rows = await q.query<BossTimerRow>(`${BOSS_WITH_TIMER} WHERE b.name = $1`, [bossName]);
  return rows[0];
}

/** Every stored timer, held until the transaction ends. */
export async function getAllTimers(q: Queryable): Promise<StoredTimer[]> {
  return q.query<StoredTimer>(`SELECT ${TIMER_COLUMNS} FROM boss_timers ORDER BY boss_name FOR UPDATE`);
}

export async function getTimer(q: Queryable, bossName: string): Promise<StoredTimer | undefined> {
  const rows = await q.query<StoredTimer>(
    `SELECT ${TIMER_COLUMNS} FROM boss_timers WHERE boss_name = $1 FOR UPDATE`,
    [bossName],
  );
  return rows[0];
}

/** One timer per boss: starting one replaces whatever the boss had. */
export async function upsertTimer(
  q: Queryable,
  timer: {
    bossName: string;
    startTime: Date;
    endTime: Date;
    durationHours: number;
    startedBy: number | null;
  },
): Promise<StoredTimer> {
  const rows = await q.query<StoredTimer>(
    `INSERT INTO boss_timers (boss_name, start_time, end_time, duration_hours, is_active, status, started_by)
     VALUES ($1, $2, $3, $4, true, 'active', $5)
     ON CONFLICT (boss_name) DO UPDATE SET
       start_time = EXCLUDED.start_time, end_time = EXCLUDED.end_time, duration_hours = EXCLUDED.duration_hours,
       is_active = true, status = 'active', started_by = EXCLUDED.started_by
     RETURNING ${TIMER_COLUMNS}`,
    [timer.bossName, timer.startTime, timer.endTime, timer.durationHours, timer.startedBy],
  );
  return rows[0] as StoredTimer;
}

export async function deleteTimer(q: Queryable, bossName: string): Promise<StoredTimer | undefined> {
  const rows = await q.query<StoredTimer>(
    `DELETE FROM boss_timers WHERE boss_name = $1 RETURNING ${TIMER_COLUMNS}`,
    [bossName],
  );
  return rows[0];
}

export async function deleteAllTimers(q: Queryable): Promise<StoredTimer[]> {
  return q.query<StoredTimer>(`DELETE FROM boss_timers RETURNING ${TIMER_COLUMNS}`);
}

/** Puts back a timer as the audit log recorded it (an undone start restores the one it replaced). */
export async function restoreTimer(q: Queryable, timer: StoredTimer): Promise<StoredTimer> {
  const rows = await q.query<StoredTimer>(
    `INSERT INTO boss_timers (boss_name, start_time, end_time, duration_hours, is_active, status, started_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT (boss_name) DO UPDATE SET
       start_time = EXCLUDED.start_time, end_time = EXCLUDED.end_time, duration_hours = EXCLUDED.duration_hours,
       is_active = EXCLUDED.is_active, status = EXCLUDED.status, started_by = EXCLUDED.started_by
     RETURNING ${TIMER_COLUMNS}`,
    [
      timer.bossName,
      timer.startTime,
      timer.endTime,
      timer.durationHours,
      timer.isActive,
      timer.status,
      timer.startedBy,
    ],
  );
  return rows[0] as StoredTimer;
}

/** The audit entry of a boss's latest start: when the server recorded it (ms ago, by the database's clock). */
export interface StartRecord {
  before: StoredTimer | null;
  after: StoredTimer | null;
  ageMs: number;
}

/** Stored timers in the audit log are JSON: dates as ISO texts. */
function storedTimerFromJson(value: unknown): StoredTimer | null {
  if (typeof value !== "object" || value === null) return null;
  const t = value as Record<string, unknown>;
  return {
    bossName: String(t.bossName),
    startTime: new Date(String(t.startTime)),
    endTime: new Date(String(t.endTime)),
    durationHours: Number(t.durationHours),
    isActive: t.isActive === true,
    status: String(t.status),
    startedBy: typeof t.startedBy === "number" ? t.startedBy : null,
  };
}

export async function findLatestStart(q: Queryable, bossName: string): Promise<StartRecord | undefined> {
  const rows = await q.query<{ before: unknown; after: unknown; ageMs: number }>(
    `SELECT before, after, (extract(epoch FROM (now() - created_at)) * 1000)::float8 AS "ageMs"
       FROM audit_log
      WHERE entity = 'boss_timer' AND entity_id = $1 AND action IN ('start', 'start_test')
      ORDER BY id DESC
      LIMIT 1`,
    [bossName],
  );
  const row = rows[0];
  if (!row) return undefined;
  return { before: storedTimerFromJson(row.before), after: storedTimerFromJson(row.after), ageMs: row.ageMs };
}
