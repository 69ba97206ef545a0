/**
 * Raid attendance (admin). Each record adds one raid to every member it names: the counts on the roster
 * (raids_participated) move in the same transaction as the record, so the client never sends a count.
 */
import { ATTENDANCE_CALLS } from "@shared/contract/attendance.ts";
import {
  ATTENDANCE_NOT_FOUND,
  type AttendanceRecord,
  MAX_PARTICIPANTS,
  raidGoneMessage,
  raidLabel,
  TOO_MANY_PARTICIPANTS,
  type UpdateAttendanceInput,
} from "@shared/schemas/attendance.ts";
import { ApiError } from "../app/api-error.ts";
import { goneRow, textOf } from "../app/gone-row.ts";
import { mergeOrConflict } from "../app/merge-update.ts";
import { sendData } from "../app/respond.ts";
import { serveCalls } from "../app/serve-calls.ts";
import { write } from "../app/write.ts";
import type { Queryable } from "../db/types.ts";
import { lockDerivedFigures } from "../salary/redistribute.ts";
import {
  deleteAttendance,
  getAttendanceForUpdate,
  listAttendance,
  updateAttendance,
} from "./attendance-repo.ts";
import { ATTENDANCE_ENTITY as ENTITY, recordRaid, recountRaids, resolveParticipants } from "./record-raid.ts";

/** The fields a merging update writes (docs/decisions/038); a record is called by its boss and day. */
async function mergedFields(
  tx: Queryable,
  before: AttendanceRecord,
  input: UpdateAttendanceInput,
): Promise<{ dateAttended?: Date; participatedMembers?: string[] }> {
  const changes = await mergeOrConflict(tx, {
    entity: ENTITY,
    id: before.id,
    subject: raidLabel(before.bossName, before.dateAttended),
    current: before,
    patch: input,
    base: input.base ?? {},
  });
  const merged = changes as { dateAttended?: Date; participatedMembers?: string[] };
  if ((merged.participatedMembers?.length ?? 0) > MAX_PARTICIPANTS)
    throw new ApiError(400, TOO_MANY_PARTICIPANTS);
  return merged;
}

/** The 404 of a write to a record deleted meanwhile, naming it by its boss and day (decision 058). */
async function recordGone(tx: Queryable, id: number): Promise<ApiError> {
  const gone = await goneRow(tx, ENTITY, id);
  const bossName = textOf(gone, "bossName");
  const date = textOf(gone, "dateAttended");
  if (bossName === null || date === null) return new ApiError(404, ATTENDANCE_NOT_FOUND);
  return new ApiError(404, raidGoneMessage(raidLabel(bossName, date), gone?.by ?? null));
}

export const attendanceRoutes = serveCalls(ATTENDANCE_CALLS, {
  list: async (c) => sendData(c, { attendanceRecords: await listAttendance(c.get("db")) }),
  create: (c) => {
    const input = c.req.valid("json");
    return write(
      c,
      async (tools) => ({ attendanceRecord: await recordRaid(tools, input, c.get("user")?.id ?? null) }),
      201,
    );
  },
  update: (c) => {
    const input = c.req.valid("json");
    return write(c, async ({ tx, audit }) => {
      await lockDerivedFigures(tx);
      const before = await getAttendanceForUpdate(tx, input.id);
      if (!before) throw await recordGone(tx, input.id);
      // With a base, only the fields nobody changed since go on, a list merged with the one stored now as a
      // set of names (docs/decisions/038); without, the plain update of both.
      const wanted = input.base === undefined ? input : await mergedFields(tx, before, input);
      if (wanted.dateAttended === undefined && wanted.participatedMembers === undefined) {
        return { attendanceRecord: before };
      }
      const participatedMembers = await resolveParticipants(
        tx,
        wanted.participatedMembers ?? before.participatedMembers,
        before.participatedMembers,
      );
      const attendanceRecord = await updateAttendance(tx, input.id, {
        dateAttended: wanted.dateAttended ?? before.dateAttended,
        participatedMembers,
      });
      await recountRaids(tx, audit, before.participatedMembers, participatedMembers);
      await audit({ action: "update", entity: ENTITY, entityId: input.id, before, after: attendanceRecord });
      return { attendanceRecord };
    });
  },
  remove: (c) => {
    const { id } = c.req.valid("json");
    return write(c, async ({ tx, audit }) => {
      await lockDerivedFigures(tx);
      const before = await getAttendanceForUpdate(tx, id);
      if (!before) throw await recordGone(tx, id);
      await deleteAttendance(tx, id);
      await recountRaids(tx, audit, before.participatedMembers, []);
      await audit({ action: "delete", entity: ENTITY, entityId: id, before });
      return { success: true, id };
    });
  },
});
