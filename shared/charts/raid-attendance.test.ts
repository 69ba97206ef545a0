import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { raidGrid, raidsPerMember, raidsWithin } from "./raid-attendance.ts";

const NOW = Date.parse("2026-11-30T12:00:00Z");
const DAY = 86_400_000;
const raid = (daysAgo: number, ...names: string[]) => ({
  dateAttended: new Date(NOW - daysAgo * DAY),
  participatedMembers: names,
});

describe("raidsPerMember", () => {
  const records = [
    raid(1, "Ashvale", "larkspire"),
    raid(29, "Ashvale"),
    raid(31, "Larkspire"),
    raid(89, "Ghost", "Ashvale"),
  ];

  it("counts each member's raids in the window, lists the roster's members without any, the most first", () => {
    expect(raidsPerMember(records, ["Larkspire", "Ashvale", "Thornfang"], NOW, 30)).toEqual([
      { name: "Ashvale", raids: 2 },
      { name: "Larkspire", raids: 1 },
      { name: "Thornfang", raids: 0 },
    ]);
    expect(raidsPerMember(records, ["Larkspire", "Ashvale"], NOW, 90)).toEqual([
      { name: "Ashvale", raids: 3 },
      { name: "Larkspire", raids: 2 },
      { name: "Ghost", raids: 1 },
    ]);
  });

  it("counts a name twice in one record once, and nothing after now", () => {
    expect(raidsPerMember([raid(2, "Ashvale", "ASHVALE"), raid(-1, "Ashvale")], [], NOW, 30)).toEqual([
      { name: "Ashvale", raids: 1 },
    ]);
  });

  it("gives every raid in the window to each distinct participant exactly once", () => {
    const names = fc.subarray(["Ashvale", "Larkspire", "Thornfang", "Gravel"], { minLength: 1 });
    fc.assert(
      fc.property(
        fc.array(fc.record({ ago: fc.integer({ min: -5, max: 120 }), names }), { maxLength: 50 }),
        fc.constantFrom(30, 90),
        (drawn, days) => {
          const list = drawn.map((d) => raid(d.ago, ...d.names));
          const counted = raidsPerMember(list, ["Ashvale"], NOW, days);
          const inWindow = raidsWithin(list, NOW, days);
          expect(counted.reduce((t, m) => t + m.raids, 0)).toBe(
            inWindow.reduce((t, r) => t + r.participatedMembers.length, 0),
          );
          expect(
            inWindow.every(
              (r) => r.dateAttended.getTime() <= NOW && r.dateAttended.getTime() >= NOW - days * DAY,
            ),
          ).toBe(true);
        },
      ),
    );
  });
});

describe("raidGrid", () => {
  it("places raids by weekday (Monday first) and hour in the guild's zone", () => {
    // 2026-11-30 is a Monday; 20:00 UTC is 21:00 in Berlin, 04:00 next day (Tuesday) in Manila.
    const records = [
      { dateAttended: "2026-11-30T20:00:00Z", participatedMembers: ["A"] },
      { dateAttended: "2026-11-30T20:30:00Z", participatedMembers: ["A"] },
      { dateAttended: "2026-12-06T09:00:00Z", participatedMembers: ["A"] },
    ];
    const berlin = raidGrid(records, "Europe/Berlin");
    expect(berlin.counts[0]?.[21]).toBe(2);
    expect(berlin.counts[6]?.[10]).toBe(1);
    expect(berlin.total).toBe(3);
    expect(berlin.busiest).toEqual({ weekday: 0, hour: 21, raids: 2 });
    expect(raidGrid(records, "Asia/Manila").counts[1]?.[4]).toBe(2);
    expect(raidGrid([], "UTC").busiest).toBeNull();
  });

  it("puts every raid in exactly one cell", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 4 * 365 * DAY }), { maxLength: 60 }), (offsets) => {
        const grid = raidGrid(
          offsets.map((o) => ({
            dateAttended: new Date(Date.UTC(2024, 0, 1) + o),
            participatedMembers: ["A"],
          })),
          "America/New_York",
        );
        expect(grid.counts.flat().reduce((t, n) => t + n, 0)).toBe(offsets.length);
        expect(grid.counts).toHaveLength(7);
        expect(grid.counts.every((row) => row.length === 24)).toBe(true);
      }),
    );
  });
});
