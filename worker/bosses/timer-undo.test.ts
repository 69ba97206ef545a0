/** POST /_api/boss-timers/undo: the starter takes back a start within 10 s of its recording (decision 041). */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BossTimer, UNDO_NOT_STARTER, undoTooLateMessage } from "@shared/schemas/boss-timers.ts";
import type { Db } from "../db/types.ts";
import { type Portal, setUpPortal, signInAs } from "../salary/portal-test-setup.ts";
import type { TestClient } from "../test/api-client.ts";

const HOUR_MS = 3_600_000;
let portal: Portal;
let db: Db;
let admin: TestClient;
let user: TestClient;
let otherUser: TestClient;
let seq = 0;

async function createBoss(label: string, hours = 12): Promise<string> {
  const name = `${label} ${++seq}`;
  expect((await admin.post("/_api/boss-names", { name, respawn_time_hours: hours })).status).toBe(201);
  return name;
}

async function timerOf(bossName: string): Promise<BossTimer | undefined> {
  const res = await portal.anonymous.get("/_api/boss-timers");
  return (res.data.timers as BossTimer[]).find((t) => t.bossName === bossName);
}

async function start(client: TestClient, bossName: string, startTime?: Date): Promise<Date> {
  const res = await client.post("/_api/boss-timers", { bossName, startTime });
  expect(res.status).toBe(200);
  return (res.data.timer as BossTimer).startTime as Date;
}

const actions = async (bossName: string) =>
  (
    await db.query<{ action: string }>(
      "SELECT action FROM audit_log WHERE entity = 'boss_timer' AND entity_id = $1 ORDER BY id",
      [bossName],
    )
  ).map((a) => a.action);

/** The start was recorded `seconds` ago: its audit entry is dated back (the window is measured from it). */
const recordedAgo = (bossName: string, seconds: number) =>
  db.query(
    `UPDATE audit_log SET created_at = now() - make_interval(secs => $2)
      WHERE id = (SELECT max(id) FROM audit_log WHERE entity = 'boss_timer' AND entity_id = $1)`,
    [bossName, seconds],
  );

beforeAll(async () => {
  portal = await setUpPortal("timer-undo");
  ({ db, admin, user } = portal);
  otherUser = await signInAs(portal, "timer-undo-other", "user");
});
afterAll(async () => {
  await portal?.close();
});

describe("POST /_api/boss-timers/undo", () => {
  it("the raider who started a timer undoes it within 10 s: the boss has no timer again; audited", async () => {
    const name = await createBoss("Undo Vexmora");
    const startTime = await start(user, name);
    const res = await user.post("/_api/boss-timers/undo", { bossName: name, startTime });
    expect(res.status).toBe(200);
    expect(res.data.timer).toMatchObject({ bossName: name, startTime: null, isActive: false, status: null });
    expect(await timerOf(name)).toMatchObject({ startTime: null, status: null });
    expect(await actions(name)).toEqual(["start", "undo_start"]);
  });

  it("restores the timer the start replaced (an expired one), as it was", async () => {
    const name = await createBoss("Undo Karnoth", 12);
    const old = new Date(Date.now() - 13 * HOUR_MS);
    await start(user, name, old);
    const startTime = await start(user, name);
    const res = await user.post("/_api/boss-timers/undo", { bossName: name, startTime });
    expect(res.status).toBe(200);
    const restored = await timerOf(name);
    expect(restored).toMatchObject({ status: "expired", isActive: false, durationHours: 12 });
    expect(restored?.startTime).toEqual(old);
    expect(res.data.timer).toEqual(restored);
  });

  it("an admin undoes their own replacement of a running timer: the running one comes back", async () => {
    const name = await createBoss("Undo Morvain", 12);
    const first = await start(user, name, new Date(Date.now() - HOUR_MS));
    const startTime = await start(admin, name);
    expect((await admin.post("/_api/boss-timers/undo", { bossName: name, startTime })).status).toBe(200);
    const restored = await timerOf(name);
    expect(restored).toMatchObject({ status: "active", isActive: true });
    expect(restored?.startTime).toEqual(first);
  });

  it("is too late 10 s after the server recorded the start: 409, and the timer stays", async () => {
    const name = await createBoss("Undo Ysolde");
    const startTime = await start(user, name);
    await recordedAgo(name, 11);
    const res = await user.post("/_api/boss-timers/undo", { bossName: name, startTime });
    expect(res.status).toBe(409);
    expect(res.data).toEqual({ error: undoTooLateMessage(name) });
    expect(await timerOf(name)).toMatchObject({ status: "active" });
    expect(await actions(name)).toEqual(["start"]);
  });

  it("another account may not undo it, an admin included (403); anonymous is 401", async () => {
    const name = await createBoss("Undo Thrall");
    const startTime = await start(user, name);
    for (const client of [otherUser, admin]) {
      const res = await client.post("/_api/boss-timers/undo", { bossName: name, startTime });
      expect(res.status).toBe(403);
      expect(res.data).toEqual({ error: UNDO_NOT_STARTER });
    }
    expect(
      (await portal.anonymous.post("/_api/boss-timers/undo", { bossName: name, startTime })).status,
    ).toBe(401);
    expect(await timerOf(name)).toMatchObject({ status: "active" });
    expect(await actions(name)).toEqual(["start"]);
  });

  it("after another start replaced it, the undo changes nothing and answers the timer that stands", async () => {
    const name = await createBoss("Undo Grelka");
    const startTime = await start(user, name);
    const later = await start(admin, name, new Date(startTime.getTime() + 1000));
    const res = await user.post("/_api/boss-timers/undo", { bossName: name, startTime });
    expect(res.status).toBe(200);
    expect(((res.data.timer as BossTimer).startTime as Date).getTime()).toBe(later.getTime());
    expect((await timerOf(name))?.startTime).toEqual(later);
    expect(await actions(name)).toEqual(["start", "start"]);
  });

  it("applies an undo with the same Idempotency-Key once; an unknown boss is 404", async () => {
    const name = await createBoss("Undo Oskarr");
    const startTime = await start(user, name);
    const headers = { "idempotency-key": `undo-${seq}` };
    const first = await user.post("/_api/boss-timers/undo", { bossName: name, startTime }, headers);
    await start(user, name);
    const again = await user.post("/_api/boss-timers/undo", { bossName: name, startTime }, headers);
    expect(again.text).toBe(first.text);
    expect(await actions(name)).toEqual(["start", "undo_start", "start"]);
    expect((await timerOf(name))?.status).toBe("active");
    const unknown = await user.post("/_api/boss-timers/undo", { bossName: "No Such Boss", startTime });
    expect(unknown.status).toBe(404);
  });
});
