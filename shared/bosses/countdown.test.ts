import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { nextSlotAfter, SPAWN_WINDOW_MS } from "./boss-schedule.ts";
import {
  bossCardState,
  elapsedShare,
  formatCountdown,
  formatRemainingShort,
  isTimerRunning,
  remainingMs,
} from "./countdown.ts";

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const NOW = new Date("2026-11-20T12:00:00Z");
const inFuture = (ms: number) => new Date(NOW.getTime() + ms);

function parseCountdown(text: string): number {
  const match = /^(\d+)h (\d+)m (\d+)s$/.exec(text);
  if (!match) throw new Error(`Not a countdown: ${text}`);
  return Number(match[1]) * 3600 + Number(match[2]) * 60 + Number(match[3]);
}

describe("remainingMs", () => {
  it("is the time until the end, never negative", () => {
    expect(remainingMs(inFuture(90 * SECOND), NOW)).toBe(90 * SECOND);
    expect(remainingMs(inFuture(90 * SECOND).toISOString(), NOW.getTime())).toBe(90 * SECOND);
    expect(remainingMs(inFuture(-5 * SECOND), NOW)).toBe(0);
    expect(remainingMs(NOW, NOW)).toBe(0);
  });

  it("is 0 when the end time is absent or unreadable", () => {
    expect(remainingMs(null, NOW)).toBe(0);
    expect(remainingMs("whenever", NOW)).toBe(0);
  });
});

describe("formatCountdown", () => {
  it("reads 'Xh Ym Zs' up to 24 h", () => {
    expect(formatCountdown(HOUR + MINUTE + SECOND)).toBe("1h 1m 1s");
    expect(formatCountdown(23 * HOUR + 59 * MINUTE + 59 * SECOND)).toBe("23h 59m 59s");
    expect(formatCountdown(24 * HOUR)).toBe("24h 0m 0s");
    expect(formatCountdown(59 * SECOND)).toBe("0h 0m 59s");
  });

  it("reads days and hours over 24 h: '2d 5h', not '53h 12m' (issue 26)", () => {
    expect(formatCountdown(53 * HOUR + 12 * MINUTE)).toBe("2d 5h");
    expect(formatCountdown(24 * HOUR + 1)).toBe("1d 0h");
    expect(formatCountdown(36 * HOUR)).toBe("1d 12h");
    expect(formatCountdown(168 * HOUR)).toBe("7d 0h");
    expect(formatCountdown(240 * HOUR - SECOND)).toBe("9d 23h");
  });

  it("reads '0h 0m 0s' at or below zero", () => {
    expect(formatCountdown(0)).toBe("0h 0m 0s");
    expect(formatCountdown(-5 * SECOND)).toBe("0h 0m 0s");
    expect(formatCountdown(Number.NaN)).toBe("0h 0m 0s");
  });

  it("rounds up, so a running timer never reads zero", () => {
    expect(formatCountdown(1)).toBe("0h 0m 1s");
    expect(formatCountdown(999)).toBe("0h 0m 1s");
    expect(formatCountdown(HOUR - 1)).toBe("1h 0m 0s");
  });

  it("round-trips whole seconds", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 24 * 3600 }), (seconds) => {
        expect(parseCountdown(formatCountdown(seconds * SECOND))).toBe(seconds);
      }),
    );
  });

  it("shows the remaining seconds rounded up, with minutes and seconds below 60", () => {
    fc.assert(
      fc.property(fc.double({ min: -1e9, max: 24 * HOUR, noNaN: true }), (ms) => {
        const text = formatCountdown(ms);
        const [, , minutes, seconds] = /^(\d+)h (\d+)m (\d+)s$/.exec(text) ?? [];
        expect(Number(minutes)).toBeLessThan(60);
        expect(Number(seconds)).toBeLessThan(60);
        expect(parseCountdown(text)).toBe(ms > 0 ? Math.ceil(ms / SECOND) : 0);
      }),
    );
  });

  it("over 24 h, never shows more days and hours than are left, and at most an hour less", () => {
    fc.assert(
      fc.property(fc.integer({ min: 24 * HOUR + 1, max: 1e10 }), (ms) => {
        const [, days, hours] = /^(\d+)d (\d+)h$/.exec(formatCountdown(ms)) ?? [];
        const shown = (Number(days) * 24 + Number(hours)) * HOUR;
        expect(Number(hours)).toBeLessThan(24);
        const left = Math.ceil(ms / SECOND) * SECOND;
        expect(shown).toBeLessThanOrEqual(left);
        expect(left - shown).toBeLessThan(HOUR);
      }),
    );
  });
});

describe("formatRemainingShort", () => {
  it("reads 'Xh Ym', or 'Ready' at or below zero", () => {
    expect(formatRemainingShort(90 * MINUTE)).toBe("1h 30m");
    expect(formatRemainingShort(24 * HOUR)).toBe("24h 0m");
    expect(formatRemainingShort(36 * HOUR)).toBe("1d 12h");
    expect(formatRemainingShort(53 * HOUR + 12 * MINUTE)).toBe("2d 5h");
    expect(formatRemainingShort(30 * SECOND)).toBe("0h 1m");
    expect(formatRemainingShort(0)).toBe("Ready");
    expect(formatRemainingShort(-MINUTE)).toBe("Ready");
    expect(formatRemainingShort(Number.NaN)).toBe("Ready");
  });

  it("never shows less time than the full countdown", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 24 * HOUR }), (ms) => {
        const [, hours, minutes] = /^(\d+)h (\d+)m$/.exec(formatRemainingShort(ms)) ?? [];
        const shownMinutes = Number(hours) * 60 + Number(minutes);
        expect(Number(minutes)).toBeLessThan(60);
        expect(shownMinutes * MINUTE).toBeGreaterThanOrEqual(ms);
        expect(shownMinutes * MINUTE - ms).toBeLessThan(MINUTE);
      }),
    );
  });
});

