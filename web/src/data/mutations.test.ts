import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatMoney, moneyText, readMoney } from "@shared/money/money.ts";
import { kickMemberSchema } from "@shared/schemas/members.ts";
import { LocalDraft } from "./local-draft.ts";
import { MUTATIONS } from "./mutations.ts";
import type { AttendanceRecord, BossTimerRow, CollectionName, GuildMember } from "./portal-db.ts";

const AT = Date.UTC(2025, 5, 1, 12);
const START = new Date(AT);

function draftOf(tables: Partial<Record<CollectionName, unknown[]>>, writable?: CollectionName[]) {
  const loaded = new Map(Object.entries(tables) as [CollectionName, unknown[]][]);
  return new LocalDraft(loaded, writable ?? [...loaded.keys()]);
}

function idleTimer(bossName: string, respawnTimeHours: number): BossTimerRow {
  return {
    bossId: 1,
    bossName,
    respawnTimeHours,
    startTime: null,
    endTime: null,
    durationHours: null,
    isActive: false,
    status: null,
  };
}

function member(
  id: number,
  playerName: string,
  raidsParticipated = 0,
  status: GuildMember["status"] = "active",
): GuildMember {
  return {
    id,
    playerName,
    category: "Members",
    raidsParticipated,
    salary: "0.00",
    status,
    kickedDate: null,
    finalSalaryAmount: null,
    mainMemberId: null,
    playerAlias: null,
    createdAt: START,
    updatedAt: START,
  };
}

describe("startTimer", () => {
  it("ends one respawn span after the click, from the timer row's hours", () => {
    const draft = draftOf({ timers: [idleTimer("VENATUS", 10)], bossNames: [] });
    MUTATIONS.startTimer.apply(draft, { bossName: "VENATUS", startTime: START }, { seq: 1, createdAt: AT });
    expect(draft.get("timers", "VENATUS")).toEqual({
      bossId: 1,
      bossName: "VENATUS",
      respawnTimeHours: 10,
      startTime: START,
      endTime: new Date(AT + 10 * 3_600_000),
      durationHours: 10,
      isActive: true,
      status: "active",
    });
  });

  it("takes the hours from the boss list when there is no timer row yet", () => {
    const draft = draftOf({ timers: [], bossNames: [{ id: 3, name: "EGO", respawnTimeHours: 21 }] });
    MUTATIONS.startTimer.apply(draft, { bossName: "EGO", startTime: START }, { seq: 1, createdAt: AT });
    expect(draft.get("timers", "EGO")?.endTime).toEqual(new Date(AT + 21 * 3_600_000));
  });

  it("a test timer lasts 10 seconds; an unknown span leaves the end open", () => {
    const draft = draftOf({ timers: [idleTimer("VENATUS", 10)], bossNames: [] });
    MUTATIONS.startTimer.apply(
      draft,
      { bossName: "VENATUS", startTime: START, testDuration: 10 },
      { seq: 1, createdAt: AT },
    );
    expect(draft.get("timers", "VENATUS")?.endTime).toEqual(new Date(AT + 10_000));

    MUTATIONS.startTimer.apply(draft, { bossName: "venatus", startTime: START }, { seq: 2, createdAt: AT });
    expect(draft.all("timers").map((t) => t.bossName)).toEqual(["VENATUS"]);
    MUTATIONS.startTimer.apply(draft, { bossName: "NOBODY", startTime: START }, { seq: 3, createdAt: AT });
    expect(draft.get("timers", "NOBODY")).toMatchObject({ startTime: START, endTime: null, isActive: true });
  });
});

describe("startTimer keeps the latest start (decision 036)", () => {
  it("leaves a timer that started later, or at the same time, as it is; replaces an earlier one", () => {
    const later = { ...idleTimer("VENATUS", 10), startTime: new Date(AT + 60_000), isActive: true };
    const draft = draftOf({ timers: [later], bossNames: [] });
    for (const startTime of [START, new Date(AT + 60_000)]) {
      MUTATIONS.startTimer.apply(draft, { bossName: "VENATUS", startTime }, { seq: 1, createdAt: AT });
      expect(draft.get("timers", "VENATUS")).toEqual(later);
    }
    const newest = new Date(AT + 120_000);
    MUTATIONS.startTimer.apply(draft, { bossName: "VENATUS", startTime: newest }, { seq: 2, createdAt: AT });
    expect(draft.get("timers", "VENATUS")?.startTime).toEqual(newest);
  });
});

