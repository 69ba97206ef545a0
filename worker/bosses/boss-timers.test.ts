import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { START_TIME_IN_FUTURE, START_TIME_TOO_OLD } from "@shared/bosses/timer-start-windows.ts";
import type { BossTimer } from "@shared/schemas/boss-timers.ts";
import {
  BOSS_NAME_REQUIRED,
  fixedScheduleRefusal,
  RESET_ALL_MESSAGE,
  resetOneMessage,
  START_TIME_INVALID,
  TEST_DURATION_INVALID,
  TEST_TIMER_ADMIN_ONLY,
} from "@shared/schemas/boss-timers.ts";
import { KEY_REUSED } from "../app/write.ts";
import type { Db } from "../db/types.ts";
import { type Portal, setUpPortal } from "../salary/portal-test-setup.ts";
import type { TestClient } from "../test/api-client.ts";
import { bossNotFound } from "./timer-answer.ts";

const HOUR_MS = 3_600_000;
let portal: Portal;
let db: Db;
let admin: TestClient;
let user: TestClient;
let anonymous: TestClient;
let seq = 0;

/** A boss of its own for each test, so tests share the file's database without depending on each other. */
async function createBoss(label: string, hours: number): Promise<string> {
  const name = `${label} ${++seq}`;
  if (hours < 0) {
    // Fixed-schedule codes exist only in data; the boss-name form accepts 1-168.
    await db.query("INSERT INTO boss_names (name, respawn_time_hours) VALUES ($1, $2)", [name, hours]);
  } else {
    expect((await admin.post("/_api/boss-names", { name, respawn_time_hours: hours })).status).toBe(201);
  }
  return name;
}

async function timerOf(bossName: string): Promise<BossTimer | undefined> {
  const res = await anonymous.get("/_api/boss-timers");
  expect(res.status).toBe(200);
  return (res.data.timers as BossTimer[]).find((t) => t.bossName === bossName);
}

const timerAudit = (bossName: string) =>
  db.query<{ action: string; before: Record<string, unknown> | null; after: Record<string, unknown> | null }>(
    "SELECT action, before, after FROM audit_log WHERE entity = 'boss_timer' AND entity_id = $1 ORDER BY id",
    [bossName],
  );

beforeAll(async () => {
  portal = await setUpPortal("boss-timers");
  ({ db, admin, user, anonymous } = portal);
});
afterAll(async () => {
  await portal?.close();
});

