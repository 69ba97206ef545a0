import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { anyRunning, type BossTimerInput, gridBosses, nextSpawnText, toBossCard } from "./boss-cards.ts";

const SECOND = 1000;
const HOUR = 3_600_000;
// A Friday, 12:00 UTC.
const NOW = Date.parse("2026-11-20T12:00:00Z");

const idle = (bossName: string, respawnTimeHours: number | string): BossTimerInput => ({
  bossName,
  respawnTimeHours,
  startTime: null,
  endTime: null,
  isActive: false,
  status: null,
});

const running = (bossName: string, hours: number, endsInMs: number): BossTimerInput => ({
  bossName,
  respawnTimeHours: hours,
  startTime: new Date(NOW + endsInMs - hours * HOUR),
  endTime: new Date(NOW + endsInMs),
  isActive: true,
  status: "active",
});

describe("gridBosses", () => {
  it("leaves out bosses whose code is neither a fixed schedule nor an interval", () => {
    const rows = [
      idle("VENATUS", 10),
      idle("GHOST", 0),
      idle("ODD", -9),
      idle("BIG", 240),
      idle("MILAVY", -1),
    ];
    expect(gridBosses(rows).map((r) => r.bossName)).toEqual(["VENATUS", "MILAVY"]);
  });

  it("lists interval bosses by name, then the fixed-schedule ones by name, whatever the input order", () => {
    const rows = [
      idle("RINGOR", -2),
      idle("ego", 21),
      idle("Amentis", 29),
      idle("MILAVY", -1),
      idle("Livera", "24.00"),
    ];
    const expected = ["Amentis", "ego", "Livera", "MILAVY", "RINGOR"];
    fc.assert(
      fc.property(fc.shuffledSubarray(rows, { minLength: rows.length }), (shuffled) => {
        expect(gridBosses(shuffled).map((r) => r.bossName)).toEqual(expected);
      }),
    );
  });

  it("does not reorder the rows it was given", () => {
    const rows = [idle("B", 10), idle("A", 10)];
    gridBosses(rows);
    expect(rows.map((r) => r.bossName)).toEqual(["B", "A"]);
  });
});

describe("toBossCard", () => {
  it("an interval boss without a timer is available with its interval", () => {
    expect(toBossCard(idle("VENATUS", 10), NOW)).toEqual({
      bossName: "VENATUS",
      state: "available",
      fixed: false,
      respawnInfo: "Every 10 hours",
      countdown: null,
      progress: null,
    });
  });

  it("a running timer is on cooldown with a 'Xh Ym Zs' countdown and its elapsed share", () => {
    const card = toBossCard(running("VENATUS", 10, 2 * HOUR + 3 * 60 * SECOND + 4 * SECOND), NOW);
    expect(card.state).toBe("on-cooldown");
    expect(card.countdown).toBe("2h 3m 4s");
    expect(card.progress).toBeCloseTo(1 - (2 * HOUR + 184 * SECOND) / (10 * HOUR), 6);
  });

  it("turns available when the countdown reaches zero, and for an expired or inactive row", () => {
    const timer = running("VENATUS", 10, 5 * SECOND);
    expect(toBossCard(timer, NOW + 4 * SECOND).countdown).toBe("0h 0m 1s");
    expect(toBossCard(timer, NOW + 5 * SECOND).state).toBe("available");
    expect(toBossCard({ ...timer, isActive: false, status: "expired" }, NOW).state).toBe("available");
  });

  it("a fixed-schedule boss is disabled with its weekly slots, by code or by name", () => {
    expect(toBossCard(idle("AURAQ", -4), NOW)).toMatchObject({
      state: "disabled",
      fixed: true,
      respawnInfo: "Sunday 9:00 PM & Wednesday 9:00 PM",
      countdown: null,
    });
    expect(toBossCard(idle("milavy", 24), NOW)).toMatchObject({
      state: "disabled",
      respawnInfo: "Saturday 3:00 PM",
    });
  });
});

describe("nextSpawnText", () => {
  it("reads the schedule in the guild's zone", () => {
    // MILAVY: Saturday 3:00 PM. In UTC that is the next day, 2026-11-21T15:00Z.
    const text = nextSpawnText(idle("MILAVY", -1), NOW, "UTC");
    const expected = new Date("2026-11-21T15:00:00Z");
    const time = expected
      .toLocaleTimeString("en-US", { hour: "numeric", minute: "2-digit" })
      .replace(/\s/, " ");
    expect(text).toMatch(/^Next: [A-Z][a-z]{2} \d{1,2}, \d{4} at \d{1,2}:\d{2} [AP]M$/);
    expect(text?.endsWith(`at ${time}`)).toBe(true);
  });

  it("is null for an interval boss", () => {
    expect(nextSpawnText(idle("VENATUS", 10), NOW, "UTC")).toBeNull();
  });
});

describe("anyRunning", () => {
  it("is true only while some countdown is positive", () => {
    const rows = [idle("A", 10), running("B", 10, 3 * SECOND)];
    expect(anyRunning(rows, NOW)).toBe(true);
    expect(anyRunning(rows, NOW + 3 * SECOND)).toBe(false);
  });
});
