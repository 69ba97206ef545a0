// Who may start, replace and reset a boss timer (issue: a raider could reset any running timer by starting it
// again with a backdated start, or restart one on cooldown). docs/decisions/029.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { START_TIME_TOO_OLD } from "@shared/bosses/timer-start-windows.ts";
import {
  type BossTimer,
  startBeforeSpawnMessage,
  TEST_TIMER_ADMIN_ONLY,
  timerRunningMessage,
} from "@shared/schemas/boss-timers.ts";
import type { Db } from "../db/types.ts";
import { type Portal, setUpPortal, signInAs } from "../salary/portal-test-setup.ts";
import type { TestClient } from "../test/api-client.ts";
import { testDriver } from "../test/test-db.ts";
import { whileWriteOpen } from "../test/while-write-open.ts";

const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;
let portal: Portal;
let db: Db;
let admin: TestClient;
let raider: TestClient;
let otherRaider: TestClient;
let anonymous: TestClient;
let seq = 0;

/** A boss of its own for each test. */
async function createBoss(label: string, hours: number): Promise<string> {
  const name = `${label} ${++seq}`;
  expect((await admin.post("/_api/boss-names", { name, respawn_time_hours: hours })).status).toBe(201);
  return name;
}

async function timerOf(bossName: string): Promise<BossTimer> {
  const res = await anonymous.get("/_api/boss-timers");
  return (res.data.timers as BossTimer[]).find((t) => t.bossName === bossName) as BossTimer;
}

const ago = (ms: number) => new Date(Date.now() - ms);

function start(client: TestClient, bossName: string, startTime?: Date, extra: Record<string, unknown> = {}) {
  return client.post("/_api/boss-timers", { bossName, ...(startTime ? { startTime } : {}), ...extra });
}

beforeAll(async () => {
  portal = await setUpPortal("timer-rules");
  ({ db, admin, user: raider, anonymous } = portal);
  otherRaider = await signInAs(portal, "timer-rules", "user");
});
afterAll(async () => {
  await portal?.close();
});

describe("a raider (role user)", () => {
  it("starts a ready boss: one that never had a timer, or whose timer ended", async () => {
    const fresh = await createBoss("Gravemaw", 10);
    expect((await start(raider, fresh)).status).toBe(200);

    const ended = await createBoss("Thornqueen", 1);
    expect((await start(raider, ended, ago(3 * HOUR_MS))).status).toBe(200);
    // It spawned 2 hours ago; a kill reported at any time since is accepted.
    const res = await start(otherRaider, ended, ago(30 * MINUTE_MS));
    expect(res.status).toBe(200);
    expect(res.data.timer).toMatchObject({ isActive: true, status: "active" });
  });

  it("cannot end or replace a running timer in any way, and the timer is left as it was", async () => {
    const name = await createBoss("Obsidian Warden", 24);
    const started = await start(raider, name, ago(HOUR_MS));
    expect(started.status).toBe(200);
    const running = await timerOf(name);
    const running409 = { status: 409, data: { error: timerRunningMessage(name) } };

    // Started again now, by the same raider or another.
    expect(await start(raider, name)).toMatchObject(running409);
    expect(await start(otherRaider, name)).toMatchObject(running409);
    // Backdated by 23 h 59 min, which would make it end in a minute: older than the running start, so it
    // gives way to it (decision 036) and is answered with the timer that stands.
    const kept = { status: 200, data: { timer: running } };
    expect(await start(otherRaider, name, ago(23 * HOUR_MS + 59 * MINUTE_MS))).toMatchObject(kept);
    // Started "later", up to the clock-skew allowance ahead.
    expect(await start(otherRaider, name, new Date(Date.now() + 90_000))).toMatchObject(running409);
    // The same as an ISO string (plain JSON clients).
    expect(
      await start(otherRaider, name, undefined, { startTime: ago(30 * MINUTE_MS).toISOString() }),
    ).toMatchObject(running409);
    expect(
      await start(otherRaider, name, undefined, { startTime: ago(23 * HOUR_MS).toISOString() }),
    ).toMatchObject(kept);
    // A 10-second test timer, or the reset routes.
    expect(await start(raider, name, undefined, { testDuration: 10 })).toMatchObject({
      status: 403,
      data: { error: TEST_TIMER_ADMIN_ONLY },
    });
    for (const body of [{ bossName: name }, {}]) {
      expect((await raider.post("/_api/boss-timers/delete", body)).status).toBe(403);
    }
    // Older than the allowed window: refused by the window rule before the boss is even looked at.
    expect(await start(raider, name, ago(25 * HOUR_MS))).toMatchObject({
      status: 400,
      data: { error: START_TIME_TOO_OLD },
    });

    expect(await timerOf(name)).toEqual(running);
    const audit = await db.query<{ action: string }>(
      "SELECT action FROM audit_log WHERE entity = 'boss_timer' AND entity_id = $1",
      [name],
    );
    expect(audit.map((a) => a.action)).toEqual(["start"]);
  });

  it("cannot replace an admin's running test timer either", async () => {
    const name = await createBoss("Bloodmoon Matriarch", 40);
    expect((await start(admin, name, undefined, { testDuration: 10 })).status).toBe(200);
    expect(await start(raider, name)).toMatchObject({
      status: 409,
      data: { error: timerRunningMessage(name) },
    });
  });

  it("cannot start a boss at a time before its last spawn (the end of its latest timer)", async () => {
    const name = await createBoss("Mirelurk", 2);
    const first = await start(raider, name, ago(5 * HOUR_MS));
    const lastSpawn = (first.data.timer as BossTimer).endTime as Date;
    expect(lastSpawn.getTime()).toBeLessThan(Date.now());
    const res = await start(otherRaider, name, ago(4 * HOUR_MS));
    expect(res).toMatchObject({ status: 409, data: { error: startBeforeSpawnMessage(name, lastSpawn) } });
    expect(res.data.error).toMatch(
      /^Mirelurk \d+ was not ready at that start time: it last spawned at \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC, and a timer cannot start before that\.$/,
    );
    // Exactly at the spawn is fine.
    expect((await start(otherRaider, name, lastSpawn)).status).toBe(200);
  });

  it.skipIf(testDriver() === "pglite")(
    "a start sent while another start of the boss is being written waits for it, then is told it is on cooldown",
    async () => {
      const name = await createBoss("Ironhide Behemoth", 48);
      const res = await whileWriteOpen(
        db,
        async (tx) => {
          // What the start route does, with an admin's start: hold the boss, then write its timer.
          await tx.query("SELECT id FROM boss_names WHERE name = $1 FOR NO KEY UPDATE", [name]);
          await tx.query(
            `INSERT INTO boss_timers (boss_name, start_time, end_time, duration_hours)
             VALUES ($1, now(), now() + interval '48 hours', 48)`,
            [name],
          );
        },
        () => start(raider, name),
      );
      expect(res).toMatchObject({ status: 409, data: { error: timerRunningMessage(name) } });
    },
  );
});

