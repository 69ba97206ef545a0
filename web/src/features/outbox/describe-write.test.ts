import { describe, expect, it } from "vitest";
import { describeWrite, outboxBadge } from "./describe-write.ts";

describe("describeWrite", () => {
  it("names the action and its subject from the body", () => {
    expect(describeWrite("startTimer", { bossName: "Duskwing", startTime: new Date() })).toBe(
      "Start timer: Duskwing",
    );
    expect(describeWrite("createMember", { playerName: "Aria", category: "Core" })).toBe("Add member: Aria");
    expect(describeWrite("updateMember", { id: 12, category: "Core" })).toBe("Edit member #12");
    expect(describeWrite("createMarketItem", { lootName: "Blade", bossName: "Duskwing" })).toBe(
      "Add loot: Blade",
    );
    expect(describeWrite("createBossName", { name: "Mirelurk" })).toBe("Add boss name: Mirelurk");
    expect(describeWrite("deleteAttendance", { id: 3 })).toBe("Delete attendance record #3");
  });

  it("says 'Reset all timers' without a boss and falls back to the raw name", () => {
    expect(describeWrite("resetTimers", {})).toBe("Reset all timers");
    expect(describeWrite("resetTimers", { bossName: "Duskwing" })).toBe("Reset timer: Duskwing");
    expect(describeWrite("somethingNew", null)).toBe("somethingNew");
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
