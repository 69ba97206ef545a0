import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  baseProblem,
  changedFields,
  foldName,
  MARKET_FIELD_RULES,
  MEMBER_FIELD_RULES,
  mergeField,
  mergeNames,
  planMerge,
  sameValue,
} from "./field-merge.ts";
import { conflictMessage, readWriteConflict, shownValue, UNNAMED_REF } from "./write-conflict.ts";

describe("sameValue", () => {
  it("compares money as exact cents, whatever the spelling", () => {
    expect(sameValue("money", "3200.00", 320000)).toBe(true);
    expect(sameValue("money", "3200.5", "3200.50")).toBe(true);
    expect(sameValue("money", "3200.00", "3200.01")).toBe(false);
    expect(sameValue("money", "not money", 0)).toBe(false);
  });
  it("compares names after NFC and trimming, letter case counting", () => {
    expect(sameValue("name", " Cafe\u0301 ", "Café")).toBe(true);
    expect(sameValue("name", "ashvale", "Ashvale")).toBe(false);
  });
  it("compares days, instants, lists as sets and absent values", () => {
    expect(sameValue("day", "2026-11-15", "2026-11-15T00:00:00.000Z")).toBe(true);
    expect(sameValue("day", null, "2026-11-15")).toBe(false);
    expect(sameValue("instant", new Date("2026-11-15T12:00:00Z"), "2026-11-15T12:00:00.000Z")).toBe(true);
    expect(sameValue("names", '["Aldric","Brina"]', ["brina", "ALDRIC"])).toBe(true);
    expect(sameValue("ref", null, undefined)).toBe(true);
  });
});

describe("mergeField", () => {
  it("applies a change to a field nobody else changed, skips one already made, refuses one changed since", () => {
    expect(mergeField("choice", "Members", "Members", "Core")).toEqual({ kind: "apply", value: "Core" });
    expect(mergeField("choice", "Core", "Members", "Core")).toEqual({ kind: "same" });
    expect(mergeField("choice", "Guild Master", "Members", "Core")).toEqual({ kind: "conflict" });
    expect(mergeField("money", "3500.00", "3200.00", 320100)).toEqual({ kind: "conflict" });
  });
  it("merges participant lists as sets and conflicts only when the list would end empty", () => {
    expect(
      mergeField("names", ["Aldric", "Brina", "Dagny"], ["Aldric", "Brina"], ["Aldric", "Corvin"]),
    ).toEqual({
      kind: "apply",
      value: ["Aldric", "Dagny", "Corvin"],
    });
    expect(mergeField("names", ["Brina"], ["Aldric", "Brina"], ["Aldric"])).toEqual({ kind: "conflict" });
  });
});

const name = fc.constantFrom("Aldric", "Brina", "Corvin", "Dagny", "Eir", "brina", "aldric");
const list = fc.uniqueArray(name, { selector: foldName, maxLength: 5 });

describe("mergeNames (property)", () => {
  it("keeps what mine added, drops what mine removed, and leaves the rest of the current list alone", () => {
    fc.assert(
      fc.property(list, list, list, (current, base, mine) => {
        const merged = new Set(mergeNames(current, base, mine).map(foldName));
        const b = new Set(base.map(foldName));
        const m = new Set(mine.map(foldName));
        for (const n of m) if (!b.has(n)) expect(merged.has(n)).toBe(true);
        for (const n of b) if (!m.has(n)) expect(merged.has(n)).toBe(false);
        for (const n of current.map(foldName)) if (b.has(n) === m.has(n)) expect(merged.has(n)).toBe(true);
      }),
    );
  });
  it("gives mine when nobody else changed the list", () => {
    fc.assert(
      fc.property(list, list, (base, mine) => {
        expect(sameValue("names", mergeNames(base, base, mine), mine)).toBe(true);
      }),
    );
  });
});

describe("planMerge and changedFields", () => {
  it("plans the fields to write and the conflicts of a member update", () => {
    const current = { playerName: "Stormhollow", category: "Core", mainMemberId: null, playerAlias: null };
    const plan = planMerge(
      MEMBER_FIELD_RULES,
      current,
      { playerName: "Stormhallow", category: "Guild Master" },
      { playerName: "Stormhollow", category: "Members" },
    );
    expect(plan).toEqual({ changes: { playerName: "Stormhallow" }, conflicts: ["category"] });
  });
  it("sends only the changed fields of a form, each with the value it was opened with", () => {
    const opened = {
      lootName: "Blade",
      value: "3200.00",
      status: "Pending",
      participatedMembers: '["A","B"]',
    };
    expect(
      changedFields(MARKET_FIELD_RULES, opened, {
        lootName: "Blade",
        value: "3200.0",
        status: "Sold",
        participatedMembers: ["b", "a"],
      }),
    ).toEqual({ changes: { status: "Sold" }, base: { status: "Pending" } });
  });
  it("says when a base does not fit the changed fields", () => {
    expect(baseProblem(MEMBER_FIELD_RULES, { id: 1, category: "Core", base: { category: "Members" } })).toBe(
      undefined,
    );
    expect(baseProblem(MEMBER_FIELD_RULES, { id: 1, category: "Core", base: {} })).toMatch(/base\.category/);
    expect(baseProblem(MEMBER_FIELD_RULES, { id: 1, base: { category: "Core" } })).toMatch(
      /not being changed/,
    );
  });
});

describe("the conflict sentence", () => {
  it("says what was changed to what, by whom", () => {
    const conflict = {
      entity: "guild_member" as const,
      id: 7,
      subject: "Stormhollow",
      current: {},
      fields: [
        {
          field: "category",
          base: "Members",
          yours: "Guild Master",
          theirs: "Core",
          changedBy: "B",
          changedAt: null,
        },
        { field: "playerName", base: "S", yours: "T", theirs: "U", changedBy: null, changedAt: null },
      ],
    };
    expect(conflictMessage(conflict)).toBe(
      "Stormhollow's category was changed to Core by B while you were offline. Stormhollow's name was changed to U while you were offline.",
    );
    expect(readWriteConflict({ error: "x", conflict })).toBe(conflict);
    expect(readWriteConflict({ error: "x" })).toBeUndefined();
    const money = { ...conflict, entity: "market_item" as const, subject: "Blade" };
    money.fields = [
      { field: "value", base: "1", yours: "2", theirs: "3500.5", changedBy: "A", changedAt: null },
    ];
    expect(conflictMessage(money)).toBe(
      "The value of Blade was changed to 3,500.50 USDT by A while you were offline.",
    );
  });

  it("names the members a reference holds, never their ids (decision 058)", () => {
    const field = {
      field: "mainMemberId",
      base: 25,
      yours: null,
      theirs: 31,
      changedBy: "B",
      changedAt: null,
    };
    const conflict = {
      entity: "guild_member" as const,
      id: 7,
      subject: "Corvin",
      current: {},
      fields: [field],
      names: { "25": "Aldric", "31": "Brina" },
    };
    expect(conflictMessage(conflict)).toBe(
      "Corvin's main character was changed to Brina by B while you were offline.",
    );
    expect(shownValue(conflict, field, "base")).toBe("Aldric");
    expect(shownValue(conflict, field, "yours")).toBe("none");
    // An answer without names (an older server) never shows the id either.
    const { names: _, ...unnamed } = conflict;
    expect(conflictMessage(unnamed)).toBe(
      `Corvin's main character was changed to ${UNNAMED_REF} by B while you were offline.`,
    );
    expect(conflictMessage(unnamed)).not.toMatch(/25|31|#/);
  });
});
