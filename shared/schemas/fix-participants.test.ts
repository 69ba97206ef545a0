import { describe, expect, it } from "vitest";
import { differencesMessage, NOTHING_DIFFERED } from "./fix-participants.ts";

const salary = (id: number) => ({ id, playerName: `P${id}`, from: "1.00", to: "2.00" });

describe("what a full recalculation corrected", () => {
  it.each([
    [[], [], NOTHING_DIFFERED],
    [[7], [], "Corrected 1 item and 0 salaries that differed from the full recalculation."],
    [[], [salary(1)], "Corrected 0 items and 1 salary that differed from the full recalculation."],
    [
      Array.from({ length: 1200 }, (_, i) => i),
      [salary(1), salary(2)],
      "Corrected 1,200 items and 2 salaries that differed from the full recalculation.",
    ],
  ])("items %j and salaries %j: %s", (itemIds, salaries, message) => {
    expect(differencesMessage({ itemIds, salaries })).toBe(message);
  });
});
