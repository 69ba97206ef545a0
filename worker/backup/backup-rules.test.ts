/**
 * The pieces of the restore's check that must hold for any file, however hostile (docs/decisions/054): nesting is
 * measured without recursion, and a file nested far deeper than the corpus's 1,000 levels is refused, not a crash.
 */
import { describe, expect, it } from "vitest";
import { MAX_LISTED_PROBLEMS, ProblemList, parseBackup } from "@shared/schemas/backup.ts";
import { jsonDepth } from "./backup-rules.ts";

describe("jsonDepth", () => {
  it("measures a million levels without recursion, and ignores brackets inside strings", () => {
    const deep = `${"[".repeat(1_000_000)}${"]".repeat(1_000_000)}`;
    expect(jsonDepth(deep)).toBe(1_000_000);
    expect(jsonDepth('{"a":"[[[{{\\"]]"}')).toBe(1);
    expect(jsonDepth('[{"a":[1,{"b":2}]}]')).toBe(4);
    expect(jsonDepth('"plain"')).toBe(0);
  });
});

describe("parseBackup", () => {
  it("refuses a file nested a million levels deep with a reason, never a stack overflow", () => {
    const file = `{"format":"guild-portal-backup","version":1,"schema":11,"createdAt":"","guild":"G","tables":{"deep":${'{"a":'.repeat(1_000_000)}1${"}".repeat(1_000_000)}}}`;
    const parsed = parseBackup(file);
    expect(parsed).toMatchObject({
      ok: false,
      message: "This backup is damaged: table deep: it has no columns or rows.",
      refusal: {
        problems: [{ table: "deep", key: null, reason: "it has no columns or rows." }],
        problemCount: 1,
      },
    });
  });

  it("lists every row that lacks a value, by its number", () => {
    const rows = [["1", "a"], ["2"], ["3", "c", "extra"]];
    const parsed = parseBackup(
      JSON.stringify({
        format: "guild-portal-backup",
        version: 1,
        schema: 11,
        createdAt: "",
        guild: "G",
        tables: { boss_names: { columns: ["id", "name"], rows } },
      }),
    );
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.refusal?.problems).toEqual([
      { table: "boss_names", key: "row 2", reason: "it has 1 value for 2 columns." },
      { table: "boss_names", key: "row 3", reason: "it has 3 values for 2 columns." },
    ]);
    expect(parsed.message).toBe(
      "This backup is damaged: 2 problems, so nothing was restored. The first: table boss_names, row 2: it has 1 value for 2 columns.",
    );
  });
});

describe("ProblemList", () => {
  it("keeps the first problems of each table in row order and counts them all", () => {
    const list = new ProblemList();
    for (let row = 999; row >= 0; row--)
      list.add({ table: "payouts", key: `id ${row}`, reason: "x" }, 7, row);
    list.add({ table: "guild_members", key: "id 1", reason: "y" }, 0, 5);
    const refusal = list.refusal();
    expect(refusal.problemCount).toBe(1001);
    expect(refusal.problems).toHaveLength(MAX_LISTED_PROBLEMS);
    expect(refusal.problems[0]).toEqual({ table: "guild_members", key: "id 1", reason: "y" });
    expect(refusal.problems[1]?.table).toBe("payouts");
  });
});
