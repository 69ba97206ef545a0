// The local effect of the attendance commands against the real API: the same writes, applied to a draft of
// what the server answered and sent to the server, must leave the same participant lists and raid counts.

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AttendanceRecord } from "@shared/schemas/attendance.ts";
import type { GuildMember } from "@shared/schemas/members.ts";
import { type Portal, setUpPortal } from "@worker/salary/portal-test-setup.ts";
import { LocalDraft } from "./local-draft.ts";
import { type MutationArgs, mutationFor } from "./mutations.ts";

let portal: Portal;
beforeAll(async () => {
  portal = await setUpPortal("attendance-local");
});
afterAll(() => portal.close());

const RAID_DAY = new Date(Date.now() - 2 * 24 * 60 * 60 * 1000);

async function serverRows() {
  const members = await portal.admin.get("/_api/guild-members?status=all");
  const records = await portal.admin.get("/_api/attendance");
  return {
    guildMembers: members.data.guildMembers as GuildMember[],
    attendance: records.data.attendanceRecords as AttendanceRecord[],
  };
}

const raidCounts = (members: readonly GuildMember[]) =>
  Object.fromEntries(members.map((m) => [m.playerName, m.raidsParticipated]));

/** Applies the command locally to the server's rows and sends it; answers both sides' rows afterwards. */
async function bothSides<N extends "createAttendance" | "updateAttendance" | "deleteAttendance">(
  name: N,
  args: MutationArgs<N>,
) {
  const before = await serverRows();
  const draft = new LocalDraft(
    new Map<"guildMembers" | "attendance", unknown[]>([
      ["guildMembers", before.guildMembers],
      ["attendance", before.attendance],
    ]),
    ["guildMembers", "attendance"],
  );
  const mutation = mutationFor(name);
  if (!mutation) throw new Error(`No mutation ${name}`);
  mutation.apply(draft, args, { seq: 1, createdAt: Date.now() });
  const answer = await portal.admin.post(`/_api${mutation.path}`, args);
  expect(answer.status, JSON.stringify(answer.data)).toBeLessThan(300);
  const server = await serverRows();
  return {
    answer: answer.data,
    local: { guildMembers: draft.all("guildMembers"), attendance: draft.all("attendance") },
    server,
  };
}

async function addMember(playerName: string): Promise<GuildMember> {
  const res = await portal.admin.post("/_api/guild-members", { playerName, category: "Members" });
  return res.data.guildMember as GuildMember;
}

describe("attendance commands on this device and on the server", () => {
  it("leave the same names and raid counts for messy spellings, kicked members and counts at 0", async () => {
    await portal.admin.post("/_api/boss-names", { name: "EGO" });
    const aldric = await addMember("Aldric");
    const brina = await addMember("Brina");
    await addMember("Corvin");

    const created = await bothSides("createAttendance", {
      bossName: "EGO",
      dateAttended: RAID_DAY,
      participatedMembers: [" aldric", "BRINA ", "Aldric", ""],
    });
    const record = (created.answer.attendanceRecord as AttendanceRecord).id;
    expect(created.server.attendance[0]?.participatedMembers).toEqual(["Aldric", "Brina"]);
    expect(created.local.attendance[0]?.participatedMembers).toEqual(["Aldric", "Brina"]);
    expect(raidCounts(created.local.guildMembers)).toEqual(raidCounts(created.server.guildMembers));
    expect(raidCounts(created.server.guildMembers)).toEqual({ Aldric: 1, Brina: 1, Corvin: 0 });

    // Brina leaves the guild; taking her off the record still gives the raid back.
    expect((await portal.admin.post("/_api/guild-member/kick", { id: brina.id })).status).toBe(200);
    const updated = await bothSides("updateAttendance", {
      id: record,
      dateAttended: RAID_DAY,
      participatedMembers: ["ALDRIC", "corvin"],
    });
    expect(updated.local.attendance[0]?.participatedMembers).toEqual(
      updated.server.attendance[0]?.participatedMembers,
    );
    expect(raidCounts(updated.local.guildMembers)).toEqual(raidCounts(updated.server.guildMembers));
    expect(raidCounts(updated.server.guildMembers)).toEqual({ Aldric: 1, Brina: 0, Corvin: 1 });

    // A count already at 0 stays there.
    await portal.db.query("UPDATE guild_members SET raids_participated = 0 WHERE id = $1", [aldric.id]);
    const deleted = await bothSides("deleteAttendance", { id: record });
    expect(deleted.local.attendance).toEqual(deleted.server.attendance);
    expect(raidCounts(deleted.local.guildMembers)).toEqual(raidCounts(deleted.server.guildMembers));
    expect(raidCounts(deleted.server.guildMembers)).toEqual({ Aldric: 0, Brina: 0, Corvin: 0 });
  });
});
