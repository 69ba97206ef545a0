import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { participationCounter } from "./participation-count.ts";

describe("participationCounter", () => {
  it("counts the lists that include each member", () => {
    const count = participationCounter([["Alice", "Bob"], ["alice"], ["Carol", "Bob", "ALICE"], []]);
    expect(count("Alice")).toBe(3);
    expect(count("Bob")).toBe(2);
    expect(count("Carol")).toBe(1);
    expect(count("Dave")).toBe(0);
  });

  it("counts a name once per list, ignoring case and surrounding spaces", () => {
    const count = participationCounter([["Alice", " alice ", "ALICE"]]);
    expect(count("alice")).toBe(1);
  });

  it("ignores empty names", () => {
    expect(participationCounter([["", "  "]])("")).toBe(0);
  });

  it("counts Sold items only when given only Sold items (Loot Participation)", () => {
    const items = [
      { status: "Sold", participants: ["Alice"] },
      { status: "Pending", participants: ["Alice", "Bob"] },
    ];
    const attendance = participationCounter(items.map((item) => item.participants));
    const loot = participationCounter(items.filter((i) => i.status === "Sold").map((i) => i.participants));
    expect([attendance("Alice"), loot("Alice"), attendance("Bob"), loot("Bob")]).toEqual([2, 1, 1, 0]);
  });

  it("matches a direct count for every member", () => {
    const names = ["Alice", "Bob", "Carol", "Dave"];
    fc.assert(
      fc.property(fc.array(fc.subarray(names)), (lists) => {
        const count = participationCounter(lists);
        for (const name of names) {
          expect(count(name)).toBe(lists.filter((list) => list.includes(name)).length);
        }
      }),
    );
  });
});
