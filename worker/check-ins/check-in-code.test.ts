// A check-in's code (decision 079): 6 characters, only from the alphabet without lookalikes, every one of them used.
import { describe, expect, it } from "vitest";
import { CHECK_IN_CODE_ALPHABET, checkInCodeField } from "@shared/schemas/check-ins.ts";
import { newCheckInCode } from "./check-in-code.ts";

describe("newCheckInCode", () => {
  it("draws 6 characters of the alphabet, never 0, O, 1, I or L, and every character of it in time", () => {
    const codes = Array.from({ length: 2_000 }, newCheckInCode);
    for (const code of codes) expect(code).toMatch(new RegExp(`^[${CHECK_IN_CODE_ALPHABET}]{6}$`));
    const seen = new Set(codes.join(""));
    expect([...seen].sort().join("")).toBe([...CHECK_IN_CODE_ALPHABET].sort().join(""));
    for (const lookalike of "0O1IL") expect(seen.has(lookalike)).toBe(false);
    expect(new Set(codes).size).toBeGreaterThan(1_990);
  });

  it("is read as people type it: any case, with spaces or a dash", () => {
    expect(checkInCodeField.parse(" abc-234 ")).toBe("ABC234");
    expect(checkInCodeField.safeParse("ABC23O").success).toBe(false);
    expect(checkInCodeField.safeParse("ABC2345").success).toBe(false);
  });
});
