import { describe, expect, it } from "vitest";
import { countdownText } from "@web/lib/countdown-text.ts";
import { clockOffset, msLeft } from "./server-clock.ts";

describe("an auction's time left on the server's clock", () => {
  const serverNow = new Date("2026-11-29T21:03:00.000Z");
  const endsAt = new Date("2026-11-29T21:05:00.000Z");

  it("counts down the same on a phone whose clock is two minutes off either way", () => {
    for (const skew of [-120_000, 0, 120_000]) {
      const receivedAt = serverNow.getTime() + skew;
      const offset = clockOffset(serverNow, receivedAt);
      expect(countdownText(msLeft(endsAt, offset, receivedAt))).toBe("2:00");
      expect(countdownText(msLeft(endsAt, offset, receivedAt + 61_500))).toBe("0:59");
    }
  });

  it("stops at 0:00 once the end has passed, and shows hours when there are", () => {
    expect(countdownText(msLeft(endsAt, 0, endsAt.getTime() + 5_000))).toBe("0:00");
    expect(countdownText(3_725_000)).toBe("1:02:05");
    expect(countdownText(1)).toBe("0:01");
  });
});
