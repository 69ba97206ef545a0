/**
 * Signed-in devices (issue 25, point 5; decision 068), on every driver: an account lists its sessions with the device
 * each was opened on and signs one out, never another account's; an admin signs an account out everywhere, and the
 * audit log says so.
 */
import superjson from "superjson";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCESS_REMOVED, ACCESS_REMOVED_NOTICE } from "@shared/auth/access-removed.ts";
import { classifyAnswer } from "@shared/sync/write-batch.ts";
import { WRITE_OWNER_HEADER } from "@shared/sync/write-owner.ts";
import { createApp } from "../app/create-app.ts";
import type { Db } from "../db/types.ts";
import { auditFor, createAccount, signInAs, TEST_PASSWORD } from "../salary/portal-test-setup.ts";
import { TestClient } from "../test/api-client.ts";
import { createTestDb } from "../test/test-db.ts";

const PHONE_UA =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";
const DESKTOP_UA = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0";

let db: Db;
let app: ReturnType<typeof createApp>;
let admin: TestClient;

beforeAll(async () => {
  db = await createTestDb();
  app = createApp({ db, config: { brand: "Test Guild", timeZone: null, pepper: "test-pepper-0123456789" } });
  admin = await signInAs({ db, app }, "devices", "admin");
});
afterAll(() => db.close());

/** A raider signed in on two devices (each its own cookie and User-Agent). */
async function raiderOnTwoDevices() {
  const email = await createAccount(db, "devices", "user");
  const phone = new TestClient(app);
  const desktop = new TestClient(app);
  expect((await phone.login(email, TEST_PASSWORD, { "user-agent": PHONE_UA })).status).toBe(200);
  expect((await desktop.login(email, TEST_PASSWORD, { "user-agent": DESKTOP_UA })).status).toBe(200);
  return { email, phone, desktop };
}

type Listed = { id: number; device: string; current: boolean; signedInAt: Date; lastActiveAt: Date };
const sessionsOf = async (client: TestClient) =>
  (await client.get("/_api/me/sessions")).data.sessions as Listed[];

describe("my signed-in devices", () => {
  it("lists each device by name, the asking one marked, and nobody else's", async () => {
    const { phone } = await raiderOnTwoDevices();
    const listed = await sessionsOf(phone);
    expect(
      listed
        .map(({ device, current }) => ({ device, current }))
        .sort((a, b) => a.device.localeCompare(b.device)),
    ).toEqual([
      { device: "Chrome on Android", current: true },
      { device: "Firefox on Windows", current: false },
    ]);
    expect(listed[0]?.signedInAt).toBeInstanceOf(Date);
    // Another raider sees only their own.
    const other = await raiderOnTwoDevices();
    expect((await sessionsOf(other.desktop)).map((s) => s.id)).not.toContain(listed[0]?.id);
  });

  it("signs another device out: its next call is refused, this one stays in", async () => {
    const { phone, desktop } = await raiderOnTwoDevices();
    const desktopSession = (await sessionsOf(desktop)).find((s) => s.current) as Listed;
    const ended = await phone.post("/_api/me/sessions/end", { id: desktopSession.id });
    expect(ended.status).toBe(200);
    expect(ended.data).toEqual({ ended: true, current: false });
    expect((await desktop.get("/_api/me/earnings")).status).toBe(401);
    expect((await phone.get("/_api/me/earnings")).status).toBe(200);
    expect((await sessionsOf(phone)).map((s) => s.device)).toEqual(["Chrome on Android"]);
  });

  it("signing this device out is a logout: the cookie is cleared", async () => {
    const { phone } = await raiderOnTwoDevices();
    const mine = (await sessionsOf(phone)).find((s) => s.current) as Listed;
    const ended = await phone.post("/_api/me/sessions/end", { id: mine.id });
    expect(ended.data).toEqual({ ended: true, current: true });
    expect(phone.cookie).toBeUndefined();
    expect((await phone.get("/_api/me/sessions")).status).toBe(401);
  });

  it("cannot sign out another account's device, nor one that is gone, and says so", async () => {
    const first = await raiderOnTwoDevices();
    const second = await raiderOnTwoDevices();
    const theirs = (await sessionsOf(second.phone))[0] as Listed;
    const refused = await first.phone.post("/_api/me/sessions/end", { id: theirs.id });
    expect(refused.status).toBe(404);
    expect(refused.data).toEqual({ error: "That device is no longer signed in." });
    expect((await second.phone.get("/_api/me/earnings")).status).toBe(200);
    const bad = await first.phone.post("/_api/me/sessions/end", { id: "1; DROP TABLE sessions" });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.data)).toContain("ID must be a positive integer.");
  });
});

