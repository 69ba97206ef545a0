import { type AttendanceRecord, normalizeParticipants } from "../../shared/schemas/attendance.ts";
import type { Queryable } from "../db/types.ts";

interface RecordRow {
  id: number;
  bossName: string;
  dateAttended: Date;
  participatedMembers: string;
  createdAt: Date;
}

export interface RosterMember {
  id: number;
  playerName: string;
  status: "active" | "kicked" | "paid_out";
}

const COLUMNS = `id, boss_name AS "bossName", date_attended AS "dateAttended",
  participated_members AS "participatedMembers", created_at AS "createdAt"`;

/**
 * The stored list is a JSON array of names; older data may hold a comma-separated list (with stray
 * brackets or quotes). Either way: trimmed, blanks dropped, de-duplicated.
 */
export function parseStoredParticipants(text: string): string[] {
  const trimmed = text.trim();
  if (trimmed.startsWith("[")) {
    try {
      const parsed: unknown = JSON.parse(trimmed);
      if (Array.isArray(parsed)) {
        return normalizeParticipants(parsed.filter((v): v is string => typeof v === "string"));
      }
    } catch {
      // Not JSON after all: read it as a comma list below.
    }
  }
  return normalizeParticipants(trimmed.replace(/[[\]"']/g, "").split(","));
}

const toRecord = (row: RecordRow): AttendanceRecord => ({
  ...row,
  participatedMembers: parseStoredParticipants(row.participatedMembers),
});

export async function listAttendance(q: Queryable): Promise<AttendanceRecord[]> {
  const rows = await q.query<RecordRow>(
    `SELECT ${COLUMNS} FROM attendance_records ORDER BY date_attended DESC, id DESC`,
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

/** Members of any status whose name matches one of `names`, ignoring letter case. */
export async function findMembersByName(q: Queryable, names: readonly string[]): Promise<RosterMember[]> {
  if (names.length === 0) return [];
  return q.query<RosterMember>(
    `SELECT id, player_name AS "playerName", status FROM guild_members
      WHERE lower(player_name) IN (SELECT lower(value) FROM jsonb_array_elements_text($1::jsonb))`,
    [JSON.stringify(names)],
  );
}

/**
 * Adds `delta` (+1 or -1) to raids_participated of the members named (any letter case), never below 0.
 * One statement, so concurrent records adjust the same member without losing an update.
 */
export async function adjustRaidCounts(q: Queryable, names: readonly string[], delta: 1 | -1): Promise<void> {
  if (names.length === 0) return;
  await q.query(
    `UPDATE guild_members SET raids_participated = GREATEST(raids_participated + $2, 0)
      WHERE lower(player_name) IN (SELECT lower(value) FROM jsonb_array_elements_text($1::jsonb))`,
    [JSON.stringify(names), delta],
  );
}
