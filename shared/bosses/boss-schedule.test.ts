import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { wallClockAt } from "../format/zoned-time.ts";
import {
  classifyRespawnCode,
  FIXED_SCHEDULES,
  fixedScheduleOfBoss,
  formatGuildSchedule,
  formatWeeklySlots,
  isFixedScheduleBoss,
  isShownInGrid,
  latestSlotAtOrBefore,
  nextFixedSpawn,
  nextSlotAfter,
  parseRespawnCode,
  resolveBossSchedule,
  scheduleLabel,
  type WeeklySlot,
} from "./boss-schedule.ts";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const utc = (year: number, month: number, day: number, hour = 0, minute = 0) =>
  new Date(Date.UTC(year, month - 1, day, hour, minute));

describe("fixed schedules", () => {
  it("lists the eight bosses in code order with the product's slots", () => {
    expect(FIXED_SCHEDULES.map((s) => [s.code, s.boss])).toEqual([
      [-1, "MILAVY"],
      [-2, "RINGOR"],
      [-3, "RODERICK"],
      [-4, "AURAQ"],
      [-5, "THYMELE"],
      [-6, "SAPHIRUS"],
      [-7, "NEUTRO"],
      [-8, "CLEMANTIS"],
    ]);
    expect(FIXED_SCHEDULES.map((s) => formatWeeklySlots(s.slots))).toEqual([
      "Saturday 3:00 PM",
      "Saturday 5:00 PM",
      "Friday 7:00 PM",
      "Sunday 9:00 PM & Wednesday 9:00 PM",
      "Monday 7:00 PM & Wednesday 9:30 AM",
      "Sunday 5:00 PM & Tuesday 9:30 AM",
      "Tuesday 7:00 PM & Thursday 9:30 AM",
      "Monday 9:30 AM & Thursday 7:00 PM",
    ]);
  });
});

describe("classifyRespawnCode", () => {
  it("recognises fixed codes, as numbers or numeric strings", () => {
    for (const schedule of FIXED_SCHEDULES) {
      expect(classifyRespawnCode(schedule.code)).toEqual({ kind: "fixed", schedule });
      expect(classifyRespawnCode(`${schedule.code}.00`)).toEqual({ kind: "fixed", schedule });
    }
  });

  it("recognises intervals of 1 to 168 hours, fractions included", () => {
    expect(classifyRespawnCode(1)).toEqual({ kind: "interval", hours: 1 });
    expect(classifyRespawnCode("24.00")).toEqual({ kind: "interval", hours: 24 });
    expect(classifyRespawnCode(1.5)).toEqual({ kind: "interval", hours: 1.5 });
    expect(classifyRespawnCode(168)).toEqual({ kind: "interval", hours: 168 });
  });

  it("calls everything else invalid", () => {
    for (const code of [0, -9, -1.5, 0.5, 168.01, 240, Number.NaN, null, undefined, "", "abc"]) {
      expect(classifyRespawnCode(code)).toEqual({ kind: "invalid" });
    }
  });

  it("parses codes", () => {
    expect(parseRespawnCode(" -3 ")).toBe(-3);
    expect(parseRespawnCode("")).toBeNull();
    expect(parseRespawnCode(Number.POSITIVE_INFINITY)).toBeNull();
  });
});

describe("bosses by name", () => {
  it("knows the fixed-schedule bosses whatever their case", () => {
    expect(isFixedScheduleBoss("MILAVY")).toBe(true);
    expect(isFixedScheduleBoss("clemantis")).toBe(true);
    expect(isFixedScheduleBoss(" Auraq ")).toBe(true);
    expect(isFixedScheduleBoss("Venatus")).toBe(false);
    expect(isFixedScheduleBoss("")).toBe(false);
    expect(fixedScheduleOfBoss("neutro")?.code).toBe(-7);
  });

  it("resolves a card's schedule: fixed code first, then the boss's own fixed schedule, then the interval", () => {
    expect(resolveBossSchedule("Venatus", -3)).toMatchObject({
      kind: "fixed",
      schedule: { boss: "RODERICK" },
    });
    expect(resolveBossSchedule("Milavy", 24)).toMatchObject({ kind: "fixed", schedule: { boss: "MILAVY" } });
    expect(resolveBossSchedule("MILAVY", 0)).toMatchObject({ kind: "fixed", schedule: { boss: "MILAVY" } });
    expect(resolveBossSchedule("Venatus", "10")).toEqual({ kind: "interval", hours: 10 });
    expect(resolveBossSchedule("Venatus", 0)).toEqual({ kind: "invalid" });
  });
});

describe("isShownInGrid", () => {
  it("shows valid fixed codes and valid intervals only", () => {
    expect(isShownInGrid(-1)).toBe(true);
    expect(isShownInGrid(-8)).toBe(true);
    expect(isShownInGrid(10)).toBe(true);
    expect(isShownInGrid("168.00")).toBe(true);
    expect(isShownInGrid(0)).toBe(false);
    expect(isShownInGrid(-9)).toBe(false);
    expect(isShownInGrid(240)).toBe(false);
    expect(isShownInGrid(null)).toBe(false);
  });
});

