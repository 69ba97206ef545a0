import { describe, expect, it } from "vitest";
import { auditHeadline, auditSummary } from "./audit-summary.ts";

const salary = (playerName: string, from: string, to: string) => ({ id: 1, playerName, from, to });

describe("auditSummary", () => {
  it("sums up a recalculation: salaries changed and how each fund moved, instead of its JSON", () => {
    const changedSalaries = Array.from({ length: 12 }, (_, i) => salary(`Raider ${i}`, "100.00", "1250.50"));
    const summary = auditSummary({
      action: "recalculate",
      entity: "salaries",
      before: { funds: { reservedGuildFunds: "1000.00", adminFund: "160.00" } },
      after: { funds: { reservedGuildFunds: "1320.00", adminFund: "160.00" }, changedSalaries },
    });
    expect(summary?.text).toBe("12 salaries changed, guild fund +320.00 USDT");
    expect(summary?.salaries[0]).toEqual({
      playerName: "Raider 0",
      from: "100.00 USDT",
      to: "1,250.50 USDT",
    });
  });

  it("agrees in number, signs a fund that shrank and groups thousands", () => {
    expect(
      auditSummary({
        action: "recalculate",
        entity: "salaries",
        before: { funds: { reservedGuildFunds: "5000.00", adminFund: "2500.00" } },
        after: {
          funds: { reservedGuildFunds: "3765.44", adminFund: "2500.10" },
          changedSalaries: [salary("Aria", "1.00", "2.00")],
        },
      })?.text,
    ).toBe("1 salary changed, guild fund -1,234.56 USDT, admin fund +0.10 USDT");
  });

  it("sums up a full recalculation, an import, a participant reset and a renaming", () => {
    expect(
      auditSummary({
        action: "recalculate_all",
        entity: "salaries",
        before: null,
        after: {
          changedSalaries: 0,
          differingItems: 1,
          funds: { totalGuildFund: "12345.00", totalAdminFund: "160.00" },
        },
      })?.text,
    ).toBe(
      "0 salaries changed, 1 item distributed differently, guild fund 12,345.00 USDT, admin fund 160.00 USDT",
    );
    expect(
      auditSummary({
        action: "import",
        entity: "market_item",
        before: null,
        after: { insertedCount: 1200, firstId: 1, lastId: 1200, soldCount: 900 },
      })?.text,
    ).toBe("1,200 items, 900 sold imported");
    expect(
      auditSummary({
        action: "reset_participants",
        entity: "market_item",
        before: [{ id: 4 }],
        after: { resetItemIds: [4], participatedMembers: "" },
      })?.text,
    ).toBe("Participants cleared on 1 item");
    expect(
      auditSummary({
        action: "rewrite_participants",
        entity: "guild_member",
        before: null,
        after: { marketItemIds: [1, 2], attendanceRecordIds: [7] },
      })?.text,
    ).toBe("Name rewritten in 2 market items and 1 attendance record");
  });

  it("leaves ordinary changes to the field list", () => {
    expect(
      auditSummary({ action: "update", entity: "market_item", before: { value: "1" }, after: {} }),
    ).toBeNull();
  });
});

describe("auditHeadline", () => {
  it("says what was done to what kind of thing", () => {
    expect(auditHeadline({ action: "update", entity: "market_item" })).toBe("Updated market item");
    expect(auditHeadline({ action: "kick", entity: "guild_member" })).toBe("Kicked member");
    expect(auditHeadline({ action: "recalculate", entity: "salaries" })).toBe("Recalculated salaries");
    expect(auditHeadline({ action: "reset_all", entity: "boss_timer" })).toBe("Reset all boss timers");
    // The officers' timer tools (decision 076).
    expect(auditHeadline({ action: "no_spawn", entity: "boss_timer" })).toBe(
      "Moved on (didn't spawn) boss timer",
    );
    expect(auditHeadline({ action: "maintenance", entity: "boss_timer" })).toBe(
      "Server maintenance: boss timers reset",
    );
    const maintenance = {
      action: "maintenance",
      entity: "boss_timer",
      before: [],
      after: { backAt: "2026-11-25T10:05:00.000Z", afterMaintenance: "restart", timers: [{}, {}] },
    };
    expect(auditSummary(maintenance)?.text).toBe("2 timers restarted from 2026-11-25 10:05 UTC");
    expect(auditHeadline({ action: "frobnicate", entity: "write_probe" })).toBe("Frobnicate write probe");
    expect(auditHeadline({ action: "approve", entity: "character_claim" })).toBe("Approved character claim");
    expect(auditHeadline({ action: "cancel", entity: "character_claim" })).toBe("Cancelled character claim");
    expect(auditHeadline({ action: "check_in", entity: "check_in" })).toBe("Checked in to check-in");
    expect(auditHeadline({ action: "remove_name", entity: "check_in" })).toBe("Removed a name from check-in");
  });
});
