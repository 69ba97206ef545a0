import { describe, expect, it } from "vitest";
import { distributeItem, type SalaryRosterMember } from "./distribute-item.ts";
import {
  DEFAULT_SPLIT_RULE,
  parsePercent,
  percentText,
  ruleForDay,
  type SplitRule,
  splitDayOf,
} from "./split-rules.ts";
import { elitePoolWords, ruleRanges, splitWords } from "./split-rules-text.ts";

const rule = (effectiveFrom: string, over: Partial<SplitRule> = {}): SplitRule => ({
  ...DEFAULT_SPLIT_RULE,
  effectiveFrom,
  ...over,
});

const roster: SalaryRosterMember[] = [
  {
    id: 1,
    playerName: "Ash",
    category: "Guild Master",
    raidsParticipated: 0,
    mainMemberId: null,
    playerAlias: null,
  },
  {
    id: 2,
    playerName: "Bram",
    category: "Core",
    raidsParticipated: 0,
    mainMemberId: null,
    playerAlias: null,
  },
  {
    id: 3,
    playerName: "Cole",
    category: "Members",
    raidsParticipated: 0,
    mainMemberId: null,
    playerAlias: null,
  },
];
const item = {
  id: 1,
  lootName: "Blade",
  value: "1000.00",
  participatedMembers: '["Ash","Bram","Cole"]',
  status: "Sold",
};

describe("the rule set in force on a day", () => {
  const book = [rule("2026-03-01", { guildFundBp: 2000, basePoolBp: 5000 }), rule("2026-06-01")];
  it("is the latest that took effect on or before the day, else the portal's default", () => {
    expect(ruleForDay(book, "2026-02-28")).toBe(DEFAULT_SPLIT_RULE);
    expect(ruleForDay(book, "2026-03-01")).toBe(book[0]);
    expect(ruleForDay(book, "2026-05-31")).toBe(book[0]);
    expect(ruleForDay(book, "2026-06-01")).toBe(book[1]);
    expect(ruleForDay(book, null)).toBe(DEFAULT_SPLIT_RULE);
  });
  it("reads an item's day as its acquired date, else the UTC day it was recorded", () => {
    expect(splitDayOf("2026-03-10", new Date("2026-11-01T00:00:00Z"))).toBe("2026-03-10");
    expect(splitDayOf(null, new Date("2026-11-01T23:30:00-02:00"))).toBe("2026-11-02");
    expect(splitDayOf(null, null)).toBeNull();
  });
});

describe("percentages", () => {
  it("take two decimals at most, from 0 to 100", () => {
    expect(["10", "12.5", "12.50", "0", "100", "0.01"].map(parsePercent)).toEqual([
      1000, 1250, 1250, 0, 10000, 1,
    ]);
    expect(["100.01", "-1", "1.234", "", "ten", "1e2"].map(parsePercent)).toEqual([
      null,
      null,
      null,
      null,
      null,
      null,
    ]);
    expect([1000, 1250, 1234, 0].map(percentText)).toEqual(["10", "12.5", "12.34", "0"]);
  });
});

describe("dividing an item under a rule set", () => {
  it("splits by the rule's parts, to the cent", () => {
    const d = distributeItem(
      item,
      roster,
      rule("2026-01-01", { guildFundBp: 1250, adminFundBp: 0, elitePoolBp: 2750, basePoolBp: 6000 }),
    );
    expect([d.guildFundPartCents, d.adminFundCents, d.elitePoolCents, d.basePoolCents]).toEqual([
      12500, 0, 27500, 60000,
    ]);
    expect(d.shares.map((s) => s.generalShareCents + s.eliteShareCents)).toEqual([33750, 33750, 20000]);
  });
  it("shares the elite pool among the rule's categories", () => {
    const d = distributeItem(item, roster, rule("2026-01-01", { eliteCategories: ["Members"] }));
    expect(d.shares.map((s) => s.eliteShareCents)).toEqual([0, 0, 25000]);
  });
  it("gives an elite pool nobody takes to the base pool, or to the guild fund", () => {
    const toBase = distributeItem(
      item,
      roster,
      rule("2026-01-01", { eliteCategories: [], emptyElitePool: "base-pool" }),
    );
    expect(toBase).toMatchObject({
      elitePoolToBasePool: true,
      elitePoolToGuildFund: false,
      guildFundCents: 10000,
    });
    expect(toBase.shares.map((s) => s.generalShareCents)).toEqual([28334, 28333, 28333]);
    const toFund = distributeItem(item, roster, rule("2026-01-01", { eliteCategories: [] }));
    expect(toFund).toMatchObject({
      elitePoolToBasePool: false,
      elitePoolToGuildFund: true,
      guildFundCents: 35000,
    });
    // Nobody at all: both pools go to the guild fund whatever the rule.
    const nobody = distributeItem(
      { ...item, participatedMembers: "" },
      roster,
      rule("2026-01-01", { emptyElitePool: "base-pool" }),
    );
    expect(nobody).toMatchObject({ guildFundCents: 95000, elitePoolToBasePool: false });
  });
});

describe("the rules in words", () => {
  it("say which days use which rules, and which is in force today", () => {
    expect(ruleRanges([], "2026-11-29")).toEqual([
      { label: "Every item", rule: DEFAULT_SPLIT_RULE, inForce: true },
    ]);
    const book = [rule("2026-06-01"), rule("2026-07-01", { eliteCategories: [] })];
    expect(ruleRanges(book, "2026-06-15").map((r) => [r.label, r.inForce])).toEqual([
      ["Items before 2026-06-01", false],
      ["Items from 2026-06-01 to 2026-06-30", true],
      ["Items from 2026-07-01", false],
    ]);
    expect(splitWords(rule("2026-01-01", { guildFundBp: 1250, basePoolBp: 5750 }))).toBe(
      "12.5% guild fund, 5% admin fee, 25% elite pool, 57.5% base pool",
    );
    expect(elitePoolWords(DEFAULT_SPLIT_RULE)).toBe(
      "shared equally among participating Guild Master and Core; with none of them, it goes to the guild fund",
    );
    expect(elitePoolWords(rule("2026-01-01", { eliteCategories: [], emptyElitePool: "base-pool" }))).toBe(
      "nobody's: it joins the base pool",
    );
  });
});
