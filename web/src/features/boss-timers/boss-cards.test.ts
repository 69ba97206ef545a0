import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatNextSpawnLabel, formatTime } from "@shared/format/format-date.ts";
import { nextSpawnText } from "@shared/format/guild-clock.ts";
import {
  anyRunning,
  type BossTimerInput,
  gridBosses,
  inHeldOrder,
  spawnedAtLabel,
  startableBosses,
  toBossCard,
} from "./boss-cards.ts";

const SECOND = 1000;
const MINUTE = 60_000;
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

/** A timer that ended `agoMs` ago, as the server sends it (expired, the end kept). */
const ended = (bossName: string, hours: number, agoMs: number): BossTimerInput => ({
  ...running(bossName, hours, -agoMs),
  isActive: false,
  status: "expired",
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
    // VENATUS is ready (no timer), so ahead of MILAVY's Saturday slot (decision 076).
    expect(gridBosses(rows, NOW, "UTC").map((r) => r.bossName)).toEqual(["VENATUS", "MILAVY"]);
  });

  it("lists ready bosses first (just spawned, then unknown by name), then soonest, scheduled ones included", () => {
    // In UTC on Friday 12:00: RODERICK (Fri 19:00) in 7 h, MILAVY (Sat 15:00) in 27 h, RINGOR (Sat 17:00) in 29 h.
    const rows = [
      idle("RINGOR", -2),
      idle("ego", 21),
      running("Livera", 24, 8 * HOUR),
      ended("Amentis", 29, 5 * MINUTE),
      idle("MILAVY", -1),
      running("Venatus", 10, 20 * MINUTE),
      idle("RODERICK", -3),
      idle("Baron", 32),
      ended("Old", 12, 2 * HOUR),
    ];
    // Ready first on the boss page (decision 076): a phone shows what can be fought now at the top.
    const expected = ["Amentis", "Baron", "ego", "Old", "Venatus", "RODERICK", "Livera", "MILAVY", "RINGOR"];
    fc.assert(
      fc.property(fc.shuffledSubarray(rows, { minLength: rows.length }), (shuffled) => {
        expect(gridBosses(shuffled, NOW, "UTC").map((r) => r.bossName)).toEqual(expected);
      }),
    );
  });

  it("reads the fixed schedules in the guild's zone", () => {
    // Manila is UTC+8: RODERICK's Friday 19:00 is 11:00 UTC, an hour ago (just spawned); in UTC it is 7 h away.
    const rows = [running("Venatus", 10, 2 * HOUR), idle("RODERICK", -3)];
    expect(gridBosses(rows, NOW, "Asia/Manila").map((r) => r.bossName)).toEqual(["Venatus", "RODERICK"]);
    expect(gridBosses(rows, NOW - 50 * MINUTE, "Asia/Manila").map((r) => r.bossName)).toEqual([
      "RODERICK",
      "Venatus",
    ]);
  });

  it("does not reorder the rows it was given", () => {
    const rows = [idle("B", 10), idle("A", 10)];
    gridBosses(rows, NOW, null);
    expect(rows.map((r) => r.bossName)).toEqual(["B", "A"]);
  });

  it("puts every boss whose next spawn is known ahead of a later one", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 100 * HOUR }), { minLength: 1, maxLength: 12 }),
        (ends) => {
          const rows = ends.map((endsIn, i) => running(`B${i}`, 100, endsIn));
          const order = gridBosses([...rows, idle("Unknown", 10)], NOW, "UTC");
          const times = order.slice(1).map((row) => (row.endTime as Date).getTime());
          expect(times).toEqual([...times].sort((a, b) => a - b));
          // Ready (its spawn unknown), so ahead of every running timer.
          expect(order[0]?.bossName).toBe("Unknown");
        },
      ),
    );
  });
});

describe("inHeldOrder (a card stays under the finger, decision 076)", () => {
  it("keeps the order of the tap while it holds; new bosses follow, gone ones drop", () => {
    const rows = [idle("C", 10), idle("A", 10), idle("New", 10)];
    expect(inHeldOrder(rows, ["A", "Gone", "C"]).map((r) => r.bossName)).toEqual(["A", "C", "New"]);
  });

  it("a started timer would move its card; held, the card stays where it was tapped", () => {
    const before = gridBosses([idle("Abel", 10), idle("Zed", 10), running("Mid", 10, HOUR)], NOW, "UTC");
    expect(before.map((r) => r.bossName)).toEqual(["Abel", "Zed", "Mid"]);
    const after = gridBosses(
      [running("Abel", 10, 10 * HOUR), idle("Zed", 10), running("Mid", 10, HOUR)],
      NOW,
      "UTC",
    );
    expect(after.map((r) => r.bossName)).toEqual(["Zed", "Mid", "Abel"]);
    const held = inHeldOrder(
      after,
      before.map((r) => r.bossName),
    );
    expect(held.map((r) => r.bossName)).toEqual(["Abel", "Zed", "Mid"]);
    expect(held[0]?.isActive).toBe(true);
  });
});

describe("startableBosses", () => {
  it("lists the interval bosses by name, without the fixed-schedule or left-out ones", () => {
    expect(startableBosses([idle("ego", 21), idle("MILAVY", 24), idle("Amentis", 29), idle("X", 0)])).toEqual(
      ["Amentis", "ego"],
    );
  });
});

