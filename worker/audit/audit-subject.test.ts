import { describe, expect, it } from "vitest";
import { auditSubject } from "./audit-subject.ts";

describe("auditSubject", () => {
  it("names an entry after its item, member, account or boss, the new name first", () => {
    expect(
      auditSubject({ entity: "market_item", after: { lootName: "Dragon Scale", bossName: "Duskwing" } }),
    ).toBe("Dragon Scale");
    expect(
      auditSubject({ entity: "guild_member", before: { playerName: "Aria" }, after: { playerName: "Arya" } }),
    ).toBe("Arya");
    expect(auditSubject({ entity: "guild_member", before: { playerName: "Gone" } })).toBe("Gone");
    expect(auditSubject({ entity: "account", after: { displayName: "Officer Kel", email: "k@x" } })).toBe(
      "Officer Kel",
    );
    expect(auditSubject({ entity: "attendance_record", after: { bossName: "Duskwing" } })).toBe("Duskwing");
    expect(auditSubject({ entity: "boss_timer", entityId: "Venatus", before: null })).toBe("Venatus");
  });

  it("has no name for entries without one (a recalculation, a list) and cuts long names", () => {
    expect(auditSubject({ entity: "salaries", after: { changedSalaries: [] } })).toBeNull();
    expect(auditSubject({ entity: "market_item", before: [{ id: 1 }] })).toBeNull();
    expect(auditSubject({ entity: "market_item", after: { lootName: "  " } })).toBeNull();
    expect(auditSubject({ entity: "market_item", after: { lootName: "x".repeat(300) } })).toHaveLength(200);
  });
});
