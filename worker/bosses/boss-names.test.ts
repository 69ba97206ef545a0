import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  BOSS_NAME_EMPTY,
  BOSS_NAME_TOO_LONG,
  bossNameNotFound,
  duplicateBossName,
  ID_NOT_POSITIVE_INTEGER,
  RESPAWN_NOT_A_NUMBER,
  RESPAWN_TOO_LONG,
  RESPAWN_TOO_SHORT,
  UPDATE_NEEDS_A_FIELD,
} from "@shared/schemas/boss-names.ts";
import { createApp } from "../app/create-app.ts";
import { KEY_REUSED } from "../app/write.ts";
import { hashPassword } from "../auth/password-hash.ts";
import { setPasswordHash } from "../auth/user-passwords-repo.ts";
import { insertUser, type Role } from "../auth/users-repo.ts";
import type { Db } from "../db/types.ts";
import { TestClient } from "../test/api-client.ts";
import { createTestDb } from "../test/test-db.ts";

const pepper = "test-pepper-0123456789";
let db: Db;
let app: ReturnType<typeof createApp>;
let admin: TestClient;
let user: TestClient;
let seq = 0;

async function signIn(role: Role): Promise<TestClient> {
  seq += 1;
  const email = `boss-names-${role}-${seq}@guild.test`;
  const created = await insertUser(db, { email, displayName: `${role} ${seq}`, role });
  await setPasswordHash(db, created.id, await hashPassword("correct horse battery", pepper));
  const client = new TestClient(app);
  expect((await client.login(email, "correct horse battery")).status).toBe(200);
  return client;
}

/** A name no other test uses, so tests share the file's database without depending on each other. */
const uniqueName = (label: string) => `${label} ${++seq}`;

async function createBoss(name: string, hours?: number) {
  const res = await admin.post("/_api/boss-names", {
    name,
    ...(hours === undefined ? {} : { respawn_time_hours: hours }),
  });
  expect(res.status).toBe(201);
  return res.data.bossName as { id: number; name: string; respawnTimeHours: number };
}

const auditRows = (entityId: number) =>
  db.query<{ action: string; before: unknown; after: unknown; actor_email: string | null }>(
    "SELECT action, before, after, actor_email FROM audit_log WHERE entity = 'boss_name' AND entity_id = $1 ORDER BY id",
    [String(entityId)],
  );

beforeAll(async () => {
  db = await createTestDb();
  app = createApp({ db, config: { brand: "Test Guild", timeZone: null, pepper } });
  admin = await signIn("admin");
  user = await signIn("user");
});
afterAll(async () => {
  await db?.close();
});