describe("elapsedShare", () => {
  const start = NOW.getTime();
  const end = start + 10 * HOUR;

  it("is the elapsed share of the span", () => {
    expect(elapsedShare(start, end, start)).toBe(0);
    expect(elapsedShare(start, end, start + 2.5 * HOUR)).toBe(0.25);
    expect(elapsedShare(new Date(start).toISOString(), new Date(end), end)).toBe(1);
  });

  it("is clamped to 0..1 and 1 for an empty or unreadable span", () => {
    expect(elapsedShare(start, end, start - HOUR)).toBe(0);
    expect(elapsedShare(start, end, end + HOUR)).toBe(1);
    expect(elapsedShare(start, start, start)).toBe(1);
    expect(elapsedShare(end, start, start)).toBe(1);
    expect(elapsedShare(null, end, start)).toBe(1);
  });

  it("stays within 0..1 and grows with time", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2e12 }),
        fc.integer({ min: 1, max: 1e9 }),
        fc.integer({ min: -2e9, max: 2e9 }),
        fc.integer({ min: 0, max: 1e9 }),
        (from, span, offset, later) => {
          const share = elapsedShare(from, from + span, from + offset);
          expect(share).toBeGreaterThanOrEqual(0);
          expect(share).toBeLessThanOrEqual(1);
          expect(elapsedShare(from, from + span, from + offset + later)).toBeGreaterThanOrEqual(share);
        },
      ),
    );
  });
});

describe("isTimerRunning", () => {
  it("needs an active mark and a future end", () => {
    expect(isTimerRunning({ endTime: inFuture(HOUR), active: true }, NOW)).toBe(true);
    expect(isTimerRunning({ endTime: inFuture(HOUR), status: "active" }, NOW)).toBe(true);
    expect(isTimerRunning({ endTime: inFuture(-HOUR), active: true }, NOW)).toBe(false);
    expect(isTimerRunning({ endTime: NOW, active: true }, NOW)).toBe(false);
    expect(isTimerRunning({ endTime: inFuture(HOUR), active: false }, NOW)).toBe(false);
    expect(isTimerRunning({ endTime: inFuture(HOUR), status: "reset" }, NOW)).toBe(false);
    expect(isTimerRunning({ endTime: inFuture(HOUR), status: "expired" }, NOW)).toBe(false);
  });

  it("lets the flag decide over the status, and the end time alone when neither is given", () => {
    expect(isTimerRunning({ endTime: inFuture(HOUR), active: false, status: "active" }, NOW)).toBe(false);
    expect(isTimerRunning({ endTime: inFuture(HOUR), active: true, status: "expired" }, NOW)).toBe(true);
    expect(isTimerRunning({ endTime: inFuture(HOUR), active: null, status: "active" }, NOW)).toBe(true);
    expect(isTimerRunning({ endTime: inFuture(HOUR) }, NOW)).toBe(true);
    expect(isTimerRunning({ endTime: null }, NOW)).toBe(false);
  });
});

describe("bossCardState", () => {
  const running = { endTime: inFuture(HOUR), active: true };
  const ended = { endTime: inFuture(-HOUR), active: true };

  it("is scheduled for fixed-schedule bosses, by name or by code, whatever their timer", () => {
    // None of these slots is within 30 minutes before NOW in UTC.
    expect(bossCardState({ name: "MILAVY", respawnCode: -1 }, null, NOW, "UTC")).toBe("scheduled");
    expect(bossCardState({ name: "auraq" }, running, NOW, "UTC")).toBe("scheduled");
    expect(bossCardState({ name: "Custom Boss", respawnCode: "-3.00" }, null, NOW, "UTC")).toBe("scheduled");
  });

  it("is disabled (up, no timer) for a fixed-schedule boss from its slot until the spawn window ends", () => {
    const slot = nextSlotAfter([{ weekday: 6, hour: 15, minute: 0 }], NOW, "Asia/Manila").getTime();
    const milavy = (at: number) =>
      bossCardState({ name: "MILAVY", respawnCode: -1 }, null, at, "Asia/Manila");
    expect(milavy(slot - 1)).toBe("scheduled");
    expect(milavy(slot)).toBe("disabled");
    expect(milavy(slot + SPAWN_WINDOW_MS - 1)).toBe("disabled");
    expect(milavy(slot + SPAWN_WINDOW_MS)).toBe("scheduled");
  });

  it("is on cooldown while the timer runs and available otherwise", () => {
    expect(bossCardState({ name: "Venatus", respawnCode: 10 }, running, NOW)).toBe("on-cooldown");
    expect(bossCardState({ name: "Venatus", respawnCode: 10 }, ended, NOW)).toBe("available");
    expect(bossCardState({ name: "Venatus", respawnCode: 10 }, null, NOW)).toBe("available");
    expect(bossCardState({ name: "Venatus", respawnCode: 10 }, undefined, NOW)).toBe("available");
    expect(
      bossCardState(
        { name: "Venatus", respawnCode: 10 },
        { ...running, status: "reset", active: undefined },
        NOW,
      ),
    ).toBe("available");
  });

  it("turns available exactly when the countdown reads zero", () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e7, max: 1e7 }), (offset) => {
        const timer = { endTime: inFuture(offset), active: true };
        const state = bossCardState({ name: "Venatus", respawnCode: 24 }, timer, NOW);
        const zero = formatCountdown(remainingMs(timer.endTime, NOW)) === "0h 0m 0s";
        expect(state === "available").toBe(zero);
      }),
    );
  });
});
