import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ApiError } from "../lib/api-client.ts";
import {
  classifyFailure,
  FIRST_RETRY_MS,
  MAX_RETRY_MS,
  MIN_RETRY_MS,
  retryCapMs,
  retryDelayMs,
  waitsForServer,
} from "./retry-policy.ts";

describe("retryDelayMs", () => {
  it("caps the wait at 1 s, doubling up to 60 s, and waits the whole cap for a draw of 1", () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 100].map(retryCapMs)).toEqual([
      1_000, 2_000, 4_000, 8_000, 16_000, 32_000, 60_000, 60_000, 60_000,
    ]);
    expect([1, 2, 3, 7].map((n) => retryDelayMs(n, 1))).toEqual([1_000, 2_000, 4_000, 60_000]);
  });

  it("waits a draw's share of the cap (full jitter), never less than the floor nor more than the cap", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (n, draw) => {
          const delay = retryDelayMs(n, draw);
          expect(delay).toBeGreaterThanOrEqual(MIN_RETRY_MS);
          expect(delay).toBeLessThanOrEqual(retryCapMs(n));
          expect(delay).toBeLessThanOrEqual(MAX_RETRY_MS);
          expect(Math.abs(delay - Math.max(MIN_RETRY_MS, draw * retryCapMs(n)))).toBeLessThanOrEqual(0.5);
        },
      ),
    );
    expect(retryDelayMs(5, 0.5)).toBe(8_000);
    expect(retryDelayMs(1, 0)).toBe(MIN_RETRY_MS);
    expect(FIRST_RETRY_MS).toBe(1_000);
  });

  it("spreads the retries of many devices over the cap instead of bunching them at one moment", () => {
    const delays = Array.from({ length: 1_000 }, (_, i) => retryDelayMs(4, (i + 0.5) / 1_000));
    const buckets = [0, 0, 0, 0];
    for (const delay of delays) {
      const bucket = Math.min(3, Math.floor(delay / 2_000));
      buckets[bucket] = (buckets[bucket] ?? 0) + 1;
    }
    expect(buckets).toEqual([250, 250, 250, 250]);
  });
});

describe("waitsForServer", () => {
  it("is true of no answer and of a server away or not ready, not of an answer the server chose", () => {
    for (const status of [0, 502, 503, 504]) expect(waitsForServer(status)).toBe(true);
    for (const status of [null, -1, 400, 401, 408, 409, 424, 429, 500])
      expect(waitsForServer(status)).toBe(false);
  });
});

describe("classifyFailure", () => {
  const kind = (status: number, message = "x") =>
    classifyFailure(new ApiError(status, message, "server")).kind;

  it("retries when no answer arrived or the server is temporarily unable", () => {
    expect(classifyFailure(new ApiError(0, "fetch failed", "network"))).toEqual({
      kind: "retry",
      status: 0,
      message: "fetch failed",
    });
    for (const status of [408, 429, 500, 502, 503, 504]) expect(kind(status)).toBe("retry");
    expect(kind(409, "This request is already being processed.")).toBe("retry");
  });

  it("pauses on 401", () => {
    expect(kind(401)).toBe("pause");
  });

  it("fails other refusals with the server's message", () => {
    for (const status of [400, 403, 404, 409, 415, 422]) expect(kind(status)).toBe("failed");
    expect(classifyFailure(new ApiError(400, "Boss name is required", "server"))).toEqual({
      kind: "failed",
      status: 400,
      message: "Boss name is required",
    });
  });

  it("fails anything that is not an answer from the server instead of retrying it forever", () => {
    expect(classifyFailure(new TypeError("bad row"))).toEqual({
      kind: "failed",
      status: -1,
      message: "bad row",
    });
  });
});