describe("two starts of one boss at once (decision 036)", () => {
  it.skipIf(testDriver() === "pglite")(
    "an older start sent while a newer one is being written waits for it, then leaves it standing",
    async () => {
      const name = await createBoss("Stormcaller Vhen", 24);
      const older = await whileWriteOpen(
        db,
        async (tx) => {
          await tx.query("SELECT id FROM boss_names WHERE name = $1 FOR NO KEY UPDATE", [name]);
          await tx.query(
            `INSERT INTO boss_timers (boss_name, start_time, end_time, duration_hours)
             VALUES ($1, now() - interval '10 minutes', now() + interval '1430 minutes', 24)`,
            [name],
          );
        },
        () => start(admin, name, ago(HOUR_MS)),
      );
      const standing = await timerOf(name);
      expect(older).toMatchObject({ status: 200, data: { timer: standing } });
      expect((standing.startTime as Date).getTime()).toBeGreaterThan(Date.now() - 15 * MINUTE_MS);
    },
  );
});

describe("a start queued offline reaches the server later with the time of the click", () => {
  it("is accepted when the boss was ready then and nobody started it since", async () => {
    const never = await createBoss("Duskwing", 12);
    const clickedAt = ago(2 * HOUR_MS);
    const res = await start(raider, never, clickedAt, {});
    expect(res.status).toBe(200);
    expect(res.data.timer).toMatchObject({ startTime: clickedAt, isActive: true });

    const spawned = await createBoss("Eclipse Titan", 1);
    expect((await start(otherRaider, spawned, ago(4 * HOUR_MS))).status).toBe(200); // spawned 3 hours ago
    const click = ago(2 * HOUR_MS);
    const queued = await raider.post(
      "/_api/boss-timers",
      { bossName: spawned, startTime: click },
      { "idempotency-key": `offline-${spawned.replace(/\W/g, "-")}` },
    );
    expect(queued.status).toBe(200);
    expect(queued.data.timer).toMatchObject({
      startTime: click,
      endTime: new Date(click.getTime() + HOUR_MS),
    });
  });

  it("gives way to a start made after the click, whether that timer still runs or has ended: answered 200 with it", async () => {
    // Still running: the queued start is older, so the running timer stands (decision 036).
    const running = await createBoss("Abyssal Leviathan", 24);
    const clickedAt = ago(30 * MINUTE_MS);
    expect((await start(otherRaider, running, ago(20 * MINUTE_MS))).status).toBe(200);
    const standing = await timerOf(running);
    expect(await start(raider, running, clickedAt)).toMatchObject({ status: 200, data: { timer: standing } });

    // Started after the click and already ended: the boss was claimed since; the queued start changes nothing.
    const short = await createBoss("Worldeater", 1);
    const click = ago(3 * HOUR_MS);
    const later = await start(otherRaider, short, ago(2 * HOUR_MS + 30 * MINUTE_MS));
    const ended = await timerOf(short);
    expect(ended).toMatchObject({ status: "expired", startTime: (later.data.timer as BossTimer).startTime });
    expect(await start(raider, short, click)).toMatchObject({ status: 200, data: { timer: ended } });
    expect(await timerOf(short)).toEqual(ended);
  });

  it("is still refused when it is later than the stored start but before that timer's end", async () => {
    const short = await createBoss("Cinderhorn", 1);
    const first = await start(otherRaider, short, ago(3 * HOUR_MS));
    const lastSpawn = (first.data.timer as BossTimer).endTime as Date;
    expect(await start(raider, short, ago(2 * HOUR_MS + 30 * MINUTE_MS))).toMatchObject({
      status: 409,
      data: { error: startBeforeSpawnMessage(short, lastSpawn) },
    });
  });

  it("leaves the later of two starts standing in whichever order they arrive; a repeat answers the same", async () => {
    const early = ago(3 * HOUR_MS);
    const late = ago(2 * HOUR_MS);
    const finals: BossTimer[] = [];
    for (const order of [
      [early, late],
      [late, early],
    ] as const) {
      const name = await createBoss("Hollow King", 48);
      for (const [i, at] of order.entries()) {
        expect((await start(i === 0 ? raider : admin, name, at)).status).toBe(200);
      }
      finals.push(await timerOf(name));
      // The older start sent again with its Idempotency-Key: applied once, answered as the first time.
      const key = { "idempotency-key": `late-arrival-${seq}` };
      const first = await admin.post("/_api/boss-timers", { bossName: name, startTime: early }, key);
      const again = await admin.post("/_api/boss-timers", { bossName: name, startTime: early }, key);
      expect(again).toMatchObject({ status: first.status, data: first.data });
      expect(first.data.timer).toMatchObject({ startTime: late });
    }
    for (const timer of finals) expect(timer).toMatchObject({ startTime: late, isActive: true });
  });

  it("is accepted after an admin reset, which leaves the boss ready with no recorded spawn", async () => {
    const name = await createBoss("Crystal Sentinel", 24);
    expect((await start(otherRaider, name)).status).toBe(200);
    expect((await admin.post("/_api/boss-timers/delete", { bossName: name })).status).toBe(200);
    expect((await start(raider, name, ago(10 * MINUTE_MS))).status).toBe(200);
  });
});