describe("an admin signs an account out everywhere", () => {
  it("ends every session of the account, audited, and leaves other accounts signed in", async () => {
    const { email, phone, desktop } = await raiderOnTwoDevices();
    const bystander = await raiderOnTwoDevices();
    const accounts = (await admin.get("/_api/admin/accounts")).data.accounts as {
      id: number;
      email: string;
    }[];
    const id = (accounts.find((account) => account.email === email) as { id: number }).id;
    const res = await admin.post("/_api/admin/accounts/end-sessions", { id });
    expect(res.status).toBe(200);
    expect(res.data).toEqual({ ended: 2 });
    expect((await phone.get("/_api/me/earnings")).status).toBe(401);
    expect((await desktop.get("/_api/me/earnings")).status).toBe(401);
    expect((await bystander.phone.get("/_api/me/earnings")).status).toBe(200);
    const [entry] = await auditFor(db, "account", id);
    expect(entry).toMatchObject({ action: "sign_out_everywhere", after: { email, sessionsEnded: 2 } });
    // The account may sign in again: this is not disabling it.
    const again = new TestClient(app);
    expect((await again.login(email, TEST_PASSWORD)).status).toBe(200);
  });

  it("answers 404 for an account that does not exist", async () => {
    const res = await admin.post("/_api/admin/accounts/end-sessions", { id: 999_999 });
    expect(res.status).toBe(404);
    expect(res.data).toEqual({ error: "Account not found." });
  });
});

describe("an account whose access was removed (decision 073)", () => {
  const accountId = async (email: string) =>
    (
      (await admin.get("/_api/admin/accounts")).data.accounts as {
        id: number;
        email: string;
      }[]
    ).find((account) => account.email === email)?.id as number;

  it("refuses the device's queued writes and calls for good with the reason; its next login starts afresh", async () => {
    const { email, phone } = await raiderOnTwoDevices();
    const id = await accountId(email);
    const boss = `Removed Wyrm ${id}`;
    expect((await admin.post("/_api/boss-names", { name: boss, respawn_time_hours: 2 })).status).toBe(201);
    const start = {
      key: `removed-${id}`,
      path: "/_api/boss-timers",
      body: superjson.serialize({ bossName: boss }),
      owner: id,
    };
    expect((await admin.post("/_api/admin/accounts/update", { id, disabled: true })).status).toBe(200);

    // The write the phone queued before: refused with the reason (the outbox marks it failed), not 409 or 401
    // (which would keep it waiting for a login that can never send it).
    const batch = await phone.post("/_api/batch", { writes: [start] });
    expect(batch.status).toBe(403);
    expect(batch.data).toEqual({ error: ACCESS_REMOVED });
    const alone = await phone.post(
      "/_api/boss-timers",
      { bossName: boss },
      { [WRITE_OWNER_HEADER]: String(id) },
    );
    expect(alone.status).toBe(403);
    expect(alone.data).toEqual({ error: ACCESS_REMOVED });
    expect(classifyAnswer(alone.status, ACCESS_REMOVED)).toBe("failed");
    expect((await phone.get("/_api/me/earnings")).data).toEqual({ error: ACCESS_REMOVED });
    // Nothing was written, and nobody is signed in on that device.
    expect((await db.query("SELECT 1 FROM boss_timers WHERE boss_name = $1", [boss])).length).toBe(0);
    const session = await phone.get("/_api/auth/session");
    expect(session.status).toBe(403);
    expect(session.data).toEqual({ error: ACCESS_REMOVED_NOTICE });

    // Enabled again, the account signs in afresh; the removed sessions never come back.
    expect((await admin.post("/_api/admin/accounts/update", { id, disabled: false })).status).toBe(200);
    expect((await phone.get("/_api/me/earnings")).status).toBe(403);
    const again = new TestClient(app);
    expect((await again.login(email, TEST_PASSWORD, { "user-agent": PHONE_UA })).status).toBe(200);
    expect((await sessionsOf(again)).map(({ device, current }) => ({ device, current }))).toEqual([
      { device: "Chrome on Android", current: true },
    ]);
    expect(
      (await again.post("/_api/boss-timers", { bossName: boss }, { [WRITE_OWNER_HEADER]: String(id) }))
        .status,
    ).toBe(200);
  });

  it("an expired or signed-out session still waits for the next login (401), as before", async () => {
    const { email, phone, desktop } = await raiderOnTwoDevices();
    const id = await accountId(email);
    expect((await admin.post("/_api/admin/accounts/end-sessions", { id })).status).toBe(200);
    expect((await phone.get("/_api/me/earnings")).status).toBe(401);
    const queued = await desktop.post(
      "/_api/me/sessions/end",
      { id: 1 },
      { [WRITE_OWNER_HEADER]: String(id) },
    );
    expect(queued.status).toBe(409);
  });
});
