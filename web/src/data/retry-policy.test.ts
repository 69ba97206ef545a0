import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ApiError } from "../lib/api-client.ts";
import { classifyFailure, FIRST_RETRY_MS, MAX_RETRY_MS, retryDelayMs } from "./retry-policy.ts";

describe("retryDelayMs", () => {
  it("doubles from 1 s and stops at 60 s", () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 100].map(retryDelayMs)).toEqual([
      1_000, 2_000, 4_000, 8_000, 16_000, 32_000, 60_000, 60_000, 60_000,
    ]);
  });

  it("never shrinks from one attempt to the next and stays within bounds", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000 }), (attempts) => {
        const delay = retryDelayMs(attempts);
        expect(delay).toBeGreaterThanOrEqual(FIRST_RETRY_MS);
        expect(delay).toBeLessThanOrEqual(MAX_RETRY_MS);
        expect(retryDelayMs(attempts + 1)).toBeGreaterThanOrEqual(delay);
      }),
    );
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
