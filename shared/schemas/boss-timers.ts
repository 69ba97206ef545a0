/**
 * Boss respawn timers: the request bodies of /_api/boss-timers, the answer shape and the messages,
 * shared by the server and the timer pages (and the outbox, which replays a start made offline).
 */
import * as z from "zod";
import { startTimeProblem, UNDO_WINDOW_SECONDS } from "../bosses/timer-start-windows.ts";

export const TEST_TIMER_SECONDS = 10;

export const BOSS_NAME_REQUIRED = "Boss name is required";
export const START_TIME_INVALID = "Start time must be a date and time.";
export const TEST_DURATION_INVALID = `A test timer lasts exactly ${TEST_TIMER_SECONDS} seconds (testDuration: ${TEST_TIMER_SECONDS}).`;
export const TEST_TIMER_ADMIN_ONLY = "Only admins can create test timers.";
export const RESET_ALL_MESSAGE = "All boss timers have been reset successfully";

export const resetOneMessage = (bossName: string) => `${bossName} timer has been reset successfully`;

/** '2026-05-01 18:30:00 UTC': the server cannot know the reader's time zone. */
const utcTime = (date: Date) => `${date.toISOString().slice(0, 19).replace("T", " ")} UTC`;

/** 409 to a raider starting a boss whose timer runs (docs/decisions/029). */
export const timerRunningMessage = (bossName: string) =>
  `${bossName} is on cooldown; only an admin can reset or replace a running timer.`;
/** 409 to a raider whose start time is before the boss's last spawn (the end of its latest timer). */
export const startBeforeSpawnMessage = (bossName: string, lastSpawn: Date) =>
  `${bossName} was not ready at that start time: it last spawned at ${utcTime(lastSpawn)}, and a timer cannot start before that.`;
export const fixedScheduleRefusal = (bossName: string) =>
  `${bossName} spawns on a fixed schedule; its timer cannot be started.`;

const unknownField = (issue: z.core.$ZodRawIssue) =>
  issue.code === "unrecognized_keys" ? `Unknown field: ${issue.keys.join(", ")}` : undefined;

export const bossNameField = z
  .string({ error: BOSS_NAME_REQUIRED })
  .trim()
  .min(1, { error: BOSS_NAME_REQUIRED });

/** A superjson Date or an ISO 8601 date-time with an offset (plain JSON clients). */
const startTimeField = z
  .union([z.date(), z.iso.datetime({ offset: true, error: START_TIME_INVALID })], {
    error: START_TIME_INVALID,
  })
  .transform((v) => (v instanceof Date ? v : new Date(v)))
  .check((ctx) => {
    const problem = startTimeProblem(ctx.value, new Date());
    if (problem) ctx.issues.push({ code: "custom", message: problem, input: ctx.value });
  });

export const startBossTimerSchema = z.strictObject(
  {
    bossName: bossNameField,
    startTime: startTimeField.optional(),
    /** Admins only: a timer of exactly TEST_TIMER_SECONDS instead of the boss's respawn hours. */
    testDuration: z.literal(TEST_TIMER_SECONDS, { error: TEST_DURATION_INVALID }).optional(),
  },
  { error: unknownField },
);
export type StartBossTimerInput = z.infer<typeof startBossTimerSchema>;

export const UNDO_NOT_STARTER = "Only the account that started this timer can undo it.";
/** 409 to an undo that comes more than UNDO_WINDOW_SECONDS after the start was recorded (docs/decisions/041). */
export const undoTooLateMessage = (bossName: string) =>
  `Too late to undo ${bossName}'s timer: a start can be undone for ${UNDO_WINDOW_SECONDS} seconds after it is recorded. Ask an admin to reset it.`;

/** Undo a start: the start is named by its start time (the click time the start carried). */
export const undoBossTimerStartSchema = z.strictObject(
  {
    bossName: bossNameField,
    startTime: z
      .union([z.date(), z.iso.datetime({ offset: true, error: START_TIME_INVALID })], {
        error: START_TIME_INVALID,
      })
      .transform((v) => (v instanceof Date ? v : new Date(v))),
  },
  { error: unknownField },
);
export type UndoBossTimerStartInput = z.infer<typeof undoBossTimerStartSchema>;

/** Omit bossName to reset every timer. */
export const resetBossTimersSchema = z.strictObject(
  { bossName: bossNameField.optional() },
  { error: unknownField },
);
export type ResetBossTimersInput = z.infer<typeof resetBossTimersSchema>;

/**
 * One entry of `timers` (GET /_api/boss-timers): every boss, with its current timer's fields or nulls.
 * isActive and status are as of the server's clock when answered: a timer whose end time has passed is
 * 'expired' and not active.
 */
export interface BossTimer {
  bossId: number;
  bossName: string;
  /** 1-168: respawn interval in hours; -1..-8: a fixed weekly schedule (no timer can be started). */
  respawnTimeHours: number;
  startTime: Date | null;
  endTime: Date | null;
  durationHours: number | null;
  isActive: boolean;
  status: "active" | "expired" | null;
}
