import { afterEach, describe, expect, it, vi } from "vitest";
import { dayOutOfRange, FIRST_DAY, lastDay } from "./day-range.ts";
import { createSpendingSchema, SPENT_ON_TOO_EARLY, SPENT_ON_TOO_LATE } from "./fund-spending.ts";
import { createMarketItemSchema, DATE_ACQUIRED_TOO_LATE, updateMarketItemSchema } from "./market.ts";
import { createPayoutSchema, PAYOUT_DATE_TOO_EARLY, PAYOUT_DATE_TOO_LATE } from "./payouts.ts";

const at = (iso: string) => Date.parse(iso);

afterEach(() => {
  vi.useRealTimers();
});

describe("the days the portal records", () => {
  it("end a year from today, by the UTC day of the clock that checks", () => {
    expect(lastDay(at("2026-11-28T00:00:00Z"))).toBe("2027-11-28");
    expect(lastDay(at("2026-11-28T23:59:59.999Z"))).toBe("2027-11-28");
    expect(lastDay(at("2026-12-31T12:00:00Z"))).toBe("2027-12-31");
    // 29 February has no day next year: the range ends on 1 March.
    expect(lastDay(at("2028-02-29T08:00:00Z"))).toBe("2029-03-01");
  });

  it("start on 2000-01-01", () => {
    const now = at("2026-11-28T10:00:00Z");
    expect(FIRST_DAY).toBe("2000-01-01");
    expect(dayOutOfRange("1999-12-31", now)).toBe("too-early");
    expect(dayOutOfRange("2000-01-01", now)).toBeNull();
    expect(dayOutOfRange("2027-11-28", now)).toBeNull();
    expect(dayOutOfRange("2027-11-29", now)).toBe("too-late");
    expect(dayOutOfRange("9999-12-31", now)).toBe("too-late");
  });

  it("are what the payout, spending and loot schemas take, with their own messages", () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(at("2026-11-28T10:00:00Z"));
    const payout = (paidOn: string) =>
      createPayoutSchema.safeParse({ memberId: 1, amount: "1.00", paidOn }).error?.issues[0]?.message;
    expect(payout("9999-12-31")).toBe(PAYOUT_DATE_TOO_LATE("2027-11-28"));
    expect(payout("9999-12-31")).toBe("Paid on cannot be after 2027-11-28, a year from today.");
    expect(payout("2027-11-29")).toBe(PAYOUT_DATE_TOO_LATE("2027-11-28"));
    expect(payout("1999-12-31")).toBe(PAYOUT_DATE_TOO_EARLY);
    expect(payout("2027-11-28")).toBeUndefined();
    expect(payout("2027-11-28T23:00:00-05:00")).toBeUndefined();

    const spending = (spentOn: string) =>
      createSpendingSchema.safeParse({ fund: "guild", amount: "1.00", purpose: "x", spentOn }).error
        ?.issues[0]?.message;
    expect(spending("9999-12-31")).toBe(SPENT_ON_TOO_LATE("2027-11-28"));
    expect(spending("1999-12-31")).toBe(SPENT_ON_TOO_EARLY);
    expect(spending("2000-01-01")).toBeUndefined();

    const loot = { lootName: "Fang", bossName: "Gravemaw", value: "1", participatedMembers: ["A"] };
    const item = (dateAcquired: string | null) =>
      createMarketItemSchema.safeParse({ ...loot, dateAcquired }).error?.issues[0]?.message;
    expect(item("9999-12-31")).toBe(DATE_ACQUIRED_TOO_LATE("2027-11-28"));
    expect(item("1999-12-31")).toBe("Date acquired cannot be before 2000-01-01.");
    expect(item(null)).toBeUndefined();
    // The base holds what the row held, which may predate the range.
    const update = updateMarketItemSchema.safeParse({
      id: 1,
      dateAcquired: "2026-11-01",
      base: { dateAcquired: "1990-05-05" },
    });
    expect(update.success).toBe(true);

    // The clock moves the range: tomorrow, a day more is in.
    vi.setSystemTime(at("2026-11-29T10:00:00Z"));
    expect(payout("2027-11-29")).toBeUndefined();
  });
});
