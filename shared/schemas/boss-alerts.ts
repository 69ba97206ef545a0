/**
 * Per-boss Discord spawn alerts (decision 077): how long before a boss's spawn its alert comes, and which Discord
 * role it mentions. Admins set them on Admin › Discord, in a table of the bosses; empty means the Discord
 * settings' lead time and no mention.
 *
 * - GET /_api/discord-settings/boss-alerts (admins) -> { bosses: BossAlert[] }
 * - PUT /_api/discord-settings/boss-alerts (admins) { bosses: [{ id, leadMinutes, roleId }] } -> { bosses }
 */
import * as z from "zod";
import { SNOWFLAKE } from "./discord-sign-in.ts";

export const BOSS_ALERT_LEAD_MIN = 1;
export const BOSS_ALERT_LEAD_MAX = 60;
/** More than a guild's boss list: a body is bounded before anything reads it. */
export const MAX_BOSS_ALERTS_PER_SAVE = 500;
/** The largest snowflake: Discord's ids are unsigned 64-bit integers. */
const MAX_SNOWFLAKE = 2n ** 64n - 1n;

export const BOSS_ALERT_MESSAGES = {
  leadMinutes: `A boss's alert lead time must be a whole number of minutes from ${BOSS_ALERT_LEAD_MIN} to ${BOSS_ALERT_LEAD_MAX}, or empty for the default.`,
  roleId:
    "A role to mention must be a Discord role ID: 17 to 20 digits (Developer Mode on, then Server Settings › Roles › … › Copy Role ID), or empty for none.",
  /** The server's @everyone role has the server's own id: the alerts never ping everyone. */
  everyoneRole:
    "That role ID is your Discord server's own ID, which is @everyone: choose a role, the alerts never ping everyone.",
  bossId: "Each boss must be given by its ID.",
  tooMany: `At most ${MAX_BOSS_ALERTS_PER_SAVE} bosses can be saved at once.`,
  duplicate: "Each boss can be given once: remove the repeated boss.",
  unknownBoss: (id: number) => `Boss name with ID ${id} not found.`,
} as const;

/** A Discord id: 17 to 20 digits, no leading zero, within 64 bits. */
export function isSnowflake(value: string): boolean {
  return SNOWFLAKE.test(value) && BigInt(value) <= MAX_SNOWFLAKE;
}

export const bossAlertLeadField = z
  .number({ error: BOSS_ALERT_MESSAGES.leadMinutes })
  .int({ error: BOSS_ALERT_MESSAGES.leadMinutes })
  .min(BOSS_ALERT_LEAD_MIN, { error: BOSS_ALERT_MESSAGES.leadMinutes })
  .max(BOSS_ALERT_LEAD_MAX, { error: BOSS_ALERT_MESSAGES.leadMinutes })
  .nullable();

/** A role id as typed ("" or spaces: none). */
export const bossAlertRoleField = z
  .string({ error: BOSS_ALERT_MESSAGES.roleId })
  .trim()
  .max(20, { error: BOSS_ALERT_MESSAGES.roleId })
  .refine((value) => value === "" || isSnowflake(value), { error: BOSS_ALERT_MESSAGES.roleId })
  .nullable()
  .transform((value) => (value === "" ? null : value));

const unknownKeys = {
  error: (issue: z.core.$ZodRawIssue) =>
    issue.code === "unrecognized_keys" ? `Unknown field: ${issue.keys.join(", ")}` : undefined,
};

export const bossAlertInputSchema = z.strictObject(
  {
    id: z
      .number({ error: BOSS_ALERT_MESSAGES.bossId })
      .int({ error: BOSS_ALERT_MESSAGES.bossId })
      .positive({ error: BOSS_ALERT_MESSAGES.bossId })
      .max(2_147_483_647, { error: BOSS_ALERT_MESSAGES.bossId }),
    leadMinutes: bossAlertLeadField,
    roleId: bossAlertRoleField,
  },
  unknownKeys,
);

export const saveBossAlertsSchema = z.strictObject(
  {
    bosses: z
      .array(bossAlertInputSchema, { error: BOSS_ALERT_MESSAGES.tooMany })
      .max(MAX_BOSS_ALERTS_PER_SAVE, { error: BOSS_ALERT_MESSAGES.tooMany })
      .refine((bosses) => new Set(bosses.map((boss) => boss.id)).size === bosses.length, {
        error: BOSS_ALERT_MESSAGES.duplicate,
      }),
  },
  unknownKeys,
);
export type SaveBossAlertsInput = z.input<typeof saveBossAlertsSchema>;

/** One boss's Discord alert, with what identifies the boss on the screen. */
export interface BossAlert {
  id: number;
  name: string;
  /** The boss's respawn code (hours, or a fixed schedule's negative code). */
  respawnTimeHours: number;
  /** Null: the Discord settings' lead time. */
  leadMinutes: number | null;
  /** Null: no mention. */
  roleId: string | null;
}
