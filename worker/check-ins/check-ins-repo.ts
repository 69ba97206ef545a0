/**
 * The check_ins and check_in_entries tables (sql/022, decision 079). Reads and writes only; the rules (who may
 * check in as whom, until when) are check-ins-routes.ts'. Times are compared with the database's clock (now()), the
 * one every request and the close share.
 */
import type {
  CheckInDetail,
  CheckInEntry,
  CheckInStatus,
  CheckInSummary,
  MyCheckInCharacter,
} from "@shared/schemas/check-ins.ts";
import type { Queryable } from "../db/types.ts";

/** A check-in's row as the rules read it: the summary without who opened it and how many are on it. */
export type CheckInRow = Omit<CheckInSummary, "openedByName" | "entryCount">;

const ROW_COLUMNS = `k.id, k.code, k.boss_name AS "bossName", k.killed_at AS "killedAt", k.opened_at AS "openedAt",
  k.closes_at AS "closesAt", k.status, k.ended_at AS "endedAt", k.attendance_record_id AS "attendanceRecordId",
  (k.status = 'open' AND k.closes_at > now()) AS "acceptsCheckIns"`;

const SUMMARY_COLUMNS = `${ROW_COLUMNS}, coalesce(o.display_name, 'a removed account') AS "openedByName",
  (SELECT count(*)::int FROM check_in_entries e WHERE e.check_in_id = k.id) AS "entryCount"`;
const SUMMARY_FROM = "check_ins k LEFT JOIN users o ON o.id = k.opened_by";

/** Opens a check-in with `code`; null when an open check-in already has that code. */
export async function insertCheckIn(
  q: Queryable,
  input: { code: string; bossName: string; killedAt: Date; minutes: number; openedBy: number | null },
): Promise<number | null> {
  const [row] = await q.query<{ id: number }>(
    `INSERT INTO check_ins (code, boss_name, killed_at, closes_at, opened_by)
     VALUES ($1, $2, $3, now() + make_interval(mins => $4::int), $5)
     ON CONFLICT (code) WHERE status = 'open' DO NOTHING RETURNING id`,
    [input.code, input.bossName, input.killedAt, input.minutes, input.openedBy],
  );
  return row?.id ?? null;
}

/**
 * The check-in, locked until the transaction ends: `share` for a check-in (many at once, each waits for a close),
 * `update` for the officers' changes of it.
 */
export async function lockCheckIn(
  q: Queryable,
  id: number,
  mode: "share" | "update",
): Promise<CheckInRow | undefined> {
  const [row] = await q.query<CheckInRow>(
    `SELECT ${ROW_COLUMNS} FROM check_ins k WHERE k.id = $1 FOR ${mode === "share" ? "SHARE" : "UPDATE"}`,
    [id],
  );
  return row;
}

/** The check-in a code names: the open one, else the latest that had it. */
export async function findCheckInIdByCode(q: Queryable, code: string): Promise<number | undefined> {
  const [row] = await q.query<{ id: number }>(
    `SELECT id FROM check_ins WHERE code = $1 ORDER BY status = 'open' DESC, id DESC LIMIT 1`,
    [code],
  );
  return row?.id;
}

/** Closes or cancels an open check-in. */
export async function endCheckIn(
  q: Queryable,
  id: number,
  status: Exclude<CheckInStatus, "open">,
  endedBy: number | null,
  attendanceRecordId: number | null,
): Promise<void> {
  await q.query(
    `UPDATE check_ins SET status = $2, ended_at = now(), ended_by = $3, attendance_record_id = $4
      WHERE id = $1 AND status = 'open'`,
    [id, status, endedBy, attendanceRecordId],
  );
}

/** The open check-ins and those ended within `recentMs`, newest first. */
export async function listCheckIns(q: Queryable, recentMs: number): Promise<CheckInSummary[]> {
  return q.query<CheckInSummary>(
    `SELECT ${SUMMARY_COLUMNS} FROM ${SUMMARY_FROM}
      WHERE k.status = 'open' OR k.ended_at > now() - make_interval(secs => $1::double precision / 1000)
      ORDER BY k.status = 'open' DESC, k.opened_at DESC, k.id DESC`,
    [recentMs],
  );
}

/** One check-in with its names, oldest first; undefined when there is none. */
export async function readCheckIn(q: Queryable, id: number): Promise<CheckInDetail | undefined> {
  const [summary] = await q.query<CheckInSummary>(
    `SELECT ${SUMMARY_COLUMNS} FROM ${SUMMARY_FROM} WHERE k.id = $1`,
    [id],
  );
  if (!summary) return undefined;
  const entries = await q.query<CheckInEntry>(
    `SELECT e.member_id AS "memberId", m.player_name AS "memberName", main.player_name AS "mainName",
            CASE WHEN e.added_by_officer THEN 'officer' ELSE 'raider' END AS "addedBy",
            coalesce(a.display_name, 'a removed account') AS "addedByName", e.created_at AS "createdAt"
       FROM check_in_entries e
       JOIN guild_members m ON m.id = e.member_id
       LEFT JOIN guild_members main ON main.id = m.main_member_id
       LEFT JOIN users a ON a.id = e.added_by
      WHERE e.check_in_id = $1
      ORDER BY e.created_at, e.member_id`,
    [id],
  );
  return { ...summary, entries };
}