describe("undoTimerStart (decision 041)", () => {
  it("clears the timer that start made; leaves a later start, or another boss, as it is", () => {
    const started = {
      ...idleTimer("VENATUS", 10),
      startTime: START,
      isActive: true,
      status: "active" as const,
    };
    const draft = draftOf({ timers: [started] });
    MUTATIONS.undoTimerStart.apply(
      draft,
      { bossName: "VENATUS", startTime: new Date(AT - 60_000) },
      { seq: 1, createdAt: AT },
    );
    MUTATIONS.undoTimerStart.apply(draft, { bossName: "EGO", startTime: START }, { seq: 2, createdAt: AT });
    expect(draft.get("timers", "VENATUS")).toEqual(started);
    MUTATIONS.undoTimerStart.apply(
      draft,
      { bossName: "venatus", startTime: START },
      { seq: 3, createdAt: AT },
    );
    expect(draft.get("timers", "VENATUS")).toEqual(idleTimer("VENATUS", 10));
  });
});

describe("resetTimers", () => {
  it("clears one timer, or all of them", () => {
    const running = (name: string) => ({ ...idleTimer(name, 10), startTime: START, isActive: true });
    const draft = draftOf({ timers: [running("VENATUS"), running("EGO")] });
    MUTATIONS.resetTimers.apply(draft, { bossName: "EGO" }, { seq: 1, createdAt: AT });
    expect(draft.all("timers").map((t) => [t.bossName, t.isActive])).toEqual([
      ["VENATUS", true],
      ["EGO", false],
    ]);
    MUTATIONS.resetTimers.apply(draft, {}, { seq: 2, createdAt: AT });
    expect(draft.all("timers").every((t) => t.isActive === false && t.startTime === null)).toBe(true);
  });
});

