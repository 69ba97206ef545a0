/**
 * Boss names: the request bodies of /_api/boss-names and the answer shape. The messages are the product's
 * (docs/product.md#boss-names), shared by the server and the admin form.
 */
import * as z from "zod";
import { BOSS_NAME_FIELD_RULES } from "../merge/field-merge.ts";
import { BASE_INVALID, baseFitsChanges, baseText, baseUnknownField } from "./merge-base.ts";
import { nameField } from "./name-field.ts";

export const BOSS_NAME_MAX_LENGTH = 100;
export const RESPAWN_HOURS_MIN = 1;
export const RESPAWN_HOURS_MAX = 168;
export const RESPAWN_HOURS_DEFAULT = 24;

export const BOSS_NAME_EMPTY = "Boss name cannot be empty.";
export const BOSS_NAME_TOO_LONG = `Boss name cannot exceed ${BOSS_NAME_MAX_LENGTH} characters.`;
export const RESPAWN_NOT_A_NUMBER = "Respawn time must be a number of hours.";
export const RESPAWN_TOO_SHORT = "Respawn time must be at least 1 hour.";
export const RESPAWN_TOO_LONG = "Respawn time cannot exceed 168 hours (1 week).";
export const ID_NOT_POSITIVE_INTEGER = "ID must be a positive integer.";
export const UPDATE_NEEDS_A_FIELD = "Either name or respawn_time_hours must be provided for an update.";

/**
 * 409 from the server; the admin form refuses a taken name (in any letter case) with it before queueing, and
 * a name that only looks like a taken one with lookalikeNameMessage (name-field.ts).
 */
export const duplicateBossName = (name: string) => `A boss named "${name}" already exists.`;
export const bossNameNotFound = (id: number) => `Boss name with ID ${id} not found.`;

const unknownField = (issue: z.core.$ZodRawIssue) =>
  issue.code === "unrecognized_keys" ? `Unknown field: ${issue.keys.join(", ")}` : undefined;

export const bossNameField = nameField(
  { label: "Boss name", required: BOSS_NAME_EMPTY, tooLong: BOSS_NAME_TOO_LONG },
  BOSS_NAME_MAX_LENGTH,
);

/** The forms accept intervals only; the negative fixed-schedule codes exist only in stored data. */
export const respawnHoursField = z
  .number({ error: RESPAWN_NOT_A_NUMBER })
  .min(RESPAWN_HOURS_MIN, { error: RESPAWN_TOO_SHORT })
  .max(RESPAWN_HOURS_MAX, { error: RESPAWN_TOO_LONG });

export const bossNameIdField = z
  .number({ error: ID_NOT_POSITIVE_INTEGER })
  .int({ error: ID_NOT_POSITIVE_INTEGER })
  .positive({ error: ID_NOT_POSITIVE_INTEGER });

export const createBossNameSchema = z.strictObject(
  { name: bossNameField, respawn_time_hours: respawnHoursField.optional() },
  { error: unknownField },
);
export type CreateBossNameInput = z.infer<typeof createBossNameSchema>;

/** The values a merging update was based on (docs/decisions/038); stored hours may be a schedule code. */
const bossNameBaseSchema = z.strictObject(
  {
    name: baseText.optional(),
    respawn_time_hours: z.number({ error: BASE_INVALID }).optional(),
  },
  { error: baseUnknownField },
);

export const updateBossNameSchema = z
  .strictObject(
    {
      id: bossNameIdField,
      name: bossNameField.optional(),
      respawn_time_hours: respawnHoursField.optional(),
      base: bossNameBaseSchema.optional(),
    },
    { error: unknownField },
  )
  .refine((v) => v.name !== undefined || v.respawn_time_hours !== undefined, {
    error: UPDATE_NEEDS_A_FIELD,
  })
  .check(baseFitsChanges(BOSS_NAME_FIELD_RULES));
export type UpdateBossNameInput = z.infer<typeof updateBossNameSchema>;

export const deleteBossNameSchema = z.strictObject({ id: bossNameIdField }, { error: unknownField });
export type DeleteBossNameInput = z.infer<typeof deleteBossNameSchema>;

/** One entry of `bossNames` (GET /_api/boss-names and /_api/public/boss-names). */
export interface BossName {
  id: number;
  name: string;
  /** 1-168: respawn interval in hours; -1..-8: a fixed weekly schedule. */
  respawnTimeHours: number;
}
