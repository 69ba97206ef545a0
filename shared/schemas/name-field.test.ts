import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type * as z from "zod";
import { refusedCharacterIn } from "../names/normalize-name.ts";
import { createAccountSchema } from "./accounts.ts";
import { createAttendanceSchema } from "./attendance.ts";
import { BOSS_NAME_EMPTY, createBossNameSchema } from "./boss-names.ts";
import { importRowSchema } from "./import.ts";
import { createMarketItemSchema } from "./market.ts";
import {
  createMemberSchema,
  PLAYER_ALIAS_INVALID,
  PLAYER_NAME_REQUIRED,
  updateMemberSchema,
} from "./members.ts";
import { nameField, PARTICIPANT_LABEL, refusedCharacterMessage } from "./name-field.ts";

const zeroWidth = (label: string) => refusedCharacterMessage(label, { codePoint: 0x200b, kind: "invisible" });
const override = (label: string) => refusedCharacterMessage(label, { codePoint: 0x202e, kind: "invisible" });
const surrogate = (label: string) => refusedCharacterMessage(label, { codePoint: 0xd800, kind: "broken" });

function problem(schema: z.ZodType, input: unknown): string | undefined {
  const result = schema.safeParse(input);
  return result.success ? undefined : result.error.issues[0]?.message;
}

const member = (playerName: unknown) => ({ playerName, category: "Core" });
const boss = (name: unknown) => ({ name });
const loot = (fields: Record<string, unknown>) => ({
  lootName: "Ember Crown",
  bossName: "Gravemaw",
  value: "100",
  participatedMembers: "Ashvale",
  ...fields,
});
const account = (displayName: unknown) => ({
  email: "raider@guild.test",
  displayName,
  role: "user",
  password: "correct horse battery",
});
const attendance = (participatedMembers: unknown) => ({
  bossName: "Gravemaw",
  dateAttended: "2026-01-10",
  participatedMembers,
});
const importRow = (fields: Record<string, unknown>) => ({
  bossName: "Gravemaw",
  lootName: "Ember Crown",
  value: 5,
  ...fields,
});

describe("the messages", () => {
  it("name the field and the character", () => {
    expect(zeroWidth("Player name")).toBe(
      "Player name cannot contain invisible, control or text-direction characters (found U+200B).",
    );
    expect(surrogate("Boss name")).toBe("Boss name contains a broken character (U+D800); type it again.");
  });
});

describe("every stored name refuses invisible, text-direction and broken characters", () => {
  const cases: [string, z.ZodType, (text: string) => unknown, string][] = [
    ["a member's name", createMemberSchema, member, "Player name"],
    ["a member's alias", updateMemberSchema, (playerAlias) => ({ id: 1, playerAlias }), "Player alias"],
    ["a boss name", createBossNameSchema, boss, "Boss name"],
    ["a loot name", createMarketItemSchema, (lootName) => loot({ lootName }), "Loot name"],
    ["a loot item's boss name", createMarketItemSchema, (bossName) => loot({ bossName }), "Boss name"],
    ["an imported loot name", importRowSchema, (lootName) => importRow({ lootName }), "Loot name"],
    ["an imported boss name", importRowSchema, (bossName) => importRow({ bossName }), "Boss name"],
    ["an account's display name", createAccountSchema, account, "Display name"],
  ];

  it.each(cases)("%s", (_, schema, body, label) => {
    expect(problem(schema, body("Ash\u200Bvale"))).toBe(zeroWidth(label));
    expect(problem(schema, body("\u200B\u200B"))).toBe(zeroWidth(label));
    expect(problem(schema, body("\u202Eelavhsa"))).toBe(override(label));
    expect(problem(schema, body("Ash\uD800vale"))).toBe(surrogate(label));
    // Not silently trimmed away either: a byte order mark or a tab at the end is refused.
    expect(problem(schema, body("Ashvale\uFEFF"))).toMatch(
      /^.* cannot contain invisible, control or text-direction characters \(found U\+FEFF\)\.$/,
    );
    expect(problem(schema, body("Ashvale\t"))).toContain("(found U+0009)");
    expect(problem(schema, body("Ashvale"))).toBeUndefined();
  });

  it("stores names NFC-normalised and trimmed", () => {
    const decomposed = "  Ame\u0301lie ";
    expect(createMemberSchema.parse(member(decomposed)).playerName).toBe("Amélie");
    expect(createBossNameSchema.parse(boss(decomposed)).name).toBe("Amélie");
    expect(createMarketItemSchema.parse(loot({ lootName: decomposed })).lootName).toBe("Amélie");
    expect(createAccountSchema.parse(account(decomposed)).displayName).toBe("Amélie");
    expect(updateMemberSchema.parse({ id: 1, playerAlias: decomposed }).playerAlias).toBe("Amélie");
  });

  it("keeps the product's messages for empty names and the existing ones for other input", () => {
    expect(problem(createMemberSchema, member("   "))).toBe(PLAYER_NAME_REQUIRED);
    expect(problem(createMemberSchema, member(7))).toBe(PLAYER_NAME_REQUIRED);
    expect(problem(createBossNameSchema, boss(""))).toBe(BOSS_NAME_EMPTY);
    expect(problem(updateMemberSchema, { id: 1, playerAlias: 7 })).toBe(PLAYER_ALIAS_INVALID);
    // A blank alias clears it; an alias of invisible characters is refused, not taken as blank.
    expect(updateMemberSchema.parse({ id: 1, playerAlias: "  " }).playerAlias).toBeNull();
    expect(problem(updateMemberSchema, { id: 1, playerAlias: "\uFEFF" })).toContain("(found U+FEFF)");
  });

  it("counts the length after composing", () => {
    const name = `${"e\u0301".repeat(100)}`;
    expect(createBossNameSchema.parse(boss(name)).name).toBe("é".repeat(100));
  });
});