describe("members", () => {
  it("a created member has the id -seq until the server's row arrives", () => {
    const draft = draftOf({ guildMembers: [] });
    MUTATIONS.createMember.apply(draft, { playerName: "Eira", category: "Core" }, { seq: 7, createdAt: AT });
    expect(draft.get("guildMembers", -7)).toMatchObject({
      playerName: "Eira",
      category: "Core",
      salary: "0.00",
      status: "active",
    });
  });

  it("an update keeps untouched fields and shows a salary with 2 decimals", () => {
    const draft = draftOf({ guildMembers: [member(1, "Aldric", 3)] });
    MUTATIONS.updateMember.apply(draft, { id: 1, salary: "12.5" }, { seq: 1, createdAt: AT });
    expect(draft.get("guildMembers", 1)).toMatchObject({ playerName: "Aldric", salary: "12.50" });
  });

  it("kick and mark paid move the status", () => {
    const draft = draftOf({ guildMembers: [member(1, "Aldric")], payouts: [] });
    MUTATIONS.kickMember.apply(draft, { id: 1, finalSalaryAmount: "40" }, { seq: 1, createdAt: AT });
    expect(draft.get("guildMembers", 1)).toMatchObject({
      status: "kicked",
      kickedDate: START,
      finalSalaryAmount: "40.00",
    });
    MUTATIONS.markMemberPaid.apply(
      draft,
      { id: 1, paidOn: "2026-11-20", method: " USDT TRC20 " },
      { seq: 2, createdAt: AT },
    );
    expect(draft.get("guildMembers", 1)?.status).toBe("paid_out");
    // Mark paid records the final payout: the final salary, as the server does (decision 049).
    expect(draft.all("payouts")).toEqual([
      expect.objectContaining({
        id: -2,
        memberId: 1,
        amount: "40.00",
        paidOn: "2026-11-20",
        method: "USDT TRC20",
      }),
    ]);
  });

  it("a payout is the member's at once, its amount as the server stores it; voiding removes it", () => {
    const draft = draftOf({ guildMembers: [member(1, "Aldric")], payouts: [] });
    MUTATIONS.createPayout.apply(
      draft,
      { memberId: 1, amount: "12.3", paidOn: "2026-11-20", method: "USDT", reference: " 0xab " },
      { seq: 4, createdAt: AT },
    );
    expect(draft.get("payouts", -4)).toMatchObject({
      memberId: 1,
      memberName: "Aldric",
      amount: "12.30",
      reference: "0xab",
      recordedBy: null,
    });
    MUTATIONS.deletePayout.apply(draft, { id: -4 }, { seq: 5, createdAt: AT });
    expect(draft.all("payouts")).toEqual([]);
  });

  it("the local copy of an amount is what the server stores for the same text", () => {
    const field = kickMemberSchema.shape.finalSalaryAmount;
    fc.assert(
      fc.property(
        fc.oneof(fc.string(), fc.stringMatching(/^-?\d{0,13}(\.\d{0,4})?$/), fc.constantFrom("40.5", " 7. ")),
        (text) => {
          const draft = draftOf({ guildMembers: [member(1, "Aldric")] });
          MUTATIONS.kickMember.apply(draft, { id: 1, finalSalaryAmount: text }, { seq: 1, createdAt: AT });
          const local = draft.get("guildMembers", 1)?.finalSalaryAmount;
          const stored = field.safeParse(text);
          if (stored.success && typeof stored.data === "number") expect(local).toBe(moneyText(stored.data));
          if (readMoney(text) === null) expect(formatMoney(local, "usdt")).toBe("N/A");
        },
      ),
    );
  });

  it("a queued amount is never rounded into one the server would refuse", () => {
    // Rows queued when forms sent numbers carry a JSON number, which the server reads as the text it spells.
    for (const typed of [1.005, 0.1 + 0.2]) {
      const draft = draftOf({ guildMembers: [member(1, "Aldric")] });
      const args = { id: 1, finalSalaryAmount: typed as unknown as string };
      MUTATIONS.kickMember.apply(draft, args, { seq: 1, createdAt: AT });
      const local = draft.get("guildMembers", 1)?.finalSalaryAmount;
      expect(kickMemberSchema.shape.finalSalaryAmount.safeParse(typed).success).toBe(false);
      expect(formatMoney(local, "usdt")).toBe("N/A");
    }
  });

  it("changes to a member that is gone do nothing", () => {
    const draft = draftOf({ guildMembers: [] });
    MUTATIONS.updateMember.apply(draft, { id: 9, playerName: "X" }, { seq: 1, createdAt: AT });
    MUTATIONS.deleteMember.apply(draft, { id: 9 }, { seq: 2, createdAt: AT });
    expect(draft.all("guildMembers")).toEqual([]);
  });
});

describe("market items", () => {
  it("a created item shows its money with 2 decimals, Pending by default, participants as the server stores them", () => {
    const draft = draftOf({ marketItems: [] });
    MUTATIONS.createMarketItem.apply(
      draft,
      { lootName: "Ring", bossName: "EGO", value: "3200.00", participatedMembers: ["Aldric", "Brina"] },
      { seq: 3, createdAt: AT },
    );
    expect(draft.get("marketItems", -3)).toMatchObject({
      value: "3200.00",
      totalFunds: "0.00",
      status: "Pending",
      participatedMembers: '["Aldric","Brina"]',
      dateAcquired: null,
    });

    MUTATIONS.updateMarketItem.apply(
      draft,
      { id: -3, value: "12.5", status: "Sold" },
      { seq: 4, createdAt: AT },
    );
    expect(draft.get("marketItems", -3)).toMatchObject({ value: "12.50", status: "Sold", lootName: "Ring" });
  });
});

function record(id: number, participatedMembers: string[]): AttendanceRecord {
  return { id, bossName: "EGO", dateAttended: START, participatedMembers, createdAt: START };
}

