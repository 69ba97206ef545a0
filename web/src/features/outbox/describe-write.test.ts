import { describe, expect, it } from "vitest";
import {
  type DeviceNames,
  describeMemberWrite,
  describeWrite,
  GONE_MEMBER,
  memberName,
  outboxBadge,
} from "./describe-write.ts";

describe("describeWrite", () => {
  it("names the action and its subject from the body", () => {
    expect(describeWrite("startTimer", { bossName: "Duskwing", startTime: new Date() })).toBe(
      "Start timer: Duskwing",
    );
    expect(describeWrite("createMember", { playerName: "Aria", category: "Core" })).toBe("Add member: Aria");
    expect(describeWrite("updateMember", { id: 12, category: "Core" }, device)).toBe("Edit member: Aldric");
    expect(describeWrite("createMarketItem", { lootName: "Blade", bossName: "Duskwing" })).toBe(
      "Add loot: Blade",
    );
    expect(describeWrite("createBossName", { name: "Mirelurk" })).toBe("Add boss name: Mirelurk");
    expect(describeWrite("deleteAttendance", { id: 3 })).toBe("Delete attendance record");
  });

  it("says 'Reset all timers' without a boss and falls back to the raw name", () => {
    expect(describeWrite("resetTimers", {})).toBe("Reset all timers");
    expect(describeWrite("resetTimers", { bossName: "Duskwing" })).toBe("Reset timer: Duskwing");
    expect(describeWrite("noSpawn", { bossName: "Duskwing", expectedSpawn: new Date() })).toBe(
      "Didn't spawn: Duskwing",
    );
    expect(describeWrite("somethingNew", null)).toBe("somethingNew");
  });
});

// Aldric is on this device's roster; 25 was deleted elsewhere and pulled, leaving their payouts' names.
const device: DeviceNames = {
  members: [
    { id: 12, playerName: "Aldric" },
    { id: 13, playerName: "Brina" },
  ],
  payouts: [
    { memberId: 25, memberName: "Corvin", createdAt: new Date("2026-11-20T10:00:00Z") },
    { memberId: 25, memberName: "Corvinus", createdAt: "2026-11-01T10:00:00.000Z" },
    { memberId: null, memberName: "Someone", createdAt: new Date("2026-11-21T10:00:00Z") },
  ],
};

describe("naming a member, never by id (decision 058)", () => {
  it("takes the roster's name, else the name the write carries, else the newest local payout's", () => {
    expect(memberName(12, device, "Oldname")).toBe("Aldric");
    expect(memberName(25, device, "Carried")).toBe("Carried");
    expect(memberName(25, device)).toBe("Corvin");
    expect(memberName(31, device)).toBeNull();
    expect(memberName(undefined, device)).toBeNull();
  });

  it("names the outbox panel's member writes by name, or says the member is gone", () => {
    expect(
      describeWrite("createPayout", { memberId: 13, amount: "5.00", paidOn: "2026-11-20" }, device),
    ).toBe("Pay member: Brina");
    expect(describeWrite("markMemberPaid", { id: 25 }, device)).toBe("Mark member paid: Corvin");
    // The name an update was based on, when the member is gone from the device and its payouts.
    expect(describeWrite("kickMember", { id: 31 }, device)).toBe("Kick member (no longer on the roster)");
    expect(
      describeWrite("updateMember", { id: 31, category: "Core", base: { playerName: "Dagny" } }, device),
    ).toBe("Edit member: Dagny");
    expect(describeWrite("createPayout", { memberId: 31, amount: "5.00" })).toBe(
      "Pay member (no longer on the roster)",
    );
    // The conflict prompt names its row itself.
    expect(describeWrite("updateMember", { name: "Corvin" })).toBe("Edit member: Corvin");
  });

  it("never shows an internal id, whatever the write", () => {
    const writes: [string, unknown][] = [
      ["createPayout", { memberId: 25, amount: "1.00" }],
      ["createPayout", { memberId: 31, amount: "1.00" }],
      ["updateMember", { id: 31 }],
      ["deleteMember", { id: 31 }],
      ["kickMember", { id: 31 }],
      ["markMemberPaid", { id: 31 }],
      ["deletePayout", { id: 31 }],
      ["deleteMarketItem", { id: 31 }],
      ["updateAttendance", { id: 31 }],
      ["deleteSpending", { id: 31 }],
    ];
    for (const [name, args] of writes) {
      expect(describeWrite(name, args, device)).not.toMatch(/\d|#/);
      expect(describeWrite(name, args)).not.toMatch(/\d|#/);
      expect(describeMemberWrite({ name, args }, device)).not.toMatch(/#|\b31\b|\b25\b|member 3|member 2/);
    }
  });

  it("says what the member and payout screens list for a refused write", () => {
    const write = (name: string, args: unknown, conflict?: { entity: string; subject: string }) =>
      describeMemberWrite({ name, args, conflict }, device);
    expect(write("createMember", { playerName: "Ashvale", category: "Core" })).toBe("Adding Ashvale");
    expect(write("updateMember", { id: 12, category: "Core" })).toBe("Updating Aldric");
    expect(write("deleteMember", { id: 25 })).toBe("Deleting Corvin");
    expect(write("kickMember", { id: 31 })).toBe(`Kicking ${GONE_MEMBER}`);
    expect(write("kickMember", { id: 31 })).toBe("Kicking a member no longer on the roster");
    expect(write("updateMember", { id: 31 }, { entity: "guild_member", subject: "Eirik" })).toBe(
      "Updating Eirik",
    );
    expect(write("createPayout", { memberId: 13, amount: "1234.5" })).toBe("Paying 1,234.50 USDT to Brina");
    expect(write("createPayout", { memberId: 31, amount: "5.00" })).toBe(
      `Paying 5.00 USDT to ${GONE_MEMBER}`,
    );
    expect(write("markMemberPaid", { id: 25, paidOn: "2026-11-20" })).toBe("Marking Corvin as paid");
    expect(write("markMemberPaid", { id: 31 })).toBe(`Marking ${GONE_MEMBER} as paid`);
    expect(write("deletePayout", { id: 31 })).toBe("Voiding a payout");
  });
});

describe("outboxBadge", () => {
  it("is hidden when nothing waits or failed", () => {
    expect(outboxBadge(0, 0, false)).toBeNull();
    expect(outboxBadge(0, 0, true)).toBeNull();
  });

  it("counts waiting and failed writes and says when the queue is paused", () => {
    expect(outboxBadge(1, 0, false)).toEqual({
      text: "1",
      label: "1 change waiting to sync",
      tone: "waiting",
    });
    expect(outboxBadge(3, 0, true)).toEqual({
      text: "3",
      label: "3 changes waiting to sync (paused until the next login)",
      tone: "paused",
    });
    expect(outboxBadge(2, 1, false)).toEqual({
      text: "3",
      label: "2 changes waiting to sync, 1 failed",
      tone: "failed",
    });
    expect(outboxBadge(0, 2, true)).toEqual({ text: "2", label: "2 failed", tone: "failed" });
  });
});
