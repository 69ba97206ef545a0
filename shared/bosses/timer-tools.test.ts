import { describe, expect, it } from "vitest";
import { movedOnByOneInterval, timerAfterMaintenance } from "./timer-tools.ts";

const HOUR = 3_600_000;
const BACK = new Date("2026-11-25T10:00:00Z");
const at = (offsetMs: number) => new Date(BACK.getTime() + offsetMs);

describe("movedOnByOneInterval (Didn't spawn)", () => {
  it("the next spawn is one interval after the expected one, and the wait starts there", () => {
    expect(movedOnByOneInterval(BACK, 12)).toEqual({
      startTime: BACK,
      endTime: at(12 * HOUR),
      durationHours: 12,
    });
  });
});

describe("timerAfterMaintenance", () => {
  const running = { startTime: at(-2 * HOUR), endTime: at(8 * HOUR) };

  it("'ready': the boss spawns at the back time", () => {
    expect(timerAfterMaintenance(running, BACK, 10, "ready")).toEqual({
      startTime: at(-10 * HOUR),
      endTime: BACK,
      durationHours: 10,
    });
    expect(timerAfterMaintenance(undefined, BACK, 10, "ready")?.endTime).toEqual(BACK);
  });

  it("'restart': next spawn = back time + interval", () => {
    expect(timerAfterMaintenance(running, BACK, 10, "restart")).toEqual({
      startTime: BACK,
      endTime: at(10 * HOUR),
      durationHours: 10,
    });
    const none = { startTime: null, endTime: null };
    expect(timerAfterMaintenance(none, BACK, 24, "restart")?.endTime).toEqual(at(24 * HOUR));
  });

  it("a timer started at or after the back time stands, in either mode", () => {
    const since = { startTime: at(5 * 60_000), endTime: at(10 * HOUR) };
    expect(timerAfterMaintenance(since, BACK, 10, "ready")).toBeNull();
    expect(timerAfterMaintenance(since, BACK, 10, "restart")).toBeNull();
  });

  it("the same maintenance twice changes nothing the second time", () => {
    for (const mode of ["ready", "restart"] as const) {
      const once = timerAfterMaintenance(running, BACK, 10, mode);
      expect(once).not.toBeNull();
      expect(timerAfterMaintenance(once ?? undefined, BACK, 10, mode)).toBeNull();
    }
  });
});
