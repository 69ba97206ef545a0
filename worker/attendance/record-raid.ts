/**
 * Recording a raid: the one path every attendance record is made by, whether typed on Record a raid
 * (POST /attendance) or closed from a check-in (decision 079). The record, the raid counts of the members it
 * names and the audit entry go in the caller's transaction, so the client never sends a count.
 */
import { raidCountChanges } from "@shared/participants/raid-counts.ts";
import {
  type AttendanceRecord,
  attendanceBossNotFound,
  NO_VALID_MEMBERS,
  unknownMembersMessage,
} from "@shared/schemas/attendance.ts";
import { ApiError } from "../app/api-error.ts";
import type { WriteTools } from "../app/write.ts";
import { findBossByName } from "../bosses/boss-names-repo.ts";
import type { Queryable } from "../db/types.ts";
import { lockDerivedFigures, redistributeAndAudit } from "../salary/redistribute.ts";
import { findMembersByName, insertAttendance, storeRaidCounts } from "./attendance-repo.ts";

export const ATTENDANCE_ENTITY = "attendance_record";

const lower = (name: string) => name.toLowerCase();

/**
 * The participants as the roster spells them. A name must be an active member, or already be on the
 * record being edited (a member kicked since the raid stays on it). 400 when none or some do not qualify.
 */
export async function resolveParticipants(
  tx: Queryable,
  names: readonly string[],
  alreadyListed: readonly string[] = [],
): Promise<string[]> {
  const members = new Map((await findMembersByName(tx, names)).map((m) => [lower(m.playerName), m]));
  const listed = new Map(alreadyListed.map((name) => [lower(name), name]));
  const resolved: string[] = [];
  const unknown: string[] = [];
  for (const name of names) {
    const member = members.get(lower(name));
    if (member?.status === "active") resolved.push(member.playerName);
    else if (listed.has(lower(name)))
      resolved.push(member?.playerName ?? (listed.get(lower(name)) as string));
    else unknown.push(name);
  }
  if (resolved.length === 0) throw new ApiError(400, NO_VALID_MEMBERS);
  if (unknown.length > 0) throw new ApiError(400, unknownMembersMessage(unknown));
  return resolved;
}

/**
 * Moves the raid counts for a record whose participants go from `before` to `after` (shared rule), then
 * redistributes the items where a recounted member shares a player with another participant (the only items
 * whose split a raid count decides).
 */
export async function recountRaids(
  tx: Queryable,
  audit: WriteTools["audit"],
  before: readonly string[],
  after: readonly string[],
): Promise<void> {
  const roster = await findMembersByName(tx, [...before, ...after]);
  const changes = raidCountChanges(roster, before, after);
  await storeRaidCounts(tx, changes);
  await redistributeAndAudit(tx, audit, { raidCountsOf: changes.map((change) => change.member.id) });
}

/** A new raid record, as POST /attendance takes it (validated by createAttendanceSchema). */
export interface RaidInput {
  bossName: string;
  dateAttended: Date;
  participatedMembers: readonly string[];
}

/**
 * Records a raid in the caller's write: the boss must exist (404) and every name be an active member (400); each
 * named member's raid count goes up by one and the items a count decides are redistributed.
 */
export async function recordRaid(
  { tx, audit }: WriteTools,
  input: RaidInput,
  createdBy: number | null,
): Promise<AttendanceRecord> {
  await lockDerivedFigures(tx);
  const boss = await findBossByName(tx, input.bossName);
  if (!boss) throw new ApiError(404, attendanceBossNotFound(input.bossName));
  const participatedMembers = await resolveParticipants(tx, input.participatedMembers);
  const attendanceRecord = await insertAttendance(tx, {
    bossName: boss.name,
    dateAttended: input.dateAttended,
    participatedMembers,
    createdBy,
  });
  await recountRaids(tx, audit, [], participatedMembers);
  await audit({
    action: "create",
    entity: ATTENDANCE_ENTITY,
    entityId: attendanceRecord.id,
    after: attendanceRecord,
  });
  return attendanceRecord;
}
