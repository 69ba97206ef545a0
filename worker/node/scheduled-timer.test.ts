import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { FIRST_RUN_DELAY_MS, RUN_INTERVAL_MS, startScheduledTimer } from "./scheduled-timer.ts";

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("startScheduledTimer", () => {
  it("runs shortly after start, then every interval", async () => {
    const run = vi.fn(async () => {});
    const timer = startScheduledTimer(run);
    await vi.advanceTimersByTimeAsync(FIRST_RUN_DELAY_MS - 1);
    expect(run).toHaveBeenCalledTimes(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(run).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(RUN_INTERVAL_MS * 3);
    expect(run).toHaveBeenCalledTimes(4);
    await timer.stop();
  });

  it("starts a run only after the previous one ended", async () => {
    let finish: () => void = () => {};
    const run = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const timer = startScheduledTimer(run, { firstDelayMs: 10, intervalMs: 100 });
    await vi.advanceTimersByTimeAsync(10 + 500);
    expect(run).toHaveBeenCalledTimes(1);
    finish();
    await vi.advanceTimersByTimeAsync(100);
    expect(run).toHaveBeenCalledTimes(2);
    finish();
    await timer.stop();
  });

  it("logs a failed run and keeps going", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const run = vi.fn(async () => {
      throw new Error("database is closed");
    });
    const timer = startScheduledTimer(run, { firstDelayMs: 10, intervalMs: 100 });
    await vi.advanceTimersByTimeAsync(10 + 100);
    expect(run).toHaveBeenCalledTimes(2);
    expect(logged).toHaveBeenCalledWith("scheduled jobs failed: database is closed");
    await timer.stop();
  });

  it("stop() waits for the run under way, and no run starts after it", async () => {
    let finish: () => void = () => {};
    const run = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const timer = startScheduledTimer(run, { firstDelayMs: 10, intervalMs: 100 });
    await vi.advanceTimersByTimeAsync(10);
    let stopped = false;
    const stopping = timer.stop().then(() => {
      stopped = true;
    });
    await vi.advanceTimersByTimeAsync(50);
    expect(stopped).toBe(false);
    finish();
    await stopping;
    expect(stopped).toBe(true);
    await vi.advanceTimersByTimeAsync(RUN_INTERVAL_MS * 2);
    expect(run).toHaveBeenCalledTimes(1);
  });
});
