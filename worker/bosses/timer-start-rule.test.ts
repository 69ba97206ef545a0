import { describe, expect, it } from "vitest";
import { type BossTimer, startBeforeSpawnMessage, timerRunningMessage } from "@shared/schemas/boss-timers.ts";
import { judgeTimerStart, timerStartRefusal } from "./timer-start-rule.ts";

const NOW = new Date("2026-03-01T12:00:00Z");
const at = (minutesFromNow: number) => new Date(NOW.getTime() + minutesFromNow * 60_000);
const none: BossTimer = {
  bossId: 1,
  bossName: "Gravemaw",
  respawnTimeHours: 10,
  startTime: null,
  endTime: null,
  durationHours: null,
  isActive: false,
  status: null,
};
const timer = (end: number, isActive: boolean): BossTimer => ({
  ...none,
  startTime: at(end - 600),
  endTime: at(end),
  durationHours: 10,
  isActive,
  status: isActive ? "active" : "expired",
});

describe("timerStartRefusal", () => {
  it("lets an admin start anything the start-time window allows", () => {
    for (const current of [none, timer(30, true), timer(-30, false)]) {
      expect(
        timerStartRefusal({ role: "admin", current, startTime: at(-23 * 60), now: NOW }),
      ).toBeUndefined();
    }
  });

  it("lets a raider start a boss with no timer at any time, and one whose timer ended from its end on", () => {
    expect(timerStartRefusal({ role: "user", current: none, startTime: at(-600), now: NOW })).toBeUndefined();
    const ended = timer(-30, false);
    for (const startTime of [at(-30), at(-10), NOW, at(2)]) {
      expect(timerStartRefusal({ role: "user", current: ended, startTime, now: NOW })).toBeUndefined();
    }
    expect(timerStartRefusal({ role: "user", current: ended, startTime: at(-31), now: NOW })).toBe(
      startBeforeSpawnMessage("Gravemaw", at(-30)),
    );
  });

  it("refuses a raider any start while the timer runs, even one dated after its end", () => {
    const running = timer(1, true);
    for (const startTime of [at(-600), NOW, at(2)]) {
      expect(timerStartRefusal({ role: "user", current: running, startTime, now: NOW })).toBe(
        timerRunningMessage("Gravemaw"),
      );
    }
  });

  it("takes a stopped timer whose end is still ahead (imported data) as spawned now", () => {
    const stopped = { ...timer(60, false) };
    expect(timerStartRefusal({ role: "user", current: stopped, startTime: NOW, now: NOW })).toBeUndefined();
    expect(timerStartRefusal({ role: "user", current: stopped, startTime: at(-1), now: NOW })).toBe(
      startBeforeSpawnMessage("Gravemaw", NOW),
    );
  });
});

describe("judgeTimerStart", () => {
  it("keeps a stored start that is later than or equal to this one, for an admin too", () => {
    for (const role of ["admin", "officer", "user"] as const) {
      for (const current of [timer(30, true), timer(-30, false)]) {
        const stored = current.startTime as Date;
        for (const startTime of [new Date(stored.getTime() - 1), stored, at(-23 * 60)]) {
          expect(judgeTimerStart({ role, current, startTime, now: NOW })).toEqual({ kind: "keep" });
        }
      }
    }
  });

  it("starts, or refuses with timerStartRefusal's message, a start later than the stored one", () => {
    const running = timer(30, true);
    const later = new Date((running.startTime as Date).getTime() + 1);
    for (const role of ["admin", "officer"] as const) {
      expect(judgeTimerStart({ role, current: running, startTime: later, now: NOW })).toEqual({
        kind: "start",
      });
    }
    expect(judgeTimerStart({ role: "user", current: running, startTime: later, now: NOW })).toEqual({
      kind: "refuse",
      message: timerRunningMessage("Gravemaw"),
    });
    expect(judgeTimerStart({ role: "user", current: none, startTime: at(-600), now: NOW })).toEqual({
      kind: "start",
    });
  });
});
