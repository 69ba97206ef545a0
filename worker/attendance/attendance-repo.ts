import { parseParticipantNames } from "@shared/participants/parse-participants.ts";
import type { RaidCountChange, RaidCountMember } from "@shared/participants/raid-counts.ts";
import type { AttendanceRecord } from "@shared/schemas/attendance.ts";
import type { Queryable } from "../db/types.ts";
import { writtenAfter } from "../sync/changes-repo.ts";

interface RecordRow {
  id: number;
  bossName: string;
  dateAttended: Date;
  participatedMembers: string;
  createdAt: Date;
}

export interface RosterMember extends RaidCountMember {
  status: "active" | "kicked" | "paid_out";
}

const COLUMNS = `id, boss_name AS "bossName", date_attended AS "dateAttended",
  participated_members AS "participatedMembers", created_at AS "createdAt"`;

// The stored list is a JSON array of names; older data may hold a comma-separated list. Read like any
// participant text.
const toRecord = (row: RecordRow): AttendanceRecord => ({
  ...row,
  participatedMembers: parseParticipantNames(row.participatedMembers),
});

/** The records; with `changedSince` (a sync cursor, worker/sync) only the rows written since. */
export async function listAttendance(
  q: Queryable,
  changedSince: string | null = null,
): Promise<AttendanceRecord[]> {
  const rows = await q.query<RecordRow>(
    `SELECT ${COLUMNS} FROM attendance_records WHERE $1::pg_snapshot IS NULL OR ${writtenAfter("$1")}
      ORDER BY date_attended DESC, id DESC`,
    [changedSince],
  );
  return rows.map(toRecord);
}

/** Locks the record until the transaction ends, so two edits of one record apply one after the other. */
export async function getAttendanceForUpdate(
  q: Queryable,
  id: number,
): Promise<AttendanceRecord | undefined> {
  const rows = await q.query<RecordRow>(
    `SELECT ${COLUMNS} FROM attendance_records WHERE id = $1 FOR UPDATE`,
    [id],
  );
  return rows[0] && toRecord(rows[0]);
}

export async function insertAttendance(
  q: Queryable,
  input: { bossName: string; dateAttended: Date; participatedMembers: string[]; createdBy: number | null },
): Promise<AttendanceRecord> {
  const rows = await q.query<RecordRow>(
    `INSERT INTO attendance_records (boss_name, date_attended, participated_members, created_by)
     VALUES ($1, $2, $3, $4) RETURNING ${COLUMNS}`,
    [input.bossName, input.dateAttended, JSON.stringify(input.participatedMembers), input.createdBy],
  );
  return toRecord(rows[0] as RecordRow);
}

export async function updateAttendance(
  q: Queryable,
  id: number,
  input: { dateAttended: Date; participatedMembers: string[] },
): Promise<AttendanceRecord> {
  const rows = await q.query<RecordRow>(
    `UPDATE attendance_records SET date_attended = $2, participated_members = $3 WHERE id = $1 RETURNING ${COLUMNS}`,
    [id, input.dateAttended, JSON.stringify(input.participatedMembers)],
  );
  return toRecord(rows[0] as RecordRow);
}

export async function deleteAttendance(q: Queryable, id: number): Promise<void> {
  await q.query("DELETE FROM attendance_records WHERE id = $1", [id]);
}

/**
 * Members of any status whose name matches one of `names`, ignoring letter case, locked until the transaction
 * ends so their raid counts can be rewritten.
 */
export async function findMembersByName(q: Queryable, names: readonly string[]): Promise<RosterMember[]> {
  if (names.length === 0) return [];
  return q.query<RosterMember>(
    `SELECT id, player_name AS "playerName", status, raids_participated AS "raidsParticipated" FROM guild_members
      WHERE lower(player_name) IN (SELECT lower(value) FROM jsonb_array_elements_text($1::jsonb))
      ORDER BY id FOR UPDATE`,
    [JSON.stringify(names)],
  );
}

/** Stores the raid counts raidCountChanges worked out, in one statement. */
export async function storeRaidCounts(q: Queryable, changes: readonly RaidCountChange[]): Promise<void> {
  if (changes.length === 0) return;
  await q.query(
    `UPDATE guild_members AS m SET raids_participated = v.count
       FROM jsonb_to_recordset($1::jsonb) AS v(id integer, count integer) WHERE m.id = v.id`,
    [JSON.stringify(changes.map((change) => ({ id: change.member.id, count: change.raidsParticipated })))],
  );
}
