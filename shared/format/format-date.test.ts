import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  dateStamp,
  formatClockTime,
  formatDate,
  formatKickedDate,
  formatNextSpawnLabel,
  formatTime,
  nextSpawnLabelParts,
  parseDateInput,
  sortableTime,
} from "./format-date.ts";

const ZONES = [
  "UTC",
  "Pacific/Kiritimati",
  "Pacific/Pago_Pago",
  "Europe/Berlin",
  "America/New_York",
] as const;
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

describe("parseDateInput", () => {
  it("tells absent, invalid, calendar days and instants apart", () => {
    expect(parseDateInput(null)).toEqual({ kind: "absent" });
    expect(parseDateInput(undefined)).toEqual({ kind: "absent" });
    expect(parseDateInput("  ")).toEqual({ kind: "absent" });
    expect(parseDateInput("not a date")).toEqual({ kind: "invalid" });
    expect(parseDateInput(new Date(Number.NaN))).toEqual({ kind: "invalid" });
    expect(parseDateInput(Number.POSITIVE_INFINITY)).toEqual({ kind: "invalid" });
    expect(parseDateInput("2026-11-20")).toEqual({ kind: "calendar-day", year: 2026, month: 11, day: 20 });
    expect(parseDateInput("2026-11-20T10:00:00Z")).toEqual({
      kind: "instant",
      epochMs: Date.UTC(2026, 10, 20, 10),
    });
    expect(parseDateInput(0)).toEqual({ kind: "instant", epochMs: 0 });
  });

  it("refuses calendar days that do not exist instead of rolling them over", () => {
    expect(parseDateInput("2026-02-29").kind).toBe("invalid");
    expect(parseDateInput("2028-02-29").kind).toBe("calendar-day");
    expect(parseDateInput("2026-13-01").kind).toBe("invalid");
    expect(parseDateInput("2026-04-31").kind).toBe("invalid");
    expect(parseDateInput("2026-00-10").kind).toBe("invalid");
  });
});

describe("sortableTime", () => {
  it("orders calendar days and instants on one scale, null for no date", () => {
    expect(sortableTime("2026-11-20")).toBe(Date.UTC(2026, 10, 20));
    expect(sortableTime(new Date(Date.UTC(2026, 10, 20, 5)))).toBe(Date.UTC(2026, 10, 20, 5));
    expect(sortableTime(null)).toBeNull();
    expect(sortableTime("garbage")).toBeNull();
  });
});

describe("formatDate", () => {
  it("shows a short month, the day and the year", () => {
    expect(formatDate("2026-11-20")).toBe("Nov 20, 2026");
    expect(formatDate("2026-01-05")).toBe("Jan 5, 2026");
  });

  it("shows 'N/A' when absent and 'Invalid Date' when unparseable", () => {
    expect(formatDate(null)).toBe("N/A");
    expect(formatDate(undefined)).toBe("N/A");
    expect(formatDate("")).toBe("N/A");
    expect(formatDate("yesterday-ish")).toBe("Invalid Date");
    expect(formatDate("2026-02-30")).toBe("Invalid Date");
  });

  it("shows a date-only value as that calendar day in every zone", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1900, max: 2200 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 28 }),
        fc.constantFrom(...ZONES, null),
        (year, month, day, zone) => {
          const text = `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
          expect(formatDate(text, zone)).toBe(`${MONTHS[month - 1]} ${day}, ${year}`);
        },
      ),
    );
  });

  it("shows an instant in the given zone", () => {
    const lateEvening = "2026-11-20T23:30:00Z";
    expect(formatDate(lateEvening, "UTC")).toBe("Nov 20, 2026");
    expect(formatDate(lateEvening, "Europe/Berlin")).toBe("Nov 21, 2026");
    expect(formatDate(new Date(lateEvening), "America/New_York")).toBe("Nov 20, 2026");
    expect(formatDate(Date.parse(lateEvening), "Pacific/Kiritimati")).toBe("Nov 21, 2026");
  });
});

describe("formatKickedDate", () => {
  it("shows the local date, or 'N/A' when absent or unreadable", () => {
    expect(formatKickedDate("2026-03-01T10:00:00Z", "Europe/Berlin")).toBe("Mar 1, 2026");
    expect(formatKickedDate(null)).toBe("N/A");
    expect(formatKickedDate("oops")).toBe("N/A");
  });
});

describe("times", () => {
  it("formats a 24-hour clock time as h:mm AM/PM with a plain space", () => {
    expect(formatClockTime(0, 0)).toBe("12:00 AM");
    expect(formatClockTime(9, 30)).toBe("9:30 AM");
    expect(formatClockTime(12, 5)).toBe("12:05 PM");
    expect(formatClockTime(15, 0)).toBe("3:00 PM");
    expect(formatClockTime(23, 59)).toBe("11:59 PM");
  });

  it("formats an instant's time in a zone", () => {
    const instant = new Date(Date.UTC(2026, 10, 21, 14));
    expect(formatTime(instant, "UTC")).toBe("2:00 PM");
    expect(formatTime(instant, "Europe/Berlin")).toBe("3:00 PM");
    expect(formatTime(instant.getTime(), "America/New_York")).toBe("9:00 AM");
  });

  it("builds the parts and text of the next-spawn label", () => {
    const instant = Date.UTC(2026, 10, 21, 14);
    expect(nextSpawnLabelParts(instant, "Europe/Berlin")).toEqual({ date: "Nov 21, 2026", time: "3:00 PM" });
    expect(formatNextSpawnLabel(new Date(instant), "Europe/Berlin")).toBe("Next: Nov 21, 2026 at 3:00 PM");
    // The date follows the zone too: 23:00 in New York is already the next day in UTC.
    expect(formatNextSpawnLabel(Date.UTC(2026, 10, 21, 4), "America/New_York")).toBe(
      "Next: Nov 20, 2026 at 11:00 PM",
    );
  });

  it("refuses an invalid instant", () => {
    expect(() => formatTime(new Date(Number.NaN))).toThrow(RangeError);
  });
});

describe("dateStamp", () => {
  it("gives YYYY-MM-DD of the day in the zone", () => {
    const instant = new Date(Date.UTC(2026, 0, 9, 23, 30));
    expect(dateStamp(instant, "UTC")).toBe("2026-01-09");
    expect(dateStamp(instant, "Europe/Berlin")).toBe("2026-01-10");
    expect(`salary-calculation-receipt-${dateStamp(instant, "America/New_York")}.csv`).toBe(
      "salary-calculation-receipt-2026-01-09.csv",
    );
  });

  it("agrees with the displayed date and reads back as the same calendar day", () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date("1970-01-01T00:00:00Z"),
          max: new Date("2200-01-01T00:00:00Z"),
          noInvalidDate: true,
        }),
        fc.constantFrom(...ZONES),
        (instant, zone) => {
          const stamp = dateStamp(instant, zone);
          expect(stamp).toMatch(/^\d{4}-\d{2}-\d{2}$/);
          expect(formatDate(stamp)).toBe(formatDate(instant, zone));
        },
      ),
    );
  });
});
