/**
 * Guild members: the request bodies of /_api/guild-members and /_api/guild-member/*, the answer shape and the
 * messages, shared by the server and the member dialogs.
 */
import * as z from "zod";
import { MEMBER_FIELD_RULES } from "../merge/field-merge.ts";
import { refusedCharacterIn } from "../names/normalize-name.ts";
import { idField, moneyCentsField, moneyMessages, unknownField } from "./market.ts";
import { baseFitsChanges, baseText, baseUnknownField } from "./merge-base.ts";
import { nameField } from "./name-field.ts";
import {
  dayField,
  PAYOUT_DATE_INVALID,
  PAYOUT_DATE_REQUIRED,
  PAYOUT_DATE_TOO_EARLY,
  PAYOUT_DATE_TOO_LATE,
  PAYOUT_METHOD_MAX_LENGTH,
  PAYOUT_METHOD_TOO_LONG,
  PAYOUT_REFERENCE_MAX_LENGTH,
  PAYOUT_REFERENCE_TOO_LONG,
} from "./payouts.ts";

export const MEMBER_CATEGORIES = ["Guild Master", "Core", "Members"] as const;
export type MemberCategory = (typeof MEMBER_CATEGORIES)[number];
export const MEMBER_STATUSES = ["active", "kicked", "paid_out"] as const;
export type MemberStatus = (typeof MEMBER_STATUSES)[number];
export const MEMBER_STATUS_FILTERS = [...MEMBER_STATUSES, "all"] as const;
export type MemberStatusFilter = (typeof MEMBER_STATUS_FILTERS)[number];

export const PLAYER_NAME_MAX_LENGTH = 100;

export const PLAYER_NAME_REQUIRED = "Player name is required";
export const PLAYER_NAME_TOO_LONG = `Player name cannot exceed ${PLAYER_NAME_MAX_LENGTH} characters.`;
export const PLAYER_NAME_HAS_COMMA =
  "Player name cannot contain commas, brackets, braces, double quotes, backslashes or control characters, nor be wrapped in quotes.";
export const PLAYER_ALIAS_HAS_COMMA =
  "Player alias cannot contain commas, brackets, braces, double quotes, backslashes or control characters, nor be wrapped in quotes.";
export const CATEGORY_INVALID = "Category must be Guild Master, Core or Members.";
export const STATUS_FILTER_INVALID = "Status must be active, kicked, paid_out or all.";
export const RAIDS_INVALID = "Raids participated must be a whole number of at least 0.";
export const MAIN_MEMBER_INVALID = "Main member ID must be an integer or null.";
export const PLAYER_ALIAS_INVALID = "Player alias must be text or null.";
export const PLAYER_ALIAS_TOO_LONG = `Player alias cannot exceed ${PLAYER_NAME_MAX_LENGTH} characters.`;

/**
 * Names are read back out of participant texts, where commas and control characters separate names,
 * brackets, braces, double quotes and backslashes are stripped and a pair of wrapping quotes is removed: a
 * name like that could never be matched.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters separate names in participant texts
const NAME_BREAKING = /[[\]{}",\\\u0000-\u001f\u007f]|^(['`]).*\1$/s;

const memberNameField = (label: string, required: string, tooLong: string, breaking: string) =>
  nameField({ label, required, tooLong }, PLAYER_NAME_MAX_LENGTH).refine(
    (name) => !NAME_BREAKING.test(name),
    {
      error: breaking,
    },
  );

const playerNameField = memberNameField(
  "Player name",
  PLAYER_NAME_REQUIRED,
  PLAYER_NAME_TOO_LONG,
  PLAYER_NAME_HAS_COMMA,
);
const categoryField = z.enum(MEMBER_CATEGORIES, { error: CATEGORY_INVALID });
const mainMemberIdField = idField.nullable().optional();
/** null or a blank text clears the alias (a text of refused characters is refused, not taken as blank). */
const playerAliasField = z.preprocess(
  (v) => (typeof v === "string" && v.trim() === "" && refusedCharacterIn(v) === null ? null : v),
  memberNameField(
    "Player alias",
    PLAYER_ALIAS_INVALID,
    PLAYER_ALIAS_TOO_LONG,
    PLAYER_ALIAS_HAS_COMMA,
  ).nullable(),
);

export const memberStatusQuerySchema = z.object({
  status: z.enum(MEMBER_STATUS_FILTERS, { error: STATUS_FILTER_INVALID }).default("active"),
});

export const createMemberSchema = z.strictObject(
  {
    playerName: playerNameField,
    category: categoryField,
    mainMemberId: mainMemberIdField,
    playerAlias: playerAliasField.optional(),
  },
  { error: unknownField },
);
export type CreateMemberInput = z.infer<typeof createMemberSchema>;

/** The values a merging member update was based on (docs/decisions/038). */
const memberBaseSchema = z.strictObject(
  {
    playerName: baseText.optional(),
    category: baseText.optional(),
    mainMemberId: idField.nullable().optional(),
    playerAlias: baseText.nullable().optional(),
  },
  { error: baseUnknownField },
);

