import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { moneyCentsField, moneyMessages } from "../schemas/market.ts";
import { moneyText, parseMoney } from "./money.ts";
import { beyondRangeMessage, MAX_MONEY_CENTS, MONEY_LIMIT_TEXT, roomLeft, totalText } from "./money-range.ts";

describe("the money range", () => {
  it("is what numeric(14,2) holds, and the money fields take exactly up to it", () => {
    expect(moneyText(MAX_MONEY_CENTS)).toBe("999999999999.99");
    expect(MONEY_LIMIT_TEXT).toBe("999,999,999,999.99 USDT");
    const field = moneyCentsField(moneyMessages("Value"));
    expect(field.safeParse("999999999999.99").data).toBe(MAX_MONEY_CENTS);
    expect(field.safeParse("1000000000000").error?.issues[0]?.message).toBe(
      "Value cannot exceed 999999999999.99.",
    );
  });

  it("leaves room for exactly what keeps a total within it", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: MAX_MONEY_CENTS }),
        fc.integer({ min: 1, max: MAX_MONEY_CENTS }),
        (total, amount) => {
          expect(amount <= roomLeft(total)).toBe(total + amount <= MAX_MONEY_CENTS);
        },
      ),
    );
    expect(roomLeft(MAX_MONEY_CENTS)).toBe(0);
    expect(roomLeft(MAX_MONEY_CENTS + 5)).toBe(0);
    // A total beyond what cents hold (older data) has no room at all.
    expect(roomLeft(null)).toBe(0);
  });

  it("prints totals, and one beyond what cents hold as more than the limit", () => {
    expect(totalText(123_450)).toBe("1,234.50 USDT");
    expect(totalText("89999999999999.10")).toBe("89,999,999,999,999.10 USDT");
    expect(totalText("90999999999999.09")).toBe("more than 999,999,999,999.99 USDT");
    expect(() => parseMoney("90999999999999.09")).toThrow(RangeError);
  });

  it("says what would go beyond, the total now and the most that can be added", () => {
    expect(beyondRangeMessage("Paying 2.00 USDT", "the total paid to Aldric", "999999999998.99")).toBe(
      "Paying 2.00 USDT would take the total paid to Aldric beyond 999,999,999,999.99 USDT, the most the " +
        "portal can hold. It is 999,999,999,998.99 USDT: at most 1.00 USDT more can be added.",
    );
    expect(beyondRangeMessage("Spending 1.00 USDT", "what the guild fund has spent", null)).toMatch(
      /It is more than 999,999,999,999\.99 USDT: at most 0\.00 USDT more can be added\.$/,
    );
  });
});