describe("attendance counts raids like the server", () => {
  it("adding, editing and deleting a record moves the participants' raid counts", () => {
    const draft = draftOf({
      attendance: [],
      guildMembers: [member(1, "Aldric", 3), member(2, "Brina", 1), member(3, "Dagny", 5, "kicked")],
    });
    const raids = () => draft.all("guildMembers").map((m) => m.raidsParticipated);
    MUTATIONS.createAttendance.apply(
      draft,
      { bossName: "EGO", dateAttended: START, participatedMembers: ["aldric", "Dagny"] },
      { seq: 4, createdAt: AT },
    );
    expect(raids()).toEqual([4, 1, 5]);

    MUTATIONS.updateAttendance.apply(
      draft,
      { id: -4, dateAttended: START, participatedMembers: ["ALDRIC", "Brina", "Dagny"] },
      { seq: 5, createdAt: AT },
    );
    expect(raids()).toEqual([4, 2, 5]);

    // Removals count down members of any status.
    MUTATIONS.deleteAttendance.apply(draft, { id: -4 }, { seq: 6, createdAt: AT });
    expect(raids()).toEqual([3, 1, 4]);
    expect(draft.all("attendance")).toEqual([]);
  });

  it("a removal counts down a member kicked since the raid", () => {
    const draft = draftOf({
      attendance: [record(8, ["Dagny", "Aldric"])],
      guildMembers: [member(1, "Aldric", 3), member(3, "Dagny", 5, "kicked")],
    });
    MUTATIONS.deleteAttendance.apply(draft, { id: 8 }, { seq: 1, createdAt: AT });
    expect(draft.all("guildMembers").map((m) => m.raidsParticipated)).toEqual([2, 4]);
    expect(draft.all("attendance")).toEqual([]);
  });
});

describe("boss names", () => {
  it("a rename moves the boss's timer row to the new name", () => {
    const draft = draftOf({
      bossNames: [{ id: 1, name: "VENATUS", respawnTimeHours: 10 }],
      timers: [{ ...idleTimer("VENATUS", 10), startTime: START }],
    });
    MUTATIONS.updateBossName.apply(
      draft,
      { id: 1, name: "VENATUS II", respawn_time_hours: 12 },
      { seq: 1, createdAt: AT },
    );
    expect(draft.get("timers", "VENATUS")).toBeUndefined();
    expect(draft.get("timers", "VENATUS II")).toMatchObject({ startTime: START, respawnTimeHours: 12 });
  });

  it("a new boss gets the default 24 h and an idle timer; a deleted one loses its timer", () => {
    const draft = draftOf({ bossNames: [], timers: [] });
    MUTATIONS.createBossName.apply(draft, { name: "ORDO" }, { seq: 2, createdAt: AT });
    expect(draft.get("bossNames", -2)).toEqual({ id: -2, name: "ORDO", respawnTimeHours: 24 });
    expect(draft.get("timers", "ORDO")).toMatchObject({ isActive: false, respawnTimeHours: 24 });
    MUTATIONS.deleteBossName.apply(draft, { id: -2 }, { seq: 3, createdAt: AT });
    expect(draft.all("timers")).toEqual([]);
  });
});

describe("the draft", () => {
  it("drops writes to collections outside its scope", () => {
    const draft = draftOf({ attendance: [], guildMembers: [member(1, "Aldric", 3)] }, ["attendance"]);
    MUTATIONS.createAttendance.apply(
      draft,
      { bossName: "EGO", dateAttended: START, participatedMembers: ["Aldric"] },
      { seq: 1, createdAt: AT },
    );
    expect(draft.all("attendance")).toHaveLength(1);
    expect(draft.get("guildMembers", 1)?.raidsParticipated).toBe(3);
  });

  it("refuses reads of a collection it did not load", () => {
    const draft = draftOf({ timers: [] });
    expect(() => draft.all("bossNames")).toThrow(/did not load bossNames/);
  });
});

describe("the local copy of a record", () => {
  it("lists the names as the server stores them: trimmed, once, in the roster's spelling", () => {
    const draft = draftOf({ attendance: [], guildMembers: [member(1, "Aldric", 3), member(2, "Brina", 1)] });
    MUTATIONS.createAttendance.apply(
      draft,
      { bossName: "EGO", dateAttended: START, participatedMembers: [" aldric", "Brina ", "ALDRIC", ""] },
      { seq: 2, createdAt: AT },
    );
    expect(draft.get("attendance", -2)?.participatedMembers).toEqual(["Aldric", "Brina"]);
    expect(draft.all("guildMembers").map((m) => m.raidsParticipated)).toEqual([4, 2]);
  });
});