describe("GET /_api/boss-timers", () => {
  it("lists every boss, anonymously, with null timer fields when it has no timer", async () => {
    const interval = await createBoss("Gravemaw", 10);
    const fixed = await createBoss("RINGOR", -2);
    const res = await anonymous.get("/_api/boss-timers");
    expect(res.status).toBe(200);
    const timers = res.data.timers as BossTimer[];
    const empty = { startTime: null, endTime: null, durationHours: null, isActive: false, status: null };
    expect(timers.find((t) => t.bossName === interval)).toEqual({
      bossId: expect.any(Number),
      bossName: interval,
      respawnTimeHours: 10,
      ...empty,
    });
    expect(timers.find((t) => t.bossName === fixed)).toMatchObject({ respawnTimeHours: -2, ...empty });
    const names = timers.map((t) => t.bossName);
    expect(names).toEqual([...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    // No server time in the body: it would make every answer new and defeat the cached read (decision 023).
    expect(Object.keys(res.data)).toEqual(["timers"]);
  });

  it("shows a timer whose end has passed as expired and not active", async () => {
    const name = await createBoss("Thornqueen", 12);
    const startTime = new Date(Date.now() - 13 * HOUR_MS);
    const res = await user.post("/_api/boss-timers", { bossName: name, startTime });
    expect(res.status).toBe(200);
    expect(res.data.timer).toMatchObject({ isActive: false, status: "expired" });
    expect(await timerOf(name)).toMatchObject({
      startTime,
      endTime: new Date(startTime.getTime() + 12 * HOUR_MS),
      isActive: false,
      status: "expired",
    });
  });
});

describe("POST /_api/boss-timers", () => {
  it("a user starts an interval boss's timer: end = start + respawn hours; audited; listed", async () => {
    const name = await createBoss("Ashen Colossus", 18.5);
    const before = Date.now();
    const res = await user.post("/_api/boss-timers", { bossName: name });
    const after = Date.now();
    expect(res.status).toBe(200);
    const timer = res.data.timer as BossTimer;
    expect(timer).toMatchObject({
      bossName: name,
      respawnTimeHours: 18.5,
      durationHours: 18.5,
      isActive: true,
      status: "active",
    });
    const start = (timer.startTime as Date).getTime();
    expect(start).toBeGreaterThanOrEqual(before);
    expect(start).toBeLessThanOrEqual(after);
    expect((timer.endTime as Date).getTime() - start).toBe(18.5 * HOUR_MS);
    expect(await timerOf(name)).toEqual(timer);
    const audit = await timerAudit(name);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: "start",
      before: null,
      after: { bossName: name, durationHours: 18.5, status: "active", isActive: true },
    });
  });

  it("finds the boss in any letter case and answers the stored spelling", async () => {
    const name = await createBoss("Stormcaller Vhen", 24);
    const res = await user.post("/_api/boss-timers", { bossName: ` ${name.toLowerCase()} ` });
    expect(res.status).toBe(200);
    expect(res.data.timer).toMatchObject({ bossName: name, status: "active" });
  });

  it("an admin may start one too; anonymous visitors may not", async () => {
    const name = await createBoss("Frostfang", 24);
    const refused = await anonymous.post("/_api/boss-timers", { bossName: name });
    expect(refused.status).toBe(401);
    expect(refused.data).toEqual({ error: "Authentication required" });
    expect((await timerOf(name))?.status).toBeNull();
    expect((await admin.post("/_api/boss-timers", { bossName: name })).status).toBe(200);
  });

  it("an admin starting again replaces the boss's timer; the audit keeps the one it replaced", async () => {
    const name = await createBoss("Obsidian Warden", 30);
    const first = await user.post("/_api/boss-timers", {
      bossName: name,
      startTime: new Date(Date.now() - HOUR_MS),
    });
    // A raider may not (timer-rules.test.ts).
    const second = await admin.post("/_api/boss-timers", { bossName: name });
    expect(second.status).toBe(200);
    const rows = await db.query("SELECT 1 FROM boss_timers WHERE boss_name = $1", [name]);
    expect(rows).toHaveLength(1);
    expect(await timerOf(name)).toEqual(second.data.timer);
    const audit = await timerAudit(name);
    expect(audit.map((a) => a.action)).toEqual(["start", "start"]);
    expect(new Date(audit[1]?.before?.startTime as string)).toEqual(
      (first.data.timer as BossTimer).startTime,
    );
  });

  it("refuses a fixed-schedule boss with 400, an unknown boss with 404, and a missing name", async () => {
    const fixed = await createBoss("RODERICK", -3);
    const refused = await user.post("/_api/boss-timers", { bossName: fixed });
    expect(refused.status).toBe(400);
    expect(refused.data).toEqual({ error: fixedScheduleRefusal(fixed) });
    expect(refused.data.error).toBe(`${fixed} spawns on a fixed schedule; its timer cannot be started.`);
    expect(await db.query("SELECT 1 FROM boss_timers WHERE boss_name = $1", [fixed])).toHaveLength(0);
    // A fixed-schedule boss keeps its schedule by name even if its stored code says "every 24 hours".
    await db.query("INSERT INTO boss_names (name, respawn_time_hours) VALUES ('NEUTRO', 24)");
    const byName = await user.post("/_api/boss-timers", { bossName: "neutro" });
    expect(byName.status).toBe(400);
    expect(byName.data).toEqual({ error: fixedScheduleRefusal("NEUTRO") });
    const unknown = await user.post("/_api/boss-timers", { bossName: "No Such Boss" });
    expect(unknown.status).toBe(404);
    expect(unknown.data).toEqual({ error: bossNotFound("No Such Boss") });
    for (const body of [{}, { bossName: "" }, { bossName: "   " }, { bossName: 7 }]) {
      const res = await user.post("/_api/boss-timers", body);
      expect({ body, status: res.status, data: res.data }).toEqual({
        body,
        status: 400,
        data: { error: BOSS_NAME_REQUIRED },
      });
    }
    expect(BOSS_NAME_REQUIRED).toBe("Boss name is required");
    const extra = await user.post("/_api/boss-timers", { bossName: fixed, duration: 5 });
    expect(extra).toMatchObject({ status: 400, data: { error: "Unknown field: duration" } });
  });

  it("accepts a start time from up to 24 hours ago to 2 minutes ahead (a Date or an ISO string)", async () => {
    const name = await createBoss("Mirelurk", 20);
    const startTime = new Date(Date.now() - 23 * HOUR_MS);
    const past = await user.post("/_api/boss-timers", { bossName: name, startTime });
    expect(past.status).toBe(200);
    expect(past.data.timer).toMatchObject({
      startTime,
      endTime: new Date(startTime.getTime() + 20 * HOUR_MS),
    });
    const ahead = new Date(Date.now() + 60_000);
    const iso = await user.post("/_api/boss-timers", { bossName: name, startTime: ahead.toISOString() });
    expect(iso.status).toBe(200);
    expect(iso.data.timer).toMatchObject({ startTime: ahead, isActive: true });
  });

  it("refuses a start time older than 24 hours, more than 2 minutes ahead, or not a date", async () => {
    const name = await createBoss("Hollow King", 36);
    const cases: [unknown, string][] = [
      [new Date(Date.now() - 24 * HOUR_MS - 60_000), START_TIME_TOO_OLD],
      [new Date(Date.now() + 3 * 60_000), START_TIME_IN_FUTURE],
      [new Date(Date.now() + 3 * 60_000).toISOString(), START_TIME_IN_FUTURE],
      ["yesterday", START_TIME_INVALID],
      ["2026-01-01", START_TIME_INVALID],
      [1_700_000_000_000, START_TIME_INVALID],
    ];
    for (const [startTime, error] of cases) {
      const res = await user.post("/_api/boss-timers", { bossName: name, startTime });
      expect({ startTime, status: res.status, data: res.data }).toEqual({
        startTime,
        status: 400,
        data: { error },
      });
    }
    expect(await db.query("SELECT 1 FROM boss_timers WHERE boss_name = $1", [name])).toHaveLength(0);
  });

  it("a test timer lasts exactly 10 seconds and only admins may create one", async () => {
    const name = await createBoss("Bloodmoon Matriarch", 40);
    const refused = await user.post("/_api/boss-timers", { bossName: name, testDuration: 10 });
    expect(refused.status).toBe(403);
    expect(refused.data).toEqual({ error: TEST_TIMER_ADMIN_ONLY });
    expect(await db.query("SELECT 1 FROM boss_timers WHERE boss_name = $1", [name])).toHaveLength(0);

    const res = await admin.post("/_api/boss-timers", { bossName: name, testDuration: 10 });
    expect(res.status).toBe(200);
    const timer = res.data.timer as BossTimer;
    expect((timer.endTime as Date).getTime() - (timer.startTime as Date).getTime()).toBe(10_000);
    expect(timer).toMatchObject({ bossName: name, isActive: true, status: "active" });
    expect((await timerAudit(name)).map((a) => a.action)).toEqual(["start_test"]);

    for (const testDuration of [5, 3600, true, "10"]) {
      const bad = await admin.post("/_api/boss-timers", { bossName: name, testDuration });
      expect({ testDuration, status: bad.status, data: bad.data }).toEqual({
        testDuration,
        status: 400,
        data: { error: TEST_DURATION_INVALID },
      });
    }
  });

  it("applies a start with the same Idempotency-Key once and answers the same body; another body is 422", async () => {
    const name = await createBoss("Ironhide Behemoth", 48);
    const key = `start-${name.replace(/\W/g, "-")}`;
    const first = await user.post("/_api/boss-timers", { bossName: name }, { "idempotency-key": key });
    const again = await user.post("/_api/boss-timers", { bossName: name }, { "idempotency-key": key });
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(again.text).toBe(first.text);
    expect(await timerAudit(name)).toHaveLength(1);
    const other = await user.post("/_api/boss-timers", { bossName: `${name} ` }, { "idempotency-key": key });
    expect(other.status).toBe(422);
    expect(other.data).toEqual({ error: KEY_REUSED });
  });

  it("a renamed boss keeps its timer under the new name; a deleted boss loses it", async () => {
    const name = await createBoss("Sunscorch Wyrm", 60);
    const started = await user.post("/_api/boss-timers", { bossName: name });
    const list = (await admin.get("/_api/boss-names")).data.bossNames as { id: number; name: string }[];
    const id = list.find((b) => b.name === name)?.id as number;
    expect((await admin.post("/_api/boss-names/update", { id, name: `${name} Reborn` })).status).toBe(200);
    const renamed = await timerOf(`${name} Reborn`);
    expect(renamed).toMatchObject({
      startTime: (started.data.timer as BossTimer).startTime,
      endTime: (started.data.timer as BossTimer).endTime,
      status: "active",
    });
    expect(await timerOf(name)).toBeUndefined();
    expect((await admin.post("/_api/boss-names/delete", { id })).status).toBe(200);
    expect(await timerOf(`${name} Reborn`)).toBeUndefined();
    expect(await db.query("SELECT 1 FROM boss_timers WHERE boss_name = $1", [`${name} Reborn`])).toHaveLength(
      0,
    );
  });
});

