/** Boss names and their respawn timers (decisions 007, 029, 036, 041, 076). */
import {
  type BossName,
  createBossNameSchema,
  deleteBossNameSchema,
  updateBossNameSchema,
} from "../schemas/boss-names.ts";
import {
  type BossTimer,
  resetBossTimersSchema,
  startBossTimerSchema,
  undoBossTimerStartSchema,
} from "../schemas/boss-timers.ts";
import { type AfterMaintenance, maintenanceSchema, noSpawnSchema } from "../schemas/timer-tools.ts";
import { answer, call } from "./call.ts";

export const BOSS_NAME_CALLS = {
  list: call({
    method: "GET",
    path: "/boss-names",
    role: "officer",
    summary: "Every boss with its respawn hours.",
    answer: answer<{ bossNames: BossName[] }>(),
  }),
  publicList: call({
    method: "GET",
    path: "/public/boss-names",
    role: "public",
    summary: "The same list for the public timer page (a cached read).",
    answer: answer<{ bossNames: BossName[] }>(),
  }),
  create: call({
    method: "POST",
    path: "/boss-names",
    role: "officer",
    summary: "Adds a boss (201); 409 when its name or a lookalike is taken.",
    body: createBossNameSchema,
    answer: answer<{ bossName: BossName }>(),
  }),
  update: call({
    method: "POST",
    path: "/boss-names/update",
    role: "officer",
    summary: "Renames a boss or changes its respawn hours; with `base`, merges (decision 038).",
    body: updateBossNameSchema,
    answer: answer<{ bossName: BossName }>(),
  }),
  remove: call({
    method: "POST",
    path: "/boss-names/delete",
    role: "officer",
    summary: "Deletes a boss and its timer.",
    body: deleteBossNameSchema,
    answer: answer<{ success: true; id: number }>(),
  }),
};

export const BOSS_TIMER_CALLS = {
  list: call({
    method: "GET",
    path: "/boss-timers",
    role: "public",
    summary: "Every boss with its timer (a cached read until the first running timer ends).",
    answer: answer<{ timers: BossTimer[] }>(),
  }),
  start: call({
    method: "POST",
    path: "/boss-timers",
    role: "user",
    summary:
      "Starts a ready boss's timer at the click time; the latest start stands. A test timer is an admin's.",
    body: startBossTimerSchema,
    answer: answer<{ timer: BossTimer }>(),
  }),
  undo: call({
    method: "POST",
    path: "/boss-timers/undo",
    role: "user",
    summary: "Takes back the caller's own start within the undo window; the timer it replaced comes back.",
    body: undoBossTimerStartSchema,
    answer: answer<{ timer: BossTimer }>(),
  }),
  reset: call({
    method: "POST",
    path: "/boss-timers/delete",
    role: "officer",
    summary: "Resets one boss's timer, or every timer when no boss is named.",
    body: resetBossTimersSchema,
    answer: answer<{ success: true; message: string }>(),
  }),
  noSpawn: call({
    method: "POST",
    path: "/boss-timers/no-spawn",
    role: "officer",
    summary:
      "Didn't spawn: moves an interval boss's timer on by one interval from its expected spawn; audited (decision 076).",
    body: noSpawnSchema,
    answer: answer<{ timer: BossTimer }>(),
  }),
  maintenance: call({
    method: "POST",
    path: "/boss-timers/maintenance",
    role: "officer",
    summary:
      "Server maintenance: every interval boss ready from the back time, or restarted then, as the guild chose; one audited write.",
    body: maintenanceSchema,
    answer: answer<{ timers: BossTimer[]; changed: number; afterMaintenance: AfterMaintenance }>(),
  }),
};
