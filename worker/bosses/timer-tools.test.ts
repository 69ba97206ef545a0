/**
 * The officers' timer tools (decision 076): POST /_api/boss-timers/no-spawn ("Didn't spawn") and
 * POST /_api/boss-timers/maintenance ("Server maintenance"), and the guild's choice of what a maintenance does
 * (PUT /_api/admin/guild-settings/after-maintenance). On all three drivers.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BossTimer, startBeforeSpawnMessage, timerRunningMessage } from "@shared/schemas/boss-timers.ts";
import {
  AFTER_MAINTENANCE_INVALID,
  BACK_AT_IN_FUTURE,
  BACK_AT_INVALID,
  BACK_AT_REQUIRED,
  BACK_AT_TOO_OLD,
  EXPECTED_SPAWN_INVALID,
  noSpawnFixedSchedule,
  noSpawnNotDue,
  noSpawnWithoutTimer,
} from "@shared/schemas/timer-tools.ts";
import type { Db } from "../db/types.ts";
import { type Portal, setUpPortal, signInAs } from "../salary/portal-test-setup.ts";
import type { TestClient } from "../test/api-client.ts";

const MINUTE = 60_000;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
let portal: Portal;
let db: Db;
let admin: TestClient;
let officer: TestClient;
let raider: TestClient;
let seq = 0;

async function createBoss(label: string, hours = 12): Promise<string> {
  const name = label === label.toUpperCase() ? label : `${label} ${++seq}`;
  expect((await admin.post("/_api/boss-names", { name, respawn_time_hours: hours })).status).toBe(201);
  return name;
}

async function timerOf(bossName: string): Promise<BossTimer> {
  const res = await portal.anonymous.get("/_api/boss-timers");
  const found = (res.data.timers as BossTimer[]).find((t) => t.bossName === bossName);
  if (!found) throw new Error(`no boss ${bossName}`);
  return found;
}

/** An officer starts the boss's timer at `startTime` (officers may start any timer, decision 029). */
async function startAt(bossName: string, startTime: Date): Promise<BossTimer> {
  const res = await officer.post("/_api/boss-timers", { bossName, startTime });
  expect(res.status).toBe(200);
  return res.data.timer as BossTimer;
}

/** A response as the user reads a refusal: its status and message. */
const refusal = async (pending: Promise<{ status: number; data: Record<string, unknown> }>) => {
  const res = await pending;
  return { status: res.status, error: res.data.error };
};

const auditOf = async (action: string) =>
  db.query<{ entityId: string | null; before: unknown; after: unknown }>(
    `SELECT entity_id AS "entityId", before, after FROM audit_log
      WHERE entity = 'boss_timer' AND action = $1 ORDER BY id`,
    [action],
  );

beforeAll(async () => {
  portal = await setUpPortal("timer-tools");
  ({ db, admin } = portal);
  raider = portal.user;
  officer = await signInAs(portal, "timer-tools-officer", "officer");
});
afterAll(async () => {
  await portal?.close();
});