describe("participant lists go through the same rule, name by name", () => {
  it("a loot item's participants, as a comma text or a list", () => {
    for (const participatedMembers of ["Ashvale, Bright\u200Bforge", ["Ashvale", "Bright\u200Bforge"]]) {
      expect(problem(createMarketItemSchema, loot({ participatedMembers }))).toBe(
        zeroWidth(PARTICIPANT_LABEL),
      );
    }
    expect(problem(createMarketItemSchema, loot({ participatedMembers: "Ashvale, \u202EBrightforge" }))).toBe(
      override(PARTICIPANT_LABEL),
    );
    // Line breaks still separate names, as they always did.
    expect(
      createMarketItemSchema.parse(loot({ participatedMembers: "Ashvale\nAme\u0301lie" }))
        .participatedMembers,
    ).toBe(JSON.stringify(["Ashvale", "Amélie"]));
  });

  it("an attendance record's participants", () => {
    expect(problem(createAttendanceSchema, attendance(["Ashvale", "\u200B"]))).toBe(
      zeroWidth(PARTICIPANT_LABEL),
    );
    expect(problem(createAttendanceSchema, attendance(["Ash\uD800vale"]))).toBe(surrogate(PARTICIPANT_LABEL));
    expect(
      createAttendanceSchema.parse(attendance([" Ame\u0301lie ", "amélie"])).participatedMembers,
    ).toEqual(["Amélie"]);
  });
});

describe("nameField", () => {
  const field = nameField({ label: "Name", required: "Name is required", tooLong: "Too long" }, 100);

  it("either refuses a text or answers it NFC, trimmed, without a refused character, and stable", () => {
    const unit = fc.oneof(
      fc.string({ unit: "binary", minLength: 1, maxLength: 1 }),
      fc.integer({ min: 0xd800, max: 0xdfff }).map((code) => String.fromCharCode(code)),
      fc.constantFrom(" ", "\u200B", "\u202E", "\uFEFF", "e\u0301", "\u0301", "\u00A0"),
    );
    fc.assert(
      fc.property(fc.string({ unit, maxLength: 30 }), (raw) => {
        const result = field.safeParse(raw);
        if (refusedCharacterIn(raw) !== null) {
          expect(result.success).toBe(false);
          return;
        }
        if (!result.success) {
          expect(["Name is required", "Too long"]).toContain(result.error.issues[0]?.message);
          return;
        }
        const name = result.data;
        expect(name.normalize("NFC")).toBe(name);
        expect(name.trim()).toBe(name);
        expect(refusedCharacterIn(name)).toBeNull();
        expect(field.parse(name)).toBe(name);
      }),
      { numRuns: 2000 },
    );
  });
});