describe("toBossCard", () => {
  it("an interval boss without a timer is available with its interval and nothing to count", () => {
    expect(toBossCard(idle("VENATUS", 10), NOW, null)).toEqual({
      bossName: "VENATUS",
      state: "available",
      fixed: false,
      respawnInfo: "Every 10 hours",
      countdown: null,
      progress: null,
      spawnLabel: null,
      soon: false,
    });
  });

  it("a running timer is on cooldown with a 'Xh Ym Zs' countdown, its elapsed share and its spawn time", () => {
    const row = running("VENATUS", 10, 2 * HOUR + 3 * 60 * SECOND + 4 * SECOND);
    const card = toBossCard(row, NOW, null);
    expect(card.state).toBe("on-cooldown");
    expect(card.countdown).toBe("2h 3m 4s");
    expect(card.progress).toBeCloseTo(1 - (2 * HOUR + 184 * SECOND) / (10 * HOUR), 6);
    expect(card.spawnLabel).toBe(formatNextSpawnLabel(row.endTime as Date));
    expect(card.soon).toBe(false);
    expect(toBossCard(running("VENATUS", 10, 15 * MINUTE), NOW, null).soon).toBe(true);
  });

  it("turns available when the countdown reaches zero, and says when it spawned for the spawn window", () => {
    const timer = running("VENATUS", 10, 5 * SECOND);
    expect(toBossCard(timer, NOW + 4 * SECOND, null).countdown).toBe("0h 0m 1s");
    const up = toBossCard(timer, NOW + 5 * SECOND, null);
    expect(up.state).toBe("available");
    expect(up.countdown).toBeNull();
    expect(up.spawnLabel).toBe(spawnedAtLabel(formatTime(NOW + 5 * SECOND)));
    expect(toBossCard(timer, NOW + 5 * SECOND + 30 * MINUTE, null).spawnLabel).toBeNull();
    expect(toBossCard({ ...timer, isActive: false, status: "expired" }, NOW, null).state).toBe("available");
  });

  it("a fixed-schedule boss is scheduled, counting down to its next slot, its schedule in the guild's zone", () => {
    // AURAQ: Sunday and Wednesday 21:00 Manila; from Friday 12:00 UTC (20:00 Manila) the next is Sunday
    // 21:00 Manila = Sunday 13:00 UTC, 49 hours away.
    const card = toBossCard(idle("AURAQ", -4), NOW, "Asia/Manila", "UTC");
    const next = Date.parse("2026-11-22T13:00:00Z");
    expect(card).toMatchObject({
      state: "scheduled",
      fixed: true,
      respawnInfo: "Sun 21:00 & Wed 21:00 Asia/Manila",
      // Over 24 h a countdown reads in days and hours (decision 076).
      countdown: "2d 1h",
      // A viewer elsewhere sees the guild's time, named, and their own (decision 059).
      spawnLabel: "Next: Sun 21:00 Asia/Manila · 13:00 your time",
      soon: false,
    });
    // A viewer in the guild's zone sees the usual form.
    expect(toBossCard(idle("AURAQ", -4), NOW, "Asia/Manila", "Asia/Manila").spawnLabel).toBe(
      "Next: Nov 22, 2026 at 9:00 PM",
    );
    // Its wait runs from the previous slot (Wednesday 21:00 Manila = 13:00 UTC) to the next.
    const previous = Date.parse("2026-11-18T13:00:00Z");
    expect(card.progress).toBeCloseTo((NOW - previous) / (next - previous), 6);
    expect(toBossCard(idle("milavy", 24), NOW, "UTC")).toMatchObject({
      state: "scheduled",
      respawnInfo: "Sat 15:00 UTC",
    });
  });

  it("a fixed-schedule boss in its spawn window is up ('disabled': no timer), then scheduled again", () => {
    const slot = Date.parse("2026-11-22T13:00:00Z"); // AURAQ, Sunday 21:00 Manila
    const at = (ms: number) => toBossCard(idle("AURAQ", -4), ms, "Asia/Manila", "Europe/Berlin");
    expect(at(slot - SECOND)).toMatchObject({ state: "scheduled", countdown: "0h 0m 1s", soon: true });
    expect(at(slot)).toMatchObject({ state: "disabled", countdown: null });
    expect(at(slot).spawnLabel).toBe(spawnedAtLabel("Sun 21:00 Asia/Manila · 14:00 your time"));
    expect(at(slot + 30 * MINUTE - 1).state).toBe("disabled");
    expect(at(slot + 30 * MINUTE).state).toBe("scheduled");
  });

  it("the spawn line and the countdown always name the same instant", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 14 * 24 * HOUR }),
        fc.constantFrom("Asia/Manila", "Europe/Berlin", "UTC", "America/New_York"),
        fc.constantFrom(-1, -4, -5, -8),
        (offset, zone, code) => {
          const now = NOW + offset;
          const card = toBossCard(idle("FIXED", code), now, zone, "Europe/Berlin");
          // Within a day the countdown reads to the second (over a day, 'Xd Yh': decision 076).
          if (card.state !== "scheduled" || card.countdown?.endsWith("s") !== true) return;
          const match = /^(\d+)h (\d+)m (\d+)s$/.exec(card.countdown ?? "");
          const seconds = Number(match?.[1]) * 3600 + Number(match?.[2]) * 60 + Number(match?.[3]);
          // The countdown rounds up to the second; the slot is on a whole minute.
          expect(card.spawnLabel).toBe(
            nextSpawnText(now - (now % SECOND) + seconds * SECOND, zone, "Europe/Berlin"),
          );
        },
      ),
    );
  });
});

describe("anyRunning", () => {
  it("is true while some countdown is positive, scheduled bosses included", () => {
    const rows = [idle("A", 10), running("B", 10, 3 * SECOND)];
    expect(anyRunning(rows, NOW)).toBe(true);
    expect(anyRunning(rows, NOW + 3 * SECOND)).toBe(false);
    expect(anyRunning([idle("AURAQ", -4)], NOW)).toBe(true);
  });
});