describe("POST /_api/boss-timers/no-spawn (Didn't spawn)", () => {
  it("an officer moves an ended timer on by one interval from its expected spawn; audited", async () => {
    const name = await createBoss("Nospawn Vexmora", 12);
    const started = await startAt(name, new Date(Date.now() - 13 * HOUR));
    const expectedSpawn = started.endTime as Date;
    expect(started.isActive).toBe(false);

    const res = await officer.post("/_api/boss-timers/no-spawn", { bossName: name, expectedSpawn });
    expect(res.status).toBe(200);
    const moved = await timerOf(name);
    expect(moved.endTime).toEqual(new Date(expectedSpawn.getTime() + 12 * HOUR));
    expect(moved.startTime).toEqual(expectedSpawn);
    expect(moved).toMatchObject({ isActive: true, status: "active", durationHours: 12 });
    expect(res.data.timer).toEqual(moved);

    const entries = (await auditOf("no_spawn")).filter((e) => e.entityId === name);
    expect(entries).toHaveLength(1);
    expect(entries[0]?.before).toMatchObject({ endTime: expectedSpawn.toISOString() });
    expect(entries[0]?.after).toMatchObject({ endTime: moved.endTime?.toISOString() });

    // The same tap again (a second officer, a resent queue): the timer no longer ends then; nothing moves.
    const again = await officer.post("/_api/boss-timers/no-spawn", { bossName: name, expectedSpawn });
    expect(again.status).toBe(200);
    expect(await timerOf(name)).toEqual(moved);
    expect((await auditOf("no_spawn")).filter((e) => e.entityId === name)).toHaveLength(1);

    // The moved timer runs: the timer rules hold, a raider cannot start it over.
    const start = await raider.post("/_api/boss-timers", { bossName: name });
    expect({ status: start.status, error: start.data.error }).toEqual({
      status: 409,
      error: timerRunningMessage(name),
    });
  });

  it("a raider and a visitor are refused, and the timer stays", async () => {
    const name = await createBoss("Nospawn Karnoth", 10);
    const started = await startAt(name, new Date(Date.now() - 11 * HOUR));
    const body = { bossName: name, expectedSpawn: started.endTime };
    expect((await raider.post("/_api/boss-timers/no-spawn", body)).status).toBe(403);
    expect((await portal.anonymous.post("/_api/boss-timers/no-spawn", body)).status).toBe(401);
    expect((await timerOf(name)).endTime).toEqual(started.endTime);
  });

  it("refuses a running timer, a boss without one, a fixed schedule and an unknown boss, with clear messages", async () => {
    const running = await createBoss("Nospawn Running", 10);
    await startAt(running, new Date(Date.now() - HOUR));
    expect(await refusal(officer.post("/_api/boss-timers/no-spawn", { bossName: running }))).toEqual({
      status: 409,
      error: noSpawnNotDue(running),
    });
    const idle = await createBoss("Nospawn Idle", 10);
    expect(await refusal(officer.post("/_api/boss-timers/no-spawn", { bossName: idle }))).toEqual({
      status: 409,
      error: noSpawnWithoutTimer(idle),
    });
    const fixed = await createBoss("RINGOR", 24);
    expect(await refusal(officer.post("/_api/boss-timers/no-spawn", { bossName: fixed }))).toEqual({
      status: 400,
      error: noSpawnFixedSchedule(fixed),
    });
    expect((await officer.post("/_api/boss-timers/no-spawn", { bossName: "Nobody Here" })).status).toBe(404);
  });

  it("refuses bad input with a 400 and its message", async () => {
    const bad = [
      [{ bossName: "" }, "Boss name is required"],
      [{ bossName: "X", expectedSpawn: "yesterday" }, EXPECTED_SPAWN_INVALID],
      [{ bossName: "X", extra: 1 }, "Unknown field: extra"],
    ] as const;
    for (const [body, message] of bad) {
      expect(await refusal(officer.post("/_api/boss-timers/no-spawn", body))).toEqual({
        status: 400,
        error: message,
      });
    }
  });
});

