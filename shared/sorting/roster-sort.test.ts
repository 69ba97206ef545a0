import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readMoney } from "../money/money.ts";
import {
  categoryRank,
  compareRosterDefault,
  type RosterRow,
  type RosterSortColumn,
  sortRoster,
  sortRosterDefault,
} from "./roster-sort.ts";
import type { SortState } from "./sort-cycle.ts";

const row = (playerName: string, category: string, extra: Partial<RosterRow> = {}): RosterRow => ({
  playerName,
  category,
  attendance: 0,
  lootParticipation: 0,
  salary: "0.00",
  ...extra,
});
const names = (rows: readonly RosterRow[]) => rows.map((r) => r.playerName);

describe("categoryRank", () => {
  it("ranks Guild Master 1, Core 2, Members and anything else 3", () => {
    expect([
      categoryRank("Guild Master"),
      categoryRank("Core"),
      categoryRank("Members"),
      categoryRank(""),
    ]).toEqual([1, 2, 3, 3]);
  });
});

describe("default roster order", () => {
  it("orders by category, then player name ignoring case", () => {
    const rows = [
      row("zed", "Members"),
      row("Bob", "Core"),
      row("alice", "Members"),
      row("Yuri", "Guild Master"),
      row("anna", "Core"),
      row("Mallory", "Recruit"),
      row("Bert", "Members"),
    ];
    expect(names(sortRosterDefault(rows))).toEqual([
      "Yuri",
      "anna",
      "Bob",
      "alice",
      "Bert",
      "Mallory",
      "zed",
    ]);
  });

  it("does not change its input", () => {
    const rows = [row("b", "Members"), row("a", "Members")];
    sortRosterDefault(rows);
    expect(names(rows)).toEqual(["b", "a"]);
  });
});

describe("sortRoster by column", () => {
  const rows = [
    row("Carol", "Members", { attendance: 3, lootParticipation: 1, salary: "120.00" }),
    row("alice", "Members", { attendance: 5, lootParticipation: 1, salary: "245.00" }),
    row("Bob", "Core", { attendance: 3, lootParticipation: 2, salary: "245.00" }),
    row("Dave", "Guild Master", { attendance: 1, lootParticipation: 0, salary: "0" }),
  ];

  it("sorts attendance descending and ascending, ties in the default order", () => {
    expect(names(sortRoster(rows, { column: "attendance", direction: "desc" }))).toEqual([
      "alice",
      "Bob",
      "Carol",
      "Dave",
    ]);
    expect(names(sortRoster(rows, { column: "attendance", direction: "asc" }))).toEqual([
      "Dave",
      "Bob",
      "Carol",
      "alice",
    ]);
  });

  it("sorts loot participation", () => {
    expect(names(sortRoster(rows, { column: "lootParticipation", direction: "desc" }))).toEqual([
      "Bob",
      "alice",
      "Carol",
      "Dave",
    ]);
  });

  it("sorts salary, ties in the default order", () => {
    expect(names(sortRoster(rows, { column: "salary", direction: "desc" }))).toEqual([
      "Bob",
      "alice",
      "Carol",
      "Dave",
    ]);
    expect(names(sortRoster(rows, { column: "salary", direction: "asc" }))).toEqual([
      "Dave",
      "Carol",
      "Bob",
      "alice",
    ]);
  });

  it("compares salaries to the cent up to the largest amount the database holds", () => {
    const big = [
      row("a", "Members", { salary: "999999999999.98" }),
      row("b", "Members", { salary: "999999999999.99" }),
      row("c", "Members", { salary: "999999999999.980" }),
    ];
    expect(names(sortRoster(big, { column: "salary", direction: "desc" }))).toEqual(["b", "a", "c"]);
    // '999999999999.98' and '999999999999.980' are the same amount: a tie, default order.
    expect(names(sortRoster(big, { column: "salary", direction: "asc" }))).toEqual(["a", "c", "b"]);
  });

  it("treats '120.5' and '120.50' as equal and missing salaries as zero", () => {
    const rows2 = [row("b", "Members", { salary: "120.50" }), row("a", "Members", { salary: "120.5" })];
    expect(names(sortRoster(rows2, { column: "salary", direction: "desc" }))).toEqual(["a", "b"]);
    const rows3 = [row("b", "Members", { salary: "0.01" }), row("a", "Members", { salary: null })];
    expect(names(sortRoster(rows3, { column: "salary", direction: "asc" }))).toEqual(["a", "b"]);
  });

  it("sorts the final salary column by the final amount when set, else the salary", () => {
    const kicked = [
      row("a", "Members", { salary: "500.00", finalSalaryAmount: "10.00" }),
      row("b", "Members", { salary: "50.00", finalSalaryAmount: null }),
      row("c", "Members", { salary: "20.00" }),
      row("d", "Members", { salary: "1.00", finalSalaryAmount: "0" }),
    ];
    expect(names(sortRoster(kicked, { column: "finalSalary", direction: "desc" }))).toEqual([
      "b",
      "c",
      "a",
      "d",
    ]);
  });

  it("uses the default order without a sort", () => {
    expect(names(sortRoster(rows, null))).toEqual(["Dave", "Bob", "alice", "Carol"]);
  });
});