describe("scheduleLabel", () => {
  it("labels intervals, fixed schedules, no respawn and unknown codes", () => {
    expect(scheduleLabel(24)).toBe("Every 24 hours");
    expect(scheduleLabel("36.00")).toBe("Every 36 hours");
    expect(scheduleLabel(1.5)).toBe("Every 1.5 hours");
    expect(scheduleLabel(1)).toBe("Every 1 hour");
    expect(scheduleLabel(240)).toBe("Every 240 hours");
    expect(scheduleLabel(-1)).toBe("Saturday 3:00 PM");
    expect(scheduleLabel(-4)).toBe("Sunday 9:00 PM & Wednesday 9:00 PM");
    expect(scheduleLabel("-5.00")).toBe("Monday 7:00 PM & Wednesday 9:30 AM");
    expect(scheduleLabel(0)).toBe("No Respawn");
    expect(scheduleLabel(-9)).toBe("Unknown Schedule");
    expect(scheduleLabel(-2.5)).toBe("Unknown Schedule");
    expect(scheduleLabel(null)).toBe("Unknown Schedule");
    expect(scheduleLabel("soon")).toBe("Unknown Schedule");
  });
});

describe("nextFixedSpawn in UTC", () => {
  it("finds the earliest upcoming slot of the week", () => {
    // 2026-11-18 is a Wednesday. CLEMANTIS: Monday 9:30 AM and Thursday 7 PM.
    expect(nextFixedSpawn(-8, utc(2026, 11, 18, 12), "UTC")).toEqual(utc(2026, 11, 19, 19));
    // AURAQ: Sunday 9 PM and Wednesday 9 PM; Wednesday noon -> the same evening.
    expect(nextFixedSpawn(-4, utc(2026, 11, 18, 12), "UTC")).toEqual(utc(2026, 11, 18, 21));
    // After Wednesday 9 PM the next is Sunday.
    expect(nextFixedSpawn(-4, utc(2026, 11, 18, 21, 1), "UTC")).toEqual(utc(2026, 11, 22, 21));
  });

  it("rolls a slot at exactly now to next week", () => {
    // 2026-11-21 is a Saturday; MILAVY spawns Saturdays at 3 PM.
    expect(nextFixedSpawn(-1, utc(2026, 11, 21, 15), "UTC")).toEqual(utc(2026, 11, 28, 15));
    expect(nextFixedSpawn(-1, utc(2026, 11, 21, 15).getTime() - 1, "UTC")).toEqual(utc(2026, 11, 21, 15));
  });

  it("gives null for codes without a fixed schedule", () => {
    expect(nextFixedSpawn(24, utc(2026, 11, 18), "UTC")).toBeNull();
    expect(nextFixedSpawn(0, utc(2026, 11, 18), "UTC")).toBeNull();
  });

  it("refuses an invalid now or an empty schedule", () => {
    expect(() => nextFixedSpawn(-1, new Date(Number.NaN), "UTC")).toThrow(RangeError);
    expect(() => nextSlotAfter([], Date.UTC(2026, 0, 1), "UTC")).toThrow(RangeError);
    expect(() => nextSlotAfter([{ weekday: 7, hour: 0, minute: 0 }], Date.UTC(2026, 0, 1), "UTC")).toThrow(
      RangeError,
    );
  });
});

describe("nextFixedSpawn across DST changes", () => {
  it("Europe/Berlin, spring forward (2026-03-29)", () => {
    // Saturday noon CET; SAPHIRUS Sunday 5 PM is already CEST (+2): 15:00Z, not 16:00Z.
    expect(nextFixedSpawn(-6, utc(2026, 3, 28, 11), "Europe/Berlin")).toEqual(utc(2026, 3, 29, 15));
    // MILAVY at exactly Saturday 3 PM CET rolls to next Saturday 3 PM CEST: one hour less than a week.
    const now = utc(2026, 3, 28, 14);
    const next = nextFixedSpawn(-1, now, "Europe/Berlin");
    expect(next).toEqual(utc(2026, 4, 4, 13));
    expect((next?.getTime() ?? 0) - now.getTime()).toBe(7 * DAY - HOUR);
  });

  it("Europe/Berlin, fall back (2026-10-25)", () => {
    // Sunday 00:30 CEST; AURAQ Sunday 9 PM is CET (+1) again: 20:00Z.
    expect(nextFixedSpawn(-4, utc(2026, 10, 24, 22, 30), "Europe/Berlin")).toEqual(utc(2026, 10, 25, 20));
    // MILAVY at exactly Saturday 3 PM CEST rolls to Saturday 3 PM CET: one hour more than a week.
    const now = utc(2026, 10, 24, 13);
    expect(nextFixedSpawn(-1, now, "Europe/Berlin")).toEqual(utc(2026, 10, 31, 14));
  });

  it("America/New_York, spring forward (2026-03-08)", () => {
    // Friday 7 PM EST exactly; RODERICK's next Friday 7 PM is EDT (-4): 23:00Z.
    expect(nextFixedSpawn(-3, utc(2026, 3, 7, 0), "America/New_York")).toEqual(utc(2026, 3, 13, 23));
    // Sunday 1:59 AM EST, just before the gap; SAPHIRUS Sunday 5 PM EDT the same day.
    expect(nextFixedSpawn(-6, utc(2026, 3, 8, 6, 59), "America/New_York")).toEqual(utc(2026, 3, 8, 21));
  });

  it("America/New_York, fall back (2026-11-01)", () => {
    // Sunday 1:30 AM, the repeated hour (second pass, EST); NEUTRO Tuesday 7 PM EST.
    expect(nextFixedSpawn(-7, utc(2026, 11, 1, 6, 30), "America/New_York")).toEqual(utc(2026, 11, 4, 0));
    // Saturday 9:30 PM EDT; SAPHIRUS Sunday 5 PM EST: 22:00Z.
    expect(nextFixedSpawn(-6, utc(2026, 11, 1, 1, 30), "America/New_York")).toEqual(utc(2026, 11, 1, 22));
  });

  it("evaluates in the runtime's zone when no zone is given", () => {
    const runtimeZone = new Intl.DateTimeFormat().resolvedOptions().timeZone;
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2050, 0, 1) }), (now) => {
        expect(nextFixedSpawn(-5, now, null)).toEqual(nextFixedSpawn(-5, now, runtimeZone));
        expect(nextFixedSpawn(-5, now)).toEqual(nextFixedSpawn(-5, now, runtimeZone));
      }),
      { numRuns: 50 },
    );
  });
});