describe("POST /_api/boss-timers/maintenance (Server maintenance)", () => {
  it("refuses a raider, a visitor and bad back times, changing nothing", async () => {
    const name = await createBoss("Maint Guard", 10);
    const started = await startAt(name, new Date(Date.now() - HOUR));
    const backAt = new Date(Date.now() - 10 * MINUTE);
    expect((await raider.post("/_api/boss-timers/maintenance", { backAt })).status).toBe(403);
    expect((await portal.anonymous.post("/_api/boss-timers/maintenance", { backAt })).status).toBe(401);
    const bad = [
      [{}, BACK_AT_REQUIRED],
      [{ backAt: "after lunch" }, BACK_AT_INVALID],
      [{ backAt: new Date(Date.now() + HOUR) }, BACK_AT_IN_FUTURE],
      [{ backAt: new Date(Date.now() - 8 * DAY) }, BACK_AT_TOO_OLD],
      [{ backAt, extra: true }, "Unknown field: extra"],
    ] as const;
    for (const [body, message] of bad) {
      expect(await refusal(officer.post("/_api/boss-timers/maintenance", body))).toEqual({
        status: 400,
        error: message,
      });
    }
    expect(await timerOf(name)).toEqual(started);
    expect(await auditOf("maintenance")).toHaveLength(0);
  });

  it("'ready' (the default): every interval boss spawns at the back time; fixed schedules untouched; one audit entry", async () => {
    const runningName = await createBoss("Maint Ready Running", 10);
    await startAt(runningName, new Date(Date.now() - 2 * HOUR));
    const idle = await createBoss("Maint Ready Idle", 24);
    const fixed = await createBoss("AURAQ", 24);
    const backAt = new Date(Date.now() - 30 * MINUTE);
    // Killed after the servers came back: its start stands.
    const since = await createBoss("Maint Ready Since", 10);
    const killed = await startAt(since, new Date(Date.now() - 5 * MINUTE));

    const res = await officer.post("/_api/boss-timers/maintenance", { backAt });
    expect(res.status).toBe(200);
    expect(res.data.afterMaintenance).toBe("ready");
    for (const name of [runningName, idle]) {
      const timer = await timerOf(name);
      expect(timer).toMatchObject({ isActive: false, status: "expired" });
      expect(timer.endTime).toEqual(backAt);
    }
    expect(await timerOf(since)).toEqual(killed);
    expect(await timerOf(fixed)).toMatchObject({ startTime: null, endTime: null, status: null });
    expect((res.data.timers as BossTimer[]).find((t) => t.bossName === runningName)?.endTime).toEqual(backAt);

    const entries = await auditOf("maintenance");
    expect(entries).toHaveLength(1);
    const after = entries[0]?.after as {
      backAt: string;
      afterMaintenance: string;
      timers: { bossName: string }[];
    };
    expect(after).toMatchObject({ backAt: backAt.toISOString(), afterMaintenance: "ready" });
    const names = after.timers.map((t) => t.bossName);
    expect(names).toEqual(expect.arrayContaining([runningName, idle]));
    expect(names).not.toContain(since);
    expect(names).not.toContain(fixed);
    expect(res.data.changed).toBe(after.timers.length);

    // The start rule holds after it: a raider starts the ready boss now, but not from before the back time.
    const early = raider.post("/_api/boss-timers", {
      bossName: idle,
      startTime: new Date(backAt.getTime() - MINUTE),
    });
    expect(await refusal(early)).toEqual({ status: 409, error: startBeforeSpawnMessage(idle, backAt) });
    expect((await raider.post("/_api/boss-timers", { bossName: idle })).status).toBe(200);
  });

  it("'restart', as an admin chose it: each interval boss's next spawn is back time + interval", async () => {
    // Only an admin chooses; officers and raiders are refused, and bad values are a 400.
    const put = (client: TestClient, body: unknown) =>
      client.call("PUT", "/_api/admin/guild-settings/after-maintenance", body);
    expect((await put(officer, { afterMaintenance: "restart" })).status).toBe(403);
    expect((await put(raider, { afterMaintenance: "restart" })).status).toBe(403);
    expect(await refusal(put(admin, { afterMaintenance: "later" }))).toEqual({
      status: 400,
      error: AFTER_MAINTENANCE_INVALID,
    });
    const saved = await put(admin, { afterMaintenance: "restart" });
    expect(saved.status).toBe(200);
    expect(saved.data).toMatchObject({ afterMaintenance: "restart" });
    expect((await portal.anonymous.get("/_api/public/guild-settings")).data).toMatchObject({
      afterMaintenance: "restart",
    });
    const settingsAudit = await db.query<{ after: unknown }>(
      "SELECT after FROM audit_log WHERE entity = 'guild_settings' ORDER BY id DESC LIMIT 1",
    );
    expect(settingsAudit[0]?.after).toMatchObject({ afterMaintenance: "restart" });

    const name = await createBoss("Maint Restart", 10);
    await startAt(name, new Date(Date.now() - 3 * HOUR));
    const fixed = await createBoss("THYMELE", 24);
    const backAt = new Date(Date.now() - 20 * MINUTE);
    const res = await officer.post("/_api/boss-timers/maintenance", { backAt });
    expect(res.status).toBe(200);
    expect(res.data.afterMaintenance).toBe("restart");
    const timer = await timerOf(name);
    expect(timer).toMatchObject({ isActive: true, status: "active", durationHours: 10 });
    expect(timer.startTime).toEqual(backAt);
    expect(timer.endTime).toEqual(new Date(backAt.getTime() + 10 * HOUR));
    expect(await timerOf(fixed)).toMatchObject({ startTime: null, status: null });

    // The same maintenance again changes nothing more.
    const again = await officer.post("/_api/boss-timers/maintenance", { backAt });
    expect(again.data.changed).toBe(0);
    expect(await timerOf(name)).toEqual(timer);
    await put(admin, { afterMaintenance: "ready" });
  });
});