describe("POST /_api/boss-timers/delete", () => {
  it("resets one boss's timer (any letter case) with the product's message; the boss then has no timer", async () => {
    const name = await createBoss("Duskwing", 72);
    const other = await createBoss("Eclipse Titan", 144);
    await user.post("/_api/boss-timers", { bossName: name });
    await user.post("/_api/boss-timers", { bossName: other });
    const res = await admin.post("/_api/boss-timers/delete", { bossName: name.toUpperCase() });
    expect(res.status).toBe(200);
    expect(res.data).toEqual({ success: true, message: resetOneMessage(name) });
    expect(res.data.message).toBe(`${name} timer has been reset successfully`);
    expect(await timerOf(name)).toMatchObject({
      startTime: null,
      endTime: null,
      isActive: false,
      status: null,
    });
    expect((await timerOf(other))?.status).toBe("active");
    const audit = await timerAudit(name);
    expect(audit.at(-1)).toMatchObject({ action: "reset", before: { bossName: name }, after: null });
  });

  it("resetting a boss that has no timer succeeds; an unknown boss is 404; an empty name is 400", async () => {
    const name = await createBoss("Crystal Sentinel", 120);
    expect((await admin.post("/_api/boss-timers/delete", { bossName: name })).data).toEqual({
      success: true,
      message: resetOneMessage(name),
    });
    const unknown = await admin.post("/_api/boss-timers/delete", { bossName: "No Such Boss" });
    expect(unknown.status).toBe(404);
    expect(unknown.data).toEqual({ error: bossNotFound("No Such Boss") });
    const empty = await admin.post("/_api/boss-timers/delete", { bossName: "" });
    expect(empty).toMatchObject({ status: 400, data: { error: BOSS_NAME_REQUIRED } });
    const extra = await admin.post("/_api/boss-timers/delete", { all: true });
    expect(extra).toMatchObject({ status: 400, data: { error: "Unknown field: all" } });
  });

  it("an empty body resets every timer", async () => {
    const a = await createBoss("Abyssal Leviathan", 96);
    const b = await createBoss("Worldeater", 168);
    await user.post("/_api/boss-timers", { bossName: a });
    await admin.post("/_api/boss-timers", { bossName: b, testDuration: 10 });
    const res = await admin.post("/_api/boss-timers/delete", {});
    expect(res.status).toBe(200);
    expect(res.data).toEqual({ success: true, message: RESET_ALL_MESSAGE });
    expect(RESET_ALL_MESSAGE).toBe("All boss timers have been reset successfully");
    const timers = (await anonymous.get("/_api/boss-timers")).data.timers as BossTimer[];
    expect(timers.length).toBeGreaterThanOrEqual(2);
    expect(timers.filter((t) => t.startTime !== null || t.isActive)).toEqual([]);
    const [audit] = await db.query<{ before: { bossName: string }[] }>(
      "SELECT before FROM audit_log WHERE entity = 'boss_timer' AND action = 'reset_all' ORDER BY id DESC LIMIT 1",
    );
    expect(audit?.before.map((t) => t.bossName)).toEqual(expect.arrayContaining([a, b]));
  });

  it("is for admins: 401 anonymous, 403 for a user, and the timer stays", async () => {
    const name = await createBoss("Gravemaw", 10);
    await user.post("/_api/boss-timers", { bossName: name });
    for (const body of [{ bossName: name }, {}]) {
      expect((await anonymous.post("/_api/boss-timers/delete", body)).status).toBe(401);
      const refused = await user.post("/_api/boss-timers/delete", body);
      expect(refused.status).toBe(403);
      expect(refused.data).toEqual({ error: "Access denied. Your role (user) lacks required permissions." });
    }
    expect((await timerOf(name))?.status).toBe("active");
  });
});
