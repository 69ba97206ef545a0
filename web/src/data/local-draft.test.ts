import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { sameValue } from "./local-draft.ts";

const storedValue = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: "small" },
    fc.constant(null),
    fc.boolean(),
    fc.integer(),
    fc.string(),
    fc.date({ noInvalidDate: true }),
    fc.array(tie("value"), { maxLength: 4 }),
    fc.dictionary(fc.string({ maxLength: 6 }), tie("value"), { maxKeys: 4 }),
  ),
})).value;

describe("sameValue (which pulled rows need writing)", () => {
  it("a row equals its structured clone (what IndexedDB gives back)", () => {
    fc.assert(fc.property(storedValue, (value) => sameValue(value, structuredClone(value))));
  });

  it("tells rows apart that differ in one field, a date, a missing key or array-ness", () => {
    const row = { id: 1, playerName: "Corvin", kickedDate: new Date(0), tags: ["a"] };
    expect(sameValue(row, { ...row, playerName: "Corvin " })).toBe(false);
    expect(sameValue(row, { ...row, kickedDate: new Date(1) })).toBe(false);
    expect(sameValue(row, { ...row, kickedDate: 0 })).toBe(false);
    expect(sameValue({ ...row, extra: undefined }, row)).toBe(false);
    expect(sameValue({ 0: "a" }, ["a"])).toBe(false);
    expect(sameValue(row, { ...row, tags: ["a"] })).toBe(true);
  });
});