describe("POST /_api/boss-names", () => {
  it("creates a boss with the default 24 hours, trimmed, and audits it", async () => {
    const name = uniqueName("Gravemaw");
    const res = await admin.post("/_api/boss-names", { name: `  ${name}  ` });
    expect(res.status).toBe(201);
    const boss = res.data.bossName as { id: number };
    expect(res.data).toEqual({ bossName: { id: boss.id, name, respawnTimeHours: 24 } });
    const audit = await auditRows(boss.id);
    expect(audit).toEqual([
      {
        action: "create",
        before: null,
        after: { id: boss.id, name, respawnTimeHours: 24 },
        actor_email: "boss-names-admin-1@guild.test",
      },
    ]);
  });

  it("keeps the respawn hours given, as a number", async () => {
    const boss = await createBoss(uniqueName("Thornqueen"), 36.5);
    expect(boss.respawnTimeHours).toBe(36.5);
    const edges = [await createBoss(uniqueName("Quick"), 1), await createBoss(uniqueName("Weekly"), 168)];
    expect(edges.map((b) => b.respawnTimeHours)).toEqual([1, 168]);
  });

  it("answers the product's validation messages", async () => {
    const cases: [unknown, string][] = [
      [{ name: "" }, BOSS_NAME_EMPTY],
      [{ name: "   " }, BOSS_NAME_EMPTY],
      [{}, BOSS_NAME_EMPTY],
      [{ name: "x".repeat(101) }, BOSS_NAME_TOO_LONG],
      [{ name: "Slow", respawn_time_hours: 0.5 }, RESPAWN_TOO_SHORT],
      [{ name: "Fixed", respawn_time_hours: -2 }, RESPAWN_TOO_SHORT],
      [{ name: "Slow", respawn_time_hours: 169 }, RESPAWN_TOO_LONG],
      [{ name: "Slow", respawn_time_hours: "24" }, RESPAWN_NOT_A_NUMBER],
      [{ name: "Slow", respawnTimeHours: 24 }, "Unknown field: respawnTimeHours"],
    ];
    for (const [body, error] of cases) {
      const res = await admin.post("/_api/boss-names", body);
      expect({ body, status: res.status, data: res.data }).toEqual({ body, status: 400, data: { error } });
    }
    expect(BOSS_NAME_EMPTY).toBe("Boss name cannot be empty.");
    expect(RESPAWN_TOO_SHORT).toBe("Respawn time must be at least 1 hour.");
    expect(RESPAWN_TOO_LONG).toBe("Respawn time cannot exceed 168 hours (1 week).");
  });

  it("accepts a name of exactly 100 characters", async () => {
    const name = `${uniqueName("L")}${"x".repeat(100)}`.slice(0, 100);
    expect((await createBoss(name)).name).toBe(name);
  });

  it("refuses a duplicate name in any letter case with 409", async () => {
    const name = uniqueName("Mirelurk");
    await createBoss(name);
    const res = await admin.post("/_api/boss-names", { name: name.toUpperCase() });
    expect(res.status).toBe(409);
    expect(res.data).toEqual({ error: duplicateBossName(name) });
    expect(res.data.error).toBe(`A boss named "${name}" already exists.`);
  });

  it("is for admins: 401 anonymous, 403 for a user", async () => {
    const anonymous = await new TestClient(app).post("/_api/boss-names", { name: "Nobody's" });
    expect(anonymous.status).toBe(401);
    expect(anonymous.data).toEqual({ error: "Authentication required" });
    const refused = await user.post("/_api/boss-names", { name: "Nobody's" });
    expect(refused.status).toBe(403);
    expect(refused.data).toEqual({ error: "Access denied. Your role (user) lacks required permissions." });
    expect(await db.query("SELECT 1 FROM boss_names WHERE name = $1", ["Nobody's"])).toHaveLength(0);
  });

  it("applies a request with the same Idempotency-Key once and answers the same body; another body is 422", async () => {
    const name = uniqueName("Duskwing");
    const key = `boss-name-${name.replace(/\W/g, "-")}`;
    const first = await admin.post(
      "/_api/boss-names",
      { name, respawn_time_hours: 72 },
      { "idempotency-key": key },
    );
    const again = await admin.post(
      "/_api/boss-names",
      { name, respawn_time_hours: 72 },
      { "idempotency-key": key },
    );
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.text).toBe(first.text);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    const id = (first.data.bossName as { id: number }).id;
    expect(await db.query("SELECT 1 FROM boss_names WHERE lower(name) = lower($1)", [name])).toHaveLength(1);
    expect(await auditRows(id)).toHaveLength(1);
    const other = await admin.post(
      "/_api/boss-names",
      { name, respawn_time_hours: 48 },
      { "idempotency-key": key },
    );
    expect(other.status).toBe(422);
    expect(other.data).toEqual({ error: KEY_REUSED });
  });
});

