/**
 * The officers' timer tools (issue 26, decision 076): "Didn't spawn" moves one interval boss's timer on by one
 * interval; "Server maintenance" resets every interval boss from the time the servers came back, as the guild
 * chose once (a guild setting). The request bodies, the setting and the messages, shared by the server, the
 * boss pages and the settings screen.
 */
import * as z from "zod";
import { bossNameField } from "./boss-timers.ts";

/** What "Server maintenance" does to each interval boss: ready from the back time, or a timer restarted then. */
export const AFTER_MAINTENANCE = ["ready", "restart"] as const;
export type AfterMaintenance = (typeof AFTER_MAINTENANCE)[number];
/** Until an admin chooses (decision 076): a boss that may be up is shown up, never hidden behind a timer. */
export const AFTER_MAINTENANCE_DEFAULT: AfterMaintenance = "ready";

/** What each choice does, in the words the settings screen and the maintenance dialog both use. */
export const AFTER_MAINTENANCE_TEXT: Readonly<Record<AfterMaintenance, { label: string; effect: string }>> = {
  ready: {
    label: "Ready when the servers come back",
    effect: "Every interval boss shows as ready (Available) from the time the servers came back.",
  },
  restart: {
    label: "Timers restart when the servers come back",
    effect:
      "Every interval boss's timer restarts from the time the servers came back: next spawn = back time + its interval.",
  },
};

/** The most a back time may lie behind the server's clock. */
export const MAINTENANCE_MAX_AGE_DAYS = 7;
/** How far ahead of the server's clock a back time may be: a phone's clock may run a little fast. */
export const MAINTENANCE_FUTURE_SKEW_MS = 2 * 60_000;

export const BACK_AT_REQUIRED = "Give the time the servers came back.";
export const BACK_AT_INVALID = "The time the servers came back must be a date and time.";
export const BACK_AT_IN_FUTURE =
  "The servers cannot have come back in the future: give a time that has passed.";
export const BACK_AT_TOO_OLD = `The time the servers came back cannot be more than ${MAINTENANCE_MAX_AGE_DAYS} days ago.`;
export const EXPECTED_SPAWN_INVALID = "The expected spawn must be a date and time.";
export const AFTER_MAINTENANCE_INVALID =
  "After a server maintenance, bosses are either 'ready' or 'restart'.";

/** 409: "Didn't spawn" on a boss without a timer: there is no expected spawn to move on from. */
export const noSpawnWithoutTimer = (bossName: string) =>
  `${bossName} has no timer to move on: start its timer when it spawns.`;
/** 409: "Didn't spawn" before the expected spawn has come. */
export const noSpawnNotDue = (bossName: string) =>
  `${bossName} is not due yet: "Didn't spawn" moves a timer on once its spawn time has passed.`;
/** 400: fixed schedules are never moved. */
export const noSpawnFixedSchedule = (bossName: string) =>
  `${bossName} spawns on a fixed schedule; its timer cannot be moved.`;

const unknownField = (issue: z.core.$ZodRawIssue) =>
  issue.code === "unrecognized_keys" ? `Unknown field: ${issue.keys.join(", ")}` : undefined;

/** A superjson Date or an ISO 8601 date-time with an offset (plain JSON clients). */
const instant = (message: string) =>
  z
    .union([z.date(), z.iso.datetime({ offset: true, error: message })], {
      error: (issue) => (issue.input === undefined ? undefined : message),
    })
    .transform((v) => (v instanceof Date ? v : new Date(v)))
    .refine((d) => Number.isFinite(d.getTime()), { error: message });

/** Why a back time is refused at `now`, or undefined when it is fine. */
export function backAtProblem(backAt: Date, now: Date): string | undefined {
  if (backAt.getTime() > now.getTime() + MAINTENANCE_FUTURE_SKEW_MS) return BACK_AT_IN_FUTURE;
  if (backAt.getTime() < now.getTime() - MAINTENANCE_MAX_AGE_DAYS * 86_400_000) return BACK_AT_TOO_OLD;
  return undefined;
}

export const noSpawnSchema = z.strictObject(
  {
    bossName: bossNameField,
    /**
     * The spawn the officer saw pass (the timer's end on their screen). When the timer no longer ends then (another
     * officer moved it, someone started it), nothing changes: the same tap twice moves the timer once.
     */
    expectedSpawn: instant(EXPECTED_SPAWN_INVALID).optional(),
  },
  { error: unknownField },
);
export type NoSpawnInput = z.input<typeof noSpawnSchema>;

export const maintenanceSchema = z.strictObject(
  {
    backAt: z
      .union([z.date(), z.string()], { error: BACK_AT_REQUIRED })
      .pipe(instant(BACK_AT_INVALID))
      .check((ctx) => {
        const problem = backAtProblem(ctx.value, new Date());
        if (problem) ctx.issues.push({ code: "custom", message: problem, input: ctx.value });
      }),
  },
  { error: unknownField },
);
export type MaintenanceInput = z.input<typeof maintenanceSchema>;

export const afterMaintenanceSchema = z.strictObject(
  { afterMaintenance: z.enum(AFTER_MAINTENANCE, { error: AFTER_MAINTENANCE_INVALID }) },
  { error: unknownField },
);
export type AfterMaintenanceInput = z.input<typeof afterMaintenanceSchema>;

/** What the guild settings answer says of the timer tools. */
export interface TimerToolSettings {
  afterMaintenance: AfterMaintenance;
}
