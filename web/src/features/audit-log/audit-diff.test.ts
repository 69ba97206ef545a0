import { describe, expect, it } from "vitest";
import { actionLabel, auditChanges, entityLabel, fieldLabel, formatAuditValue } from "./audit-diff.ts";

describe("auditChanges", () => {
  it("lists only the changed fields of an update, before and after", () => {
    const before = { id: 3, playerName: "Aria", category: "Members", salary: "10.00", tags: ["a"] };
    const after = { id: 3, playerName: "Aria", category: "Core", salary: "12.50", tags: ["a", "b"] };
    expect(auditChanges(before, after)).toEqual([
      { field: "category", label: "Category", before: "Members", after: "Core" },
      { field: "salary", label: "Salary", before: "10.00 USDT", after: "12.50 USDT" },
      { field: "tags", label: "Tags", before: "a", after: "a, b" },
    ]);
  });

  it("shows every field of a create with nothing before, and of a delete with nothing after", () => {
    // Empty fields of a create are left out; naming fields lead.
    expect(
      auditChanges(null, {
        id: 4,
        role: "user",
        avatarUrl: null,
        displayName: "New",
        email: "new@guild.test",
      }),
    ).toEqual([
      { field: "displayName", label: "Display name", before: null, after: "New" },
      { field: "email", label: "Email", before: null, after: "new@guild.test" },
      { field: "role", label: "Role", before: null, after: "user" },
    ]);
    // Its id and timestamps are the entry's own (its History button, its time).
    expect(
      auditChanges(
        { id: 4, value: "1.00", updatedAt: "2026-11-22T20:01:37.528Z" },
        { id: 4, value: "2.00", updatedAt: "2026-11-23T20:01:37.528Z" },
      ).map((change) => change.field),
    ).toEqual(["value"]);
    expect(auditChanges({ name: "Duskwing" }, null)).toEqual([
      { field: "name", label: "Name", before: "Duskwing", after: null },
    ]);
  });

  it("a field added by the update (a password reset) shows as new", () => {
    expect(auditChanges({ role: "user" }, { role: "user", passwordReset: true })).toEqual([
      { field: "passwordReset", label: "Password reset", before: "—", after: "true" },
    ]);
  });

  it("treats values that are not objects as one 'Value' row, and nothing as no rows", () => {
    expect(auditChanges([1, 2], [1, 2, 3])).toEqual([
      { field: "value", label: "Value", before: "[1,2]", after: "[1,2,3]" },
    ]);
    expect(auditChanges(null, undefined)).toEqual([]);
    expect(auditChanges({ a: 1 }, { a: 1 })).toEqual([]);
  });
});

describe("labels and values", () => {
  it("reads entity, action and field names as words", () => {
    expect(entityLabel("guild_member")).toBe("Guild member");
    expect(entityLabel("write_probe")).toBe("Write probe");
    expect(actionLabel("mark_paid")).toBe("Mark paid");
    expect(actionLabel("reset_all")).toBe("Reset all");
    expect(fieldLabel("respawn_time_hours")).toBe("Respawn time hours");
    expect(fieldLabel("dateAcquired")).toBe("Date acquired");
  });

  it("shows amounts grouped in USDT, names as a list, days in the app's date format", () => {
    expect(formatAuditValue("1350.00", null, "value")).toBe("1,350.00 USDT");
    expect(formatAuditValue(1425, null, "value")).toBe("1,425.00 USDT");
    expect(formatAuditValue("5287.06", null, "salary")).toBe("5,287.06 USDT");
    expect(formatAuditValue("not money", null, "value")).toBe("not money");
    expect(formatAuditValue("1350.00", null, "lootName")).toBe("1350.00");
    expect(formatAuditValue('["Aria","Stormhollow"]', null, "participatedMembers")).toBe("Aria, Stormhollow");
    expect(formatAuditValue("Aria, Bram", null, "participatedMembers")).toBe("Aria, Bram");
    expect(formatAuditValue(["Aria", "Bram"])).toBe("Aria, Bram");
    expect(auditChanges({ value: "1350.00" }, { value: "1425.00" })).toEqual([
      { field: "value", label: "Value", before: "1,350.00 USDT", after: "1,425.00 USDT" },
    ]);
  });

  it("formats stored values and cuts long ones", () => {
    expect(formatAuditValue(null)).toBe("—");
    expect(formatAuditValue("")).toBe("—");
    expect(formatAuditValue(false)).toBe("false");
    expect(formatAuditValue(12.5)).toBe("12.5");
    expect(formatAuditValue({ x: 1 })).toBe('{"x":1}');
    expect(formatAuditValue("2026-11-22T20:01:37.528Z", "UTC")).toBe("Nov 22, 2026 at 8:01 PM");
    expect(formatAuditValue("2026-11-22")).toBe("Nov 22, 2026");
    expect(formatAuditValue("x".repeat(300))).toHaveLength(300);
    expect(formatAuditValue(["y".repeat(300)])).toHaveLength(201);
  });
});