describe("GET /_api/boss-names and /_api/public/boss-names", () => {
  it("lists every boss ordered by name, hours as numbers; admins on one path, anyone on the public one", async () => {
    const names = [uniqueName("zeta Wyrm"), uniqueName("Alpha Wyrm"), uniqueName("beta Wyrm")];
    for (const name of names) await createBoss(name, 48);
    const res = await admin.get("/_api/boss-names");
    expect(res.status).toBe(200);
    const list = res.data.bossNames as { id: number; name: string; respawnTimeHours: number }[];
    const sorted = [...list].sort((a, b) => a.name.toLowerCase().localeCompare(b.name.toLowerCase()));
    expect(list.map((b) => b.name)).toEqual(sorted.map((b) => b.name));
    const ours = list.filter((b) => names.includes(b.name));
    expect(ours.map((b) => b.name)).toEqual([names[1], names[2], names[0]]);
    for (const boss of ours) expect(Object.keys(boss).sort()).toEqual(["id", "name", "respawnTimeHours"]);
    expect(ours.every((b) => b.respawnTimeHours === 48)).toBe(true);

    const pub = await new TestClient(app).get("/_api/public/boss-names");
    expect(pub.status).toBe(200);
    expect(pub.data).toEqual(res.data);
  });

  it("the admin list refuses anonymous (401) and users (403)", async () => {
    expect((await new TestClient(app).get("/_api/boss-names")).status).toBe(401);
    expect((await user.get("/_api/boss-names")).status).toBe(403);
  });
});

describe("POST /_api/boss-names/update", () => {
  it("renames a boss, changes its hours, or both, and audits before and after", async () => {
    const boss = await createBoss(uniqueName("Hollow King"), 36);
    const renamed = await admin.post("/_api/boss-names/update", { id: boss.id, name: `${boss.name} II` });
    expect(renamed.status).toBe(200);
    expect(renamed.data).toEqual({
      bossName: { id: boss.id, name: `${boss.name} II`, respawnTimeHours: 36 },
    });
    const slower = await admin.post("/_api/boss-names/update", { id: boss.id, respawn_time_hours: 40 });
    expect(slower.data).toEqual({ bossName: { id: boss.id, name: `${boss.name} II`, respawnTimeHours: 40 } });
    const both = await admin.post("/_api/boss-names/update", {
      id: boss.id,
      name: boss.name,
      respawn_time_hours: 12,
    });
    expect(both.data).toEqual({ bossName: { id: boss.id, name: boss.name, respawnTimeHours: 12 } });
    const audit = await auditRows(boss.id);
    expect(audit.map((a) => a.action)).toEqual(["create", "update", "update", "update"]);
    expect(audit[1]).toMatchObject({
      before: { id: boss.id, name: boss.name, respawnTimeHours: 36 },
      after: { id: boss.id, name: `${boss.name} II`, respawnTimeHours: 36 },
    });
  });

  it("lets a boss change the letter case of its own name, but not take another boss's name", async () => {
    const a = await createBoss(uniqueName("ember drake"));
    const b = await createBoss(uniqueName("Frost Drake"));
    const recased = await admin.post("/_api/boss-names/update", { id: a.id, name: a.name.toUpperCase() });
    expect(recased.status).toBe(200);
    const taken = await admin.post("/_api/boss-names/update", { id: a.id, name: b.name.toLowerCase() });
    expect(taken.status).toBe(409);
    expect(taken.data).toEqual({ error: duplicateBossName(b.name) });
  });

  it("keeps the schedule code of a fixed-schedule boss when only its name changes", async () => {
    const name = uniqueName("RINGOR");
    const [row] = await db.query<{ id: number }>(
      "INSERT INTO boss_names (name, respawn_time_hours) VALUES ($1, -2) RETURNING id",
      [name],
    );
    const id = row?.id as number;
    const res = await admin.post("/_api/boss-names/update", { id, name: `${name} Prime` });
    expect(res.status).toBe(200);
    expect(res.data).toEqual({ bossName: { id, name: `${name} Prime`, respawnTimeHours: -2 } });
  });

  it("answers the product's messages, 404 for an unknown id and 400 for an unknown field", async () => {
    const boss = await createBoss(uniqueName("Crystal Sentinel"));
    const cases: [unknown, number, string][] = [
      [{ id: boss.id }, 400, UPDATE_NEEDS_A_FIELD],
      [{ id: 0, name: "x" }, 400, ID_NOT_POSITIVE_INTEGER],
      [{ id: -3, name: "x" }, 400, ID_NOT_POSITIVE_INTEGER],
      [{ id: 1.5, name: "x" }, 400, ID_NOT_POSITIVE_INTEGER],
      [{ id: "7", name: "x" }, 400, ID_NOT_POSITIVE_INTEGER],
      [{ name: "x" }, 400, ID_NOT_POSITIVE_INTEGER],
      [{ id: boss.id, name: "" }, 400, BOSS_NAME_EMPTY],
      [{ id: boss.id, respawn_time_hours: 0 }, 400, RESPAWN_TOO_SHORT],
      [{ id: boss.id, respawn_time_hours: 200 }, 400, RESPAWN_TOO_LONG],
      [{ id: boss.id, name: "x", colour: "red" }, 400, "Unknown field: colour"],
      [{ id: 987654, name: "x" }, 404, bossNameNotFound(987654)],
    ];
    for (const [body, status, error] of cases) {
      const res = await admin.post("/_api/boss-names/update", body);
      expect({ body, status: res.status, data: res.data }).toEqual({ body, status, data: { error } });
    }
    expect(UPDATE_NEEDS_A_FIELD).toBe("Either name or respawn_time_hours must be provided for an update.");
    expect(ID_NOT_POSITIVE_INTEGER).toBe("ID must be a positive integer.");
  });

  it("is for admins: 401 anonymous, 403 for a user", async () => {
    const boss = await createBoss(uniqueName("Obsidian Warden"));
    expect(
      (await new TestClient(app).post("/_api/boss-names/update", { id: boss.id, name: "x" })).status,
    ).toBe(401);
    expect((await user.post("/_api/boss-names/update", { id: boss.id, name: "x" })).status).toBe(403);
  });
});

