import { describe, expect, it } from "vitest";
import { START_TIME_TOO_OLD } from "@shared/bosses/timer-start-windows.ts";
import { isTooOldToRecord, tooOldToSend } from "./too-old-starts.ts";

const NOW = Date.UTC(2026, 2, 1, 12);
const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

describe("tooOldToSend", () => {
  it("refuses only a start older than the 24-hour window plus the 2-minute clock-skew allowance", () => {
    expect(tooOldToSend(new Date(NOW), NOW)).toBeUndefined();
    expect(tooOldToSend(new Date(NOW - DAY_MS - MINUTE_MS), NOW)).toBeUndefined();
    expect(tooOldToSend(new Date(NOW - DAY_MS - 2 * MINUTE_MS), NOW)).toBeUndefined();
    expect(tooOldToSend(new Date(NOW - DAY_MS - 2 * MINUTE_MS - 1), NOW)).toBe(START_TIME_TOO_OLD);
  });

  it("never refuses a start ahead of the clock: that is the server's call", () => {
    expect(tooOldToSend(new Date(NOW + 10 * MINUTE_MS), NOW)).toBeUndefined();
  });
});

describe("isTooOldToRecord", () => {
  const row = { name: "startTimer", status: "failed", lastError: START_TIME_TOO_OLD } as const;

  it("is a failed start refused as too old, whether the server or the check before sending said it", () => {
    expect(isTooOldToRecord(row)).toBe(true);
  });

  it("is not a start refused for another reason, one still waiting, or another write", () => {
    expect(isTooOldToRecord({ ...row, lastError: "VENATUS is on cooldown" })).toBe(false);
    expect(isTooOldToRecord({ ...row, status: "pending" })).toBe(false);
    expect(isTooOldToRecord({ ...row, name: "createMember" })).toBe(false);
  });
});
