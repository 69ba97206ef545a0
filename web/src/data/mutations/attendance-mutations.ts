/** Attendance writes: create, edit, delete a record, moving the raid counts as the server does. */
import { ATTENDANCE_CALLS } from "@shared/contract/attendance.ts";
import { mergeNames } from "@shared/merge/field-merge.ts";
import { normalizeParticipants } from "@shared/participants/parse-participants.ts";
import { raidCountChanges } from "@shared/participants/raid-counts.ts";
import type { CreateAttendanceInput } from "@shared/schemas/attendance.ts";
import type { LocalDraft } from "../local-draft.ts";
import { localId } from "../portal-db.ts";
import { type IdArgs, type Mutation, mutation } from "./mutation.ts";

/**
 * The plain update sends the date and the whole list. The edit form sends only what it changed, each with its
 * value when the form opened in `base`, and the server merges the list as a set of names (decision 038).
 */
export interface UpdateAttendanceArgs {
  id: number;
  dateAttended?: Date;
  participatedMembers?: string[];
  base?: { dateAttended?: Date | string; participatedMembers?: string[] };
}

/** Moves the local raid counts as the server does when a record's names go from `before` to `after`. */
function recountRaids(draft: LocalDraft, before: readonly string[], after: readonly string[]): void {
  for (const { member, raidsParticipated } of raidCountChanges(draft.all("guildMembers"), before, after)) {
    draft.put("guildMembers", { ...member, raidsParticipated });
  }
}

/** A record's names as the server stores them: trimmed, without repeats, in the roster's spelling. */
function attendanceNames(draft: LocalDraft, names: readonly string[]): string[] {
  const roster = new Map(draft.all("guildMembers").map((m) => [m.playerName.toLowerCase(), m.playerName]));
  return normalizeParticipants(names).map((name) => roster.get(name.toLowerCase()) ?? name);
}

/** What every write of this file touches and pulls again. A record moves raid counts, and the receipt shows raids. */
const ATTENDANCE_EFFECTS = {
  reads: [],
  writes: ["attendance", "guildMembers"],
  refresh: ["attendance", "guildMembers", "salaryReceipt"],
} satisfies Pick<Mutation<unknown>, "reads" | "writes" | "refresh">;

export const ATTENDANCE_MUTATIONS = {
  createAttendance: mutation(ATTENDANCE_CALLS.create)<CreateAttendanceInput>({
    ...ATTENDANCE_EFFECTS,
    apply(draft, args, { seq, createdAt }) {
      const participatedMembers = attendanceNames(draft, args.participatedMembers);
      draft.put("attendance", {
        id: localId(seq),
        bossName: args.bossName,
        dateAttended: new Date(args.dateAttended),
        participatedMembers,
        createdAt: new Date(createdAt),
      });
      recountRaids(draft, [], participatedMembers);
    },
  }),

  updateAttendance: mutation(ATTENDANCE_CALLS.update)<UpdateAttendanceArgs>({
    ...ATTENDANCE_EFFECTS,
    apply(draft, args) {
      const record = draft.get("attendance", args.id);
      if (!record) return;
      const wanted = args.participatedMembers ?? record.participatedMembers;
      const names =
        args.base?.participatedMembers === undefined
          ? wanted
          : mergeNames(record.participatedMembers, args.base.participatedMembers, wanted);
      const participatedMembers = attendanceNames(draft, names);
      recountRaids(draft, record.participatedMembers, participatedMembers);
      const dateAttended =
        args.dateAttended === undefined ? record.dateAttended : new Date(args.dateAttended);
      draft.put("attendance", { ...record, dateAttended, participatedMembers });
    },
  }),

  deleteAttendance: mutation(ATTENDANCE_CALLS.remove)<IdArgs>({
    ...ATTENDANCE_EFFECTS,
    apply(draft, args) {
      const record = draft.get("attendance", args.id);
      if (!record) return;
      draft.delete("attendance", args.id);
      recountRaids(draft, record.participatedMembers, []);
    },
  }),
};