describe("POST /_api/boss-names/delete", () => {
  it("deletes a boss, audits it, and a second delete is 404", async () => {
    const boss = await createBoss(uniqueName("Abyssal Leviathan"), 96);
    const res = await admin.post("/_api/boss-names/delete", { id: boss.id });
    expect(res.status).toBe(200);
    expect(res.data).toEqual({ success: true, id: boss.id });
    const list = (await admin.get("/_api/boss-names")).data.bossNames as { id: number }[];
    expect(list.some((b) => b.id === boss.id)).toBe(false);
    const audit = await auditRows(boss.id);
    expect(audit.at(-1)).toMatchObject({ action: "delete", before: boss, after: null });
    const again = await admin.post("/_api/boss-names/delete", { id: boss.id });
    expect(again.status).toBe(404);
    expect(again.data).toEqual({ error: bossNameNotFound(boss.id) });
  });

  it("needs a positive integer id and no other field", async () => {
    for (const body of [{}, { id: 0 }, { id: "1" }, { id: 2.5 }]) {
      const res = await admin.post("/_api/boss-names/delete", body);
      expect({ body, status: res.status, data: res.data }).toEqual({
        body,
        status: 400,
        data: { error: ID_NOT_POSITIVE_INTEGER },
      });
    }
    const extra = await admin.post("/_api/boss-names/delete", { id: 1, name: "x" });
    expect(extra).toMatchObject({ status: 400, data: { error: "Unknown field: name" } });
  });

  it("is for admins: 401 anonymous, 403 for a user", async () => {
    const boss = await createBoss(uniqueName("Eclipse Titan"));
    expect((await new TestClient(app).post("/_api/boss-names/delete", { id: boss.id })).status).toBe(401);
    expect((await user.post("/_api/boss-names/delete", { id: boss.id })).status).toBe(403);
    expect(await db.query("SELECT 1 FROM boss_names WHERE id = $1", [boss.id])).toHaveLength(1);
  });

  it("applies a repeated delete with the same Idempotency-Key once and answers the same body", async () => {
    const boss = await createBoss(uniqueName("Worldeater"), 168);
    const key = `delete-boss-${boss.id}`;
    const first = await admin.post("/_api/boss-names/delete", { id: boss.id }, { "idempotency-key": key });
    const again = await admin.post("/_api/boss-names/delete", { id: boss.id }, { "idempotency-key": key });
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(again.text).toBe(first.text);
    expect((await auditRows(boss.id)).map((a) => a.action)).toEqual(["create", "delete"]);
  });
});