/** The check-ins raiders may check in to now, newest first. */
export async function listAcceptingCheckIns(q: Queryable): Promise<CheckInRow[]> {
  return q.query<CheckInRow>(
    `SELECT ${ROW_COLUMNS} FROM check_ins k WHERE k.status = 'open' AND k.closes_at > now()
      ORDER BY k.opened_at DESC, k.id DESC`,
  );
}

export async function findCheckIn(q: Queryable, id: number): Promise<CheckInRow | undefined> {
  const [row] = await q.query<CheckInRow>(`SELECT ${ROW_COLUMNS} FROM check_ins k WHERE k.id = $1`, [id]);
  return row;
}

/** The account's main character (users.member_id) and its alts, the active ones, the main first. */
export async function charactersOf(q: Queryable, userId: number): Promise<MyCheckInCharacter[]> {
  return q.query<MyCheckInCharacter>(
    `SELECT m.id AS "memberId", m.player_name AS name, m.id = u.member_id AS "isMain"
       FROM users u JOIN guild_members m ON m.id = u.member_id OR m.main_member_id = u.member_id
      WHERE u.id = $1 AND m.status = 'active'
      ORDER BY m.id = u.member_id DESC, lower(m.player_name), m.id`,
    [userId],
  );
}

/** An entry of a check-in that the account made, or that names one of `memberIds`. */
export interface OwnEntry {
  checkInId: number;
  memberId: number;
  memberName: string;
  userId: number | null;
}

/**
 * The entries of `checkInIds` that are the account's: those it made, then those naming one of its characters
 * (an officer's), one per check-in.
 */
export async function ownEntries(
  q: Queryable,
  checkInIds: readonly number[],
  userId: number,
  memberIds: readonly number[],
): Promise<OwnEntry[]> {
  return q.query<OwnEntry>(
    `SELECT DISTINCT ON (e.check_in_id) e.check_in_id AS "checkInId", e.member_id AS "memberId",
            m.player_name AS "memberName", e.user_id AS "userId"
       FROM check_in_entries e JOIN guild_members m ON m.id = e.member_id
      WHERE e.check_in_id = ANY($1::int[]) AND (e.user_id = $2 OR e.member_id = ANY($3::int[]))
      ORDER BY e.check_in_id, e.user_id = $2 DESC NULLS LAST, e.created_at`,
    [checkInIds, userId, memberIds],
  );
}

/** Puts a member on a check-in; false when the member (or, for a raider, the account) is on it already. */
export async function insertEntry(
  q: Queryable,
  input: {
    checkInId: number;
    memberId: number;
    userId: number | null;
    addedBy: number | null;
    byOfficer: boolean;
  },
): Promise<boolean> {
  const rows = await q.query(
    `INSERT INTO check_in_entries (check_in_id, member_id, user_id, added_by, added_by_officer)
     VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING RETURNING member_id`,
    [input.checkInId, input.memberId, input.userId, input.addedBy, input.byOfficer],
  );
  return rows.length > 0;
}

/** Gives an officer's entry of the account's character to the account (the raider checked in as it too). */
export async function claimEntry(
  q: Queryable,
  checkInId: number,
  memberId: number,
  userId: number,
): Promise<boolean> {
  const rows = await q.query(
    `UPDATE check_in_entries SET user_id = $3 WHERE check_in_id = $1 AND member_id = $2 AND user_id IS NULL
      AND NOT EXISTS (SELECT 1 FROM check_in_entries o WHERE o.check_in_id = $1 AND o.user_id = $3)
      RETURNING member_id`,
    [checkInId, memberId, userId],
  );
  return rows.length > 0;
}

/** Takes a member off a check-in; answers its name, or undefined when it was not on it. */
export async function deleteEntry(
  q: Queryable,
  checkInId: number,
  memberId: number,
): Promise<string | undefined> {
  const [row] = await q.query<{ name: string }>(
    `DELETE FROM check_in_entries e USING guild_members m
      WHERE e.check_in_id = $1 AND e.member_id = $2 AND m.id = e.member_id RETURNING m.player_name AS name`,
    [checkInId, memberId],
  );
  return row?.name;
}

/** The names on a check-in as the roster spells them, in the order they came. */
export async function entryNames(q: Queryable, checkInId: number): Promise<string[]> {
  const rows = await q.query<{ name: string }>(
    `SELECT m.player_name AS name FROM check_in_entries e JOIN guild_members m ON m.id = e.member_id
      WHERE e.check_in_id = $1 ORDER BY e.created_at, e.member_id`,
    [checkInId],
  );
  return rows.map((row) => row.name);
}

/** An active member by name, any case (an alt by its own name). */
export async function findActiveMemberByName(
  q: Queryable,
  name: string,
): Promise<{ id: number; name: string } | undefined> {
  const [row] = await q.query<{ id: number; name: string }>(
    `SELECT id, player_name AS name FROM guild_members WHERE lower(player_name) = lower($1) AND status = 'active'
      ORDER BY id LIMIT 1`,
    [name],
  );
  return row;
}
