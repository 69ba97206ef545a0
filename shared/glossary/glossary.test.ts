import { describe, expect, it } from "vitest";
import { countOf, formatCount, rosterSubtitle, signedMoney } from "./glossary.ts";

describe("counts and signed amounts", () => {
  it("agrees in number and groups thousands", () => {
    expect(countOf(1, "item")).toBe("1 item");
    expect(countOf(0, "item")).toBe("0 items");
    expect(countOf(2, "salary", "salaries")).toBe("2 salaries");
    expect(countOf(1234, "item")).toBe("1,234 items");
    expect(formatCount(1_000_000)).toBe("1,000,000");
  });

  it("signs amounts that grew, in USDT with separators", () => {
    expect(signedMoney(32_000)).toBe("+320.00 USDT");
    expect(signedMoney(-123_456)).toBe("-1,234.56 USDT");
    expect(signedMoney(0)).toBe("0.00 USDT");
  });
});

describe("rosterSubtitle", () => {
  it("says 'guild' once, whatever the brand", () => {
    expect(rosterSubtitle("Iron Vanguard")).toBe("Meet the members of the Iron Vanguard guild.");
    expect(rosterSubtitle("Iron Vanguard Guild")).toBe("Meet the members of the Iron Vanguard Guild.");
    expect(rosterSubtitle("Night Guild ")).toBe("Meet the members of the Night Guild.");
    expect(rosterSubtitle("Guildhall")).toBe("Meet the members of the Guildhall guild.");
  });
});
