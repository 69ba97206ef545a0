import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { activeTimers, countMembers, elapsedShare, formatRemaining, recentItems } from "./home-summary.ts";

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
  const item = (id: number, createdAt: Date | string | null) => ({
    id,
    lootName: `Loot ${id}`,
    bossName: "Boss",
    status: "Pending",
    createdAt,
  });

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
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 1e12 }), { maxLength: 20 }), (times) => {
        const result = recentItems(times.map((t, i) => item(i, new Date(t))));
        expect(result.length).toBe(Math.min(3, times.length));
      }),
    );
  });
});

describe("formatRemaining", () => {
  it("reads 'Xh Ym', or 'Ready' at or below zero", () => {
    expect(formatRemaining(2 * HOUR + 5 * 60_000 + 59_000)).toBe("2h 5m");
    expect(formatRemaining(59_000)).toBe("0h 0m");
    expect(formatRemaining(0)).toBe("Ready");
    expect(formatRemaining(-1)).toBe("Ready");
    expect(formatRemaining(Number.NaN)).toBe("Ready");
  });
});

describe("elapsedShare", () => {
  it("stays within 0..1", () => {
    fc.assert(
      fc.property(fc.integer(), fc.integer(), fc.integer(), (start, end, now) => {
        const share = elapsedShare(start, end, now);
        expect(share).toBeGreaterThanOrEqual(0);
        expect(share).toBeLessThanOrEqual(1);
      }),
    );
  });

  it("is the elapsed fraction of the span", () => {
    expect(elapsedShare(0, 4 * HOUR, HOUR)).toBe(0.25);
  });
});

describe("activeTimers", () => {
  const now = Date.parse("2024-06-01T12:00:00Z");
  const timer = (bossName: string, startOffset: number, endOffset: number, extra = {}) => ({
    bossName,
    startTime: new Date(now + startOffset),
    endTime: new Date(now + endOffset),
    ...extra,
  });

  it("keeps at most three running timers, soonest first, with remaining time and progress", () => {
    const timers = [
      timer("Ended", -10 * HOUR, -HOUR),
      timer("Late", -HOUR, 9 * HOUR),
      timer("Soon", -3 * HOUR, HOUR),
      timer("Inactive", -HOUR, HOUR, { active: false }),
      timer("Stopped", -HOUR, HOUR, { status: "cancelled" }),
      timer("Mid", -HOUR, 3 * HOUR),
      timer("Last", 0, 20 * HOUR),
    ];
    expect(activeTimers(timers, now)).toEqual([
      { bossName: "Soon", remaining: "1h 0m", progress: 0.75 },
      { bossName: "Mid", remaining: "3h 0m", progress: 0.25 },
      { bossName: "Late", remaining: "9h 0m", progress: 0.1 },
    ]);
  });

  it("accepts ISO strings and drops a timer ending exactly now", () => {
    const timers = [
      { bossName: "A", startTime: "2024-06-01T11:00:00Z", endTime: "2024-06-01T13:30:00Z", status: "active" },
      { bossName: "B", startTime: "2024-06-01T11:00:00Z", endTime: "2024-06-01T12:00:00Z" },
    ];
    expect(activeTimers(timers, now)).toEqual([{ bossName: "A", remaining: "1h 30m", progress: 0.4 }]);
  });
});