describe("an admin", () => {
  it("replaces a running timer with a later start, and resets it", async () => {
    const name = await createBoss("Sunscorch Wyrm", 24);
    expect((await start(raider, name, ago(2 * HOUR_MS))).status).toBe(200);
    const later = ago(HOUR_MS);
    const replaced = await start(admin, name, later);
    expect(replaced.status).toBe(200);
    expect(replaced.data.timer).toMatchObject({ startTime: later, isActive: true });
    expect((await start(admin, name)).status).toBe(200);
    expect((await admin.post("/_api/boss-timers/delete", { bossName: name })).status).toBe(200);
    expect((await timerOf(name)).status).toBeNull();
  });

  it("cannot replace a timer with an older start either: the latest start stands, whatever arrives last", async () => {
    const name = await createBoss("Glacial Tyrant", 24);
    const newer = ago(HOUR_MS);
    expect((await start(raider, name, newer)).status).toBe(200);
    const standing = await timerOf(name);
    // Backdated, or queued offline before the raider's start and sent after it.
    const older = await start(admin, name, ago(23 * HOUR_MS + 59 * MINUTE_MS));
    expect(older).toMatchObject({ status: 200, data: { timer: standing } });
    // The same start time is no later either.
    expect(await start(admin, name, newer, { testDuration: 10 })).toMatchObject({
      status: 200,
      data: { timer: standing },
    });
    expect(await timerOf(name)).toEqual(standing);
    const audit = await db.query<{ action: string }>(
      "SELECT action FROM audit_log WHERE entity = 'boss_timer' AND entity_id = $1",
      [name],
    );
    expect(audit.map((a) => a.action)).toEqual(["start"]);
    // To put an earlier start in its place, an admin resets the timer first.
    expect((await admin.post("/_api/boss-timers/delete", { bossName: name })).status).toBe(200);
    const backdated = ago(23 * HOUR_MS);
    expect((await start(admin, name, backdated)).data.timer).toMatchObject({ startTime: backdated });
  });

  it("starts a boss at a time before its last spawn", async () => {
    const name = await createBoss("Frostfang", 1);
    expect((await start(raider, name, ago(5 * HOUR_MS))).status).toBe(200);
    expect((await start(admin, name, ago(4 * HOUR_MS + 30 * MINUTE_MS))).status).toBe(200);
  });
});
