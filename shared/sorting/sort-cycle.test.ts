import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ariaSort, nextSortState, type SortState } from "./sort-cycle.ts";

type Column = "attendance" | "lootParticipation" | "salary";
const COLUMNS: readonly Column[] = ["attendance", "lootParticipation", "salary"];

describe("nextSortState", () => {
  it("cycles default -> descending -> ascending -> default", () => {
    let state: SortState<Column> = null;
    state = nextSortState(state, "salary");
    expect(state).toEqual({ column: "salary", direction: "desc" });
    state = nextSortState(state, "salary");
    expect(state).toEqual({ column: "salary", direction: "asc" });
    state = nextSortState(state, "salary");
    expect(state).toBeNull();
  });

  it("starts another column at descending, from any state", () => {
    expect(nextSortState<Column>({ column: "salary", direction: "asc" }, "attendance")).toEqual({
      column: "attendance",
      direction: "desc",
    });
    expect(nextSortState<Column>({ column: "salary", direction: "desc" }, "lootParticipation")).toEqual({
      column: "lootParticipation",
      direction: "desc",
    });
  });

  it("repeats default, descending, ascending with period 3 whatever the state before", () => {
    const state = fc.option(
      fc.record({
        column: fc.constantFrom(...COLUMNS),
        direction: fc.constantFrom("asc" as const, "desc" as const),
      }),
      { nil: null },
    );
    fc.assert(
      fc.property(state, fc.constantFrom(...COLUMNS), (start, column) => {
        const states: SortState<Column>[] = [];
        let current = start;
        for (let click = 0; click < 6; click++) {
          current = nextSortState(current, column);
          states.push(current);
        }
        expect(states.slice(3)).toEqual(states.slice(0, 3));
        const directions = states.slice(0, 3).map((s) => (s === null ? "default" : s.direction));
        expect([...directions].sort()).toEqual(["asc", "default", "desc"]);
        expect(states.every((s) => s === null || s.column === column)).toBe(true);
      }),
    );
  });
});

describe("ariaSort", () => {
  it("describes each header", () => {
    const state: SortState<Column> = { column: "salary", direction: "desc" };
    expect(ariaSort(state, "salary")).toBe("descending");
    expect(ariaSort(state, "attendance")).toBe("none");
    expect(ariaSort<Column>({ column: "salary", direction: "asc" }, "salary")).toBe("ascending");
    expect(ariaSort<Column>(null, "salary")).toBe("none");
  });
});
