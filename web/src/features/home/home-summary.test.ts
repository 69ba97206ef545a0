import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { activeTimers, countMembers, recentItems } from "./home-summary.ts";

const HOUR = 3_600_000;

describe("countMembers", () => {
  it("counts the total and each category, unknown categories as Members", () => {
    const members = [
      { category: "Guild Master" },
      { category: "Core" },
      { category: "Core" },
      { category: "Members" },
      { category: "" },
    ];
    expect(countMembers(members)).toEqual({ total: 5, guildMaster: 1, core: 2, members: 2 });
  });

  it("always adds up to the total", () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom("Guild Master", "Core", "Members", "Other")), (categories) => {
        const c = countMembers(categories.map((category) => ({ category })));
        expect(c.guildMaster + c.core + c.members).toBe(c.total);
      }),
    );
  });
});

describe("recentItems", () => {
  const item = (id: number, createdAt: Date | string | null) => ({ id, createdAt });

  it("returns the last three, newest first, undated last", () => {
    const items = [
      item(1, new Date("2024-01-01T00:00:00Z")),
      item(2, "2024-03-01T00:00:00Z"),
      item(3, null),
      item(4, new Date("2024-02-01T00:00:00Z")),
      item(5, new Date("2023-12-01T00:00:00Z")),
    ];
    expect(recentItems(items).map((i) => i.id)).toEqual([2, 4, 1]);
    expect(recentItems([item(3, null), item(5, "2023-12-01")]).map((i) => i.id)).toEqual([5, 3]);
  });

  it("breaks ties by the higher id and never returns more than asked", () => {
    const same = new Date("2024-01-01T00:00:00Z");
    expect(recentItems([item(1, same), item(2, same)]).map((i) => i.id)).toEqual([2, 1]);
    expect(recentItems([item(1, null), item(2, null)]).map((i) => i.id)).toEqual([2, 1]);
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 1e12 }), { maxLength: 20 }), (times) => {
        const result = recentItems(times.map((t, i) => item(i, new Date(t))));
        expect(result.length).toBe(Math.min(3, times.length));
      }),
    );
  });
});

describe("activeTimers", () => {
  const now = Date.parse("2024-06-01T12:00:00Z"); // a Saturday
  const timer = (bossName: string, startOffset: number, endOffset: number, extra = {}) => ({
    bossName,
    respawnTimeHours: 24,
    startTime: new Date(now + startOffset),
    endTime: new Date(now + endOffset),
    ...extra,
  });

  it("keeps at most three running timers, soonest first, with remaining time, spawn time and progress", () => {
    const timers = [
      timer("Ended", -10 * HOUR, -HOUR),
      timer("Late", -HOUR, 9 * HOUR),
      timer("Soon", -3 * HOUR, HOUR),
      timer("Inactive", -HOUR, HOUR, { isActive: false }),
      timer("Stopped", -HOUR, HOUR, { status: "expired" }),
      timer("Mid", -HOUR, 3 * HOUR, { isActive: true, status: "active" }),
      timer("Last", 0, 20 * HOUR),
    ];
    expect(activeTimers(timers, now)).toEqual([
      { bossName: "Soon", remaining: "1h 0m", progress: 0.75, spawnAt: now + HOUR },
      { bossName: "Mid", remaining: "3h 0m", progress: 0.25, spawnAt: now + 3 * HOUR },
      { bossName: "Late", remaining: "9h 0m", progress: 0.1, spawnAt: now + 9 * HOUR },
    ]);
  });

  it("rounds the remaining time up to the minute, so a running timer never reads 0h 0m", () => {
    expect(activeTimers([timer("A", -HOUR, 59_000)], now)[0]?.remaining).toBe("0h 1m");
  });

  it("accepts ISO strings, skips timers without an end, and a timer ending now reads Ready", () => {
    const timers = [
      {
        bossName: "A",
        respawnTimeHours: 24,
        startTime: "2024-06-01T11:00:00Z",
        endTime: "2024-06-01T13:30:00Z",
        status: "active",
      },
      {
        bossName: "B",
        respawnTimeHours: 24,
        startTime: "2024-06-01T11:00:00Z",
        endTime: "2024-06-01T12:00:00Z",
      },
      { bossName: "C", respawnTimeHours: 24, startTime: null, endTime: null, isActive: false, status: null },
    ];
    expect(activeTimers(timers, now)).toEqual([
      { bossName: "B", remaining: "Ready", progress: 1, spawnAt: now },
      { bossName: "A", remaining: "1h 30m", progress: 0.4, spawnAt: Date.parse("2024-06-01T13:30:00Z") },
    ]);
  });

  it("lists scheduled bosses by their next slot in the guild's zone, so it is never empty with a schedule", () => {
    // Saturday 12:00 UTC is 20:00 in Manila: MILAVY (Sat 15:00) and RINGOR (Sat 17:00) have passed there;
    // SAPHIRUS (Sun 17:00) is next, 21 h away; AURAQ (Sun 21:00) 25 h.
    const fixed = [
      { bossName: "MILAVY", respawnTimeHours: -1 },
      { bossName: "RINGOR", respawnTimeHours: -2 },
      { bossName: "AURAQ", respawnTimeHours: -4 },
      { bossName: "SAPHIRUS", respawnTimeHours: -6 },
    ];
    const views = activeTimers([...fixed, { bossName: "Idle", respawnTimeHours: 10 }], now, "Asia/Manila");
    expect(views.map((v) => [v.bossName, v.remaining])).toEqual([
      ["SAPHIRUS", "21h 0m"],
      ["AURAQ", "1d 1h"],
      ["MILAVY", "6d 19h"],
    ]);
    // In UTC MILAVY spawns at 15:00 today, 3 hours away.
    expect(activeTimers(fixed, now, "UTC")[0]).toMatchObject({ bossName: "MILAVY", remaining: "3h 0m" });
    expect(activeTimers([{ bossName: "Idle", respawnTimeHours: 10 }], now, "UTC")).toEqual([]);
  });
});
