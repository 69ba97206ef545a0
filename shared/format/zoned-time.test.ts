import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  addCalendarDays,
  instantOfWallClock,
  resolveTimeZone,
  utcMsOf,
  wallClockAt,
  zoneOffsetMs,
} from "./zoned-time.ts";

const HOUR = 3_600_000;
const ZONES = [
  "UTC",
  "Europe/Berlin",
  "America/New_York",
  "Asia/Kolkata",
  "Australia/Lord_Howe",
  "Pacific/Chatham",
  "America/St_Johns",
] as const;

describe("wallClockAt", () => {
  it("reads the wall clock and weekday in a zone", () => {
    // 2026-03-29 01:00Z is the Berlin spring-forward instant: 03:00 CEST on a Sunday.
    expect(wallClockAt(Date.UTC(2026, 2, 29, 1), "Europe/Berlin")).toEqual({
      year: 2026,
      month: 3,
      day: 29,
      hour: 3,
      minute: 0,
      second: 0,
      weekday: 0,
    });
    expect(wallClockAt(Date.UTC(2026, 2, 29, 0, 59, 59), "Europe/Berlin")).toMatchObject({
      hour: 1,
      minute: 59,
    });
    expect(wallClockAt(Date.UTC(2026, 10, 20, 4, 30), "America/New_York")).toMatchObject({
      day: 19,
      hour: 23,
      weekday: 4,
    });
  });

  it("reads midnight as hour 0", () => {
    expect(wallClockAt(Date.UTC(2026, 0, 1), "UTC").hour).toBe(0);
  });

  it("refuses an invalid instant", () => {
    expect(() => wallClockAt(Number.NaN, "UTC")).toThrow(RangeError);
  });
});

describe("zoneOffsetMs", () => {
  it("follows daylight saving time", () => {
    expect(zoneOffsetMs(Date.UTC(2026, 0, 15), "Europe/Berlin")).toBe(1 * HOUR);
    expect(zoneOffsetMs(Date.UTC(2026, 6, 15), "Europe/Berlin")).toBe(2 * HOUR);
    expect(zoneOffsetMs(Date.UTC(2026, 0, 15), "America/New_York")).toBe(-5 * HOUR);
    expect(zoneOffsetMs(Date.UTC(2026, 6, 15), "America/New_York")).toBe(-4 * HOUR);
    expect(zoneOffsetMs(Date.UTC(2026, 6, 15), "Asia/Kolkata")).toBe(5.5 * HOUR);
    expect(zoneOffsetMs(Date.UTC(2026, 6, 15), "UTC")).toBe(0);
  });
});

describe("instantOfWallClock", () => {
  it("converts ordinary wall times", () => {
    expect(
      instantOfWallClock({ year: 2026, month: 7, day: 4, hour: 19, minute: 0 }, "America/New_York"),
    ).toBe(Date.UTC(2026, 6, 4, 23));
    expect(instantOfWallClock({ year: 2026, month: 1, day: 10, hour: 9, minute: 30 }, "Europe/Berlin")).toBe(
      Date.UTC(2026, 0, 10, 8, 30),
    );
  });

  // Berlin skips 02:00-03:00 on 2026-03-29 and repeats it on 2026-10-25; New York skips 02:00-03:00 on
  // 2026-03-08 and repeats 01:00-02:00 on 2026-11-01. A skipped time moves forward by the gap; a repeated
  // one takes its earlier instant.
  it.each([
    ["a skipped", "Europe/Berlin", [2026, 3, 29, 2, 30], Date.UTC(2026, 2, 29, 1, 30)],
    ["a skipped", "America/New_York", [2026, 3, 8, 2, 30], Date.UTC(2026, 2, 8, 7, 30)],
    ["a repeated", "Europe/Berlin", [2026, 10, 25, 2, 30], Date.UTC(2026, 9, 25, 0, 30)],
    ["a repeated", "America/New_York", [2026, 11, 1, 1, 30], Date.UTC(2026, 10, 1, 5, 30)],
  ] as const)("reads %s wall time in %s", (_kind, zone, [year, month, day, hour, minute], expected) => {
    expect(instantOfWallClock({ year, month, day, hour, minute }, zone)).toBe(expected);
  });

  it("inverts wallClockAt for every instant that is the first with its wall time", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(1990, 0, 1), max: Date.UTC(2060, 0, 1) }).map((ms) => ms - (ms % 60_000)),
        fc.constantFrom(...ZONES),
        (epochMs, zone) => {
          const wall = wallClockAt(epochMs, zone);
          const back = instantOfWallClock(wall, zone);
          // Either the same instant, or the earlier occurrence of a repeated wall time.
          expect(back).toBeLessThanOrEqual(epochMs);
          expect(wallClockAt(back, zone)).toEqual(wall);
          expect(epochMs - back).toBeLessThanOrEqual(HOUR);
        },
      ),
    );
  });
});

describe("resolveTimeZone", () => {
  it("keeps a given zone and falls back to the runtime zone", () => {
    expect(resolveTimeZone("Europe/Berlin")).toBe("Europe/Berlin");
    expect(resolveTimeZone(null)).toBe(new Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(resolveTimeZone(undefined)).toBe(resolveTimeZone(null));
  });
});

describe("calendar helpers", () => {
  it("adds days across month and year ends with the right weekday", () => {
    expect(addCalendarDays({ year: 2026, month: 12, day: 30 }, 3)).toEqual({
      year: 2027,
      month: 1,
      day: 2,
      weekday: 6,
    });
    expect(addCalendarDays({ year: 2028, month: 3, day: 1 }, -1)).toMatchObject({ month: 2, day: 29 });
  });

  it("keeps two-digit years as they are", () => {
    expect(new Date(utcMsOf({ year: 50, month: 1, day: 1, hour: 0, minute: 0 })).getUTCFullYear()).toBe(50);
  });
});