describe("sortRoster properties", () => {
  const categoryArb = fc.constantFrom("Guild Master", "Core", "Members");
  const salaryArb = fc.oneof(
    fc.bigInt({ min: 0n, max: 10n ** 15n }).map((c) => `${c / 100n}.${String(c % 100n).padStart(2, "0")}`),
    fc.constantFrom("0", "10.5", "10.50", null),
  );
  const rowArb = (playerName: string) =>
    fc.record({
      playerName: fc.constant(playerName),
      category: categoryArb,
      attendance: fc.nat({ max: 5 }),
      lootParticipation: fc.nat({ max: 5 }),
      salary: salaryArb,
      finalSalaryAmount: fc.option(salaryArb, { nil: undefined }),
    });
  // Player names are unique regardless of case, as in the database.
  const rowsArb = fc
    .uniqueArray(fc.string({ minLength: 1, maxLength: 5 }), {
      selector: (s) => s.toLowerCase(),
      maxLength: 12,
    })
    .chain((unique) => fc.tuple(...unique.map(rowArb)));
  const sortArb: fc.Arbitrary<SortState<RosterSortColumn>> = fc.option(
    fc.record({
      column: fc.constantFrom<RosterSortColumn>("attendance", "lootParticipation", "salary", "finalSalary"),
      direction: fc.constantFrom("asc" as const, "desc" as const),
    }),
    { nil: null },
  );

  it("is a permutation, idempotent, and independent of the input order", () => {
    fc.assert(
      fc.property(
        rowsArb.chain((rows) =>
          fc.tuple(fc.constant(rows), fc.shuffledSubarray(rows, { minLength: rows.length })),
        ),
        sortArb,
        ([rows, shuffled], sort) => {
          const sorted = sortRoster(rows, sort);
          expect([...sorted].sort(compareRosterDefault)).toEqual(sortRosterDefault(rows));
          expect(sorted).toHaveLength(rows.length);
          expect(sortRoster(sorted, sort)).toEqual(sorted);
          expect(sortRoster(shuffled, sort)).toEqual(sorted);
        },
      ),
    );
  });

  it("orders by the column, then by the default order", () => {
    fc.assert(
      fc.property(rowsArb, sortArb, (rows, sort) => {
        const sorted = sortRoster(rows, sort);
        for (let i = 1; i < sorted.length; i++) {
          const [a, b] = [sorted[i - 1] as RosterRow, sorted[i] as RosterRow];
          if (sort !== null) {
            const value = (r: RosterRow) =>
              sort.column === "attendance"
                ? r.attendance
                : sort.column === "lootParticipation"
                  ? r.lootParticipation
                  : sort.column === "salary"
                    ? (readMoney(r.salary) ?? 0)
                    : (readMoney(r.finalSalaryAmount) ?? readMoney(r.salary) ?? 0);
            const [va, vb] = [value(a), value(b)];
            if (va !== vb) {
              expect(sort.direction === "desc" ? va > vb : va < vb).toBe(true);
              continue;
            }
          }
          expect(compareRosterDefault(a, b)).toBeLessThan(0);
        }
      }),
    );
  });

  it("keeps rows that compare equal in their input order (stable)", () => {
    fc.assert(
      fc.property(fc.array(fc.nat({ max: 3 }), { maxLength: 15 }), (attendances) => {
        // Same name and category on every row: only attendance tells them apart.
        const rows = attendances.map((attendance, index) => ({
          ...row("Same", "Core", { attendance }),
          index,
        }));
        const sorted = sortRoster(rows, { column: "attendance", direction: "desc" });
        for (let i = 1; i < sorted.length; i++) {
          const [a, b] = [sorted[i - 1], sorted[i]];
          if (a && b && a.attendance === b.attendance) expect(a.index).toBeLessThan(b.index);
        }
      }),
    );
  });
});