describe("nextSlotAfter properties", () => {
  const ZONES = ["UTC", "Europe/Berlin", "America/New_York", "Asia/Kolkata", "Australia/Lord_Howe"] as const;
  const QUARTER = 15 * MINUTE;

  const isSlot = (slots: readonly WeeklySlot[], epochMs: number, zone: string) => {
    const wall = wallClockAt(epochMs, zone);
    return (
      wall.second === 0 &&
      slots.some((s) => s.weekday === wall.weekday && s.hour === wall.hour && s.minute === wall.minute)
    );
  };

  // Every slot is on a whole half hour and these zones' offsets are whole quarter hours, so stepping through
  // UTC quarter hours visits every slot instant.
  const bruteForceNext = (slots: readonly WeeklySlot[], now: number, zone: string) => {
    let t = Math.floor(now / QUARTER) * QUARTER + QUARTER;
    while (!isSlot(slots, t, zone)) t += QUARTER;
    return t;
  };

  it("is after now, within a week (plus a DST hour), on a slot in the zone, and the earliest such", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...FIXED_SCHEDULES),
        fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2060, 0, 1) }),
        fc.constantFrom(...ZONES),
        (schedule, now, zone) => {
          const next = nextSlotAfter(schedule.slots, now, zone).getTime();
          expect(next).toBeGreaterThan(now);
          expect(next - now).toBeLessThanOrEqual(zone === "UTC" ? 7 * DAY : 7 * DAY + HOUR);
          expect(isSlot(schedule.slots, next, zone)).toBe(true);
          expect(next).toBe(bruteForceNext(schedule.slots, now, zone));
        },
      ),
      { numRuns: 150 },
    );
  });

  it("rolls exactly one week forward from a slot in UTC", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...FIXED_SCHEDULES),
        fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2060, 0, 1) }),
        (schedule, now) => {
          const slotInstant = nextSlotAfter(schedule.slots, now, "UTC").getTime();
          if (schedule.slots.length === 1) {
            expect(nextSlotAfter(schedule.slots, slotInstant, "UTC").getTime()).toBe(slotInstant + 7 * DAY);
          } else {
            expect(nextSlotAfter(schedule.slots, slotInstant, "UTC").getTime()).toBeGreaterThan(slotInstant);
          }
        },
      ),
    );
  });
});

describe("formatGuildSchedule", () => {
  it("reads the slots on a 24-hour clock with short weekdays, named with the guild's zone", () => {
    const auraq = fixedScheduleOfBoss("AURAQ")?.slots ?? [];
    expect(formatGuildSchedule(auraq, "Asia/Manila")).toBe("Sun 21:00 & Wed 21:00 Asia/Manila");
    expect(formatGuildSchedule(fixedScheduleOfBoss("THYMELE")?.slots ?? [], "UTC")).toBe(
      "Mon 19:00 & Wed 09:30 UTC",
    );
  });
});

describe("latestSlotAtOrBefore", () => {
  it("is the slot itself at the slot, and the one before just before it", () => {
    const auraq = fixedScheduleOfBoss("AURAQ")?.slots ?? [];
    const wednesday = Date.parse("2026-11-25T21:00:00Z");
    expect(latestSlotAtOrBefore(auraq, wednesday, "UTC")).toBe(wednesday);
    expect(latestSlotAtOrBefore(auraq, wednesday - 1, "UTC")).toBe(Date.parse("2026-11-22T21:00:00Z"));
  });
});