/**
 * salary and raidsParticipated are accepted (the edit dialog sends them back read-only) and checked, but the
 * server derives both and ignores what is sent (docs/decisions/010). With `base` the update merges: only the
 * fields sent change, each only if nobody changed it since its base value (docs/decisions/038).
 */
export const updateMemberSchema = z
  .strictObject(
    {
      id: idField,
      playerName: playerNameField.optional(),
      category: categoryField.optional(),
      raidsParticipated: z
        .number({ error: RAIDS_INVALID })
        .int({ error: RAIDS_INVALID })
        .min(0, { error: RAIDS_INVALID })
        .optional(),
      salary: moneyCentsField(moneyMessages("Salary")).optional(),
      mainMemberId: mainMemberIdField,
      playerAlias: playerAliasField.optional(),
      base: memberBaseSchema.optional(),
    },
    { error: unknownField },
  )
  .check(baseFitsChanges(MEMBER_FIELD_RULES));
export type UpdateMemberInput = z.infer<typeof updateMemberSchema>;

export const memberIdSchema = z.strictObject({ id: idField }, { error: unknownField });
export type MemberIdInput = z.infer<typeof memberIdSchema>;

/**
 * POST /_api/guild-member/mark-paid: the member, and how and when the final payout was made (docs/decisions/049).
 * `{ id }` alone still works: the payout is then dated the day the server records it, with no method.
 */
export const markPaidSchema = z.strictObject(
  {
    id: idField,
    method: z.string().trim().max(PAYOUT_METHOD_MAX_LENGTH, { error: PAYOUT_METHOD_TOO_LONG }).optional(),
    reference: z
      .string()
      .trim()
      .max(PAYOUT_REFERENCE_MAX_LENGTH, { error: PAYOUT_REFERENCE_TOO_LONG })
      .optional(),
    paidOn: dayField({
      required: PAYOUT_DATE_REQUIRED,
      invalid: PAYOUT_DATE_INVALID,
      tooEarly: PAYOUT_DATE_TOO_EARLY,
      tooLate: PAYOUT_DATE_TOO_LATE,
    }).optional(),
  },
  { error: unknownField },
);
export type MarkPaidInput = z.input<typeof markPaidSchema>;

export const kickMemberSchema = z.strictObject(
  {
    id: idField,
    finalSalaryAmount: moneyCentsField(moneyMessages("Final salary amount")).nullable().optional(),
  },
  { error: unknownField },
);
export type KickMemberInput = z.infer<typeof kickMemberSchema>;

/** One entry of `guildMembers`; money as numeric strings ('440.00'). */
export interface GuildMember {
  id: number;
  playerName: string;
  category: MemberCategory;
  raidsParticipated: number;
  salary: string;
  status: MemberStatus;
  kickedDate: Date | null;
  finalSalaryAmount: string | null;
  mainMemberId: number | null;
  playerAlias: string | null;
  createdAt: Date;
  updatedAt: Date;
}

// Messages of the member calls that depend on stored data.
export const duplicateMemberMessage = (name: string) => `A guild member named "${name}" already exists.`;
export const nameIsAliasMessage = (name: string) =>
  `"${name}" is already the player alias of another member; choose another name.`;
export const duplicateAliasMessage = (alias: string) => `The player alias "${alias}" is already in use.`;
export const aliasIsNameMessage = (alias: string) =>
  `The player alias "${alias}" is already a guild member's name.`;
export const MAIN_MEMBER_NOT_FOUND = "The main character does not exist.";
export const MAIN_MEMBER_SELF = "A member cannot be linked to itself.";
export const MAIN_MEMBER_IS_LINKED = "The main character is itself linked to another main character.";
export const MEMBER_HAS_CHARACTERS = "This member is the main character of other members; unlink them first.";
export const ALIAS_ON_LINKED_CHARACTER =
  "Only a main character (not linked to another) can have a player alias.";
/** A backup row naming a member the backup does not hold: there the id is the row's key. */
export const memberNotFoundMessage = (id: number) => `Guild member with ID ${id} not found.`;
/** Answered 404 by a write to a member the audit log has no delete of (docs/decisions/058). */
export const MEMBER_NOT_FOUND = "This member is no longer on the roster.";
/** Answered 404 by a write to a member deleted meanwhile, named from the audit log (docs/decisions/058). */
export const memberGoneMessage = (name: string, by: string | null) =>
  `${name} was deleted from the roster${by ? ` by ${by}` : ""}.`;
export const kickNotActiveMessage = (name: string, status: string) =>
  `Only active members can be kicked; "${name}" is ${status.replace("_", " ")}.`;
export const markPaidNotKickedMessage = (name: string, status: string) =>
  `Only kicked members can be marked as paid; "${name}" is ${status.replace("_", " ")}.`;
export const deleteKickedMessage = (name: string) =>
  `"${name}" is kicked and not yet paid; mark them as paid before deleting.`;
