import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ATTENDANCE_NOT_FOUND,
  type AttendanceRecord,
  attendanceBossNotFound,
  BOSS_NAME_REQUIRED,
  DATE_IN_FUTURE,
  DATE_INVALID,
  DATE_REQUIRED,
  DATE_TOO_EARLY,
  ID_NOT_POSITIVE_INTEGER,
  NO_VALID_MEMBERS,
  PARTICIPANT_REQUIRED,
  raidGoneMessage,
  raidLabel,
  unknownMembersMessage,
} from "@shared/schemas/attendance.ts";
import { createApp } from "../app/create-app.ts";
import { KEY_REUSED } from "../app/write.ts";
import { hashPassword } from "../auth/password-hash.ts";
import { setPasswordHash } from "../auth/user-passwords-repo.ts";
import { insertUser, type Role } from "../auth/users-repo.ts";
import type { Db } from "../db/types.ts";
import { TestClient } from "../test/api-client.ts";
import { createTestDb } from "../test/test-db.ts";

const pepper = "test-pepper-0123456789";
const HOUR_MS = 3_600_000;
let db: Db;
let app: ReturnType<typeof createApp>;
let admin: TestClient;
let user: TestClient;
let boss: string;
let seq = 0;
/** The admin's display name is `admin ${adminSeq}`. */
let adminSeq = 0;

async function signIn(role: Role): Promise<TestClient> {
  seq += 1;
  const email = `attendance-${role}-${seq}@guild.test`;
  const created = await insertUser(db, { email, displayName: `${role} ${seq}`, role });
  await setPasswordHash(db, created.id, await hashPassword("correct horse battery", pepper));
  const client = new TestClient(app);
  expect((await client.login(email, "correct horse battery")).status).toBe(200);
  return client;
}

/** Members of their own for each test, so tests share the file's database without depending on each other. */
async function createMember(
  label: string,
  options: { status?: string; raids?: number } = {},
): Promise<string> {
  const name = `${label}${++seq}`;
  await db.query("INSERT INTO guild_members (player_name, status, raids_participated) VALUES ($1, $2, $3)", [
    name,
    options.status ?? "active",
    options.raids ?? 0,
  ]);
  return name;
}

async function raids(...names: string[]): Promise<number[]> {
  const out: number[] = [];
  for (const name of names) {
    const rows = await db.query<{ n: number }>(
      "SELECT raids_participated AS n FROM guild_members WHERE player_name = $1",
      [name],
    );
    out.push(rows[0]?.n ?? -1);
  }
  return out;
}

const yesterdayNoon = () => {
  const d = new Date(Date.now() - 24 * HOUR_MS);
  d.setUTCHours(12, 0, 0, 0);
  return d;
};

async function createRecord(participatedMembers: string[], dateAttended: Date = yesterdayNoon()) {
  const res = await admin.post("/_api/attendance", { bossName: boss, dateAttended, participatedMembers });
  expect(res.status).toBe(201);
  return res.data.attendanceRecord as AttendanceRecord;
}

const auditRows = (id: number) =>
  db.query<{ action: string; before: Record<string, unknown> | null; after: Record<string, unknown> | null }>(
    "SELECT action, before, after FROM audit_log WHERE entity = 'attendance_record' AND entity_id = $1 ORDER BY id",
    [String(id)],
  );

beforeAll(async () => {
  db = await createTestDb();
  app = createApp({ db, config: { brand: "Test Guild", timeZone: null, pepper } });
  admin = await signIn("admin");
  adminSeq = seq;
  user = await signIn("user");
  boss = "Ironhide Behemoth";
  expect((await admin.post("/_api/boss-names", { name: boss, respawn_time_hours: 48 })).status).toBe(201);
});
afterAll(async () => {
  await db?.close();
});

describe("POST /_api/attendance", () => {
  it("records a raid with the roster's spelling, trimmed and de-duplicated, adds one raid to each, and audits it", async () => {
    const a = await createMember("Ashvale");
    const b = await createMember("Brightforge", { raids: 4 });
    const bystander = await createMember("Cinderwhisk", { raids: 2 });
    const dateAttended = yesterdayNoon();
    const res = await admin.post("/_api/attendance", {
      bossName: boss.toLowerCase(),
      dateAttended,
      participatedMembers: [` ${a.toUpperCase()} `, b, a, ""],
    });
    expect(res.status).toBe(201);
    const record = res.data.attendanceRecord as AttendanceRecord;
    expect(record).toEqual({
      id: expect.any(Number),
      bossName: boss,
      dateAttended,
      participatedMembers: [a, b],
      createdAt: expect.any(Date),
    });
    expect(await raids(a, b, bystander)).toEqual([1, 5, 2]);
    const audit = await auditRows(record.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: "create",
      before: null,
      after: { participatedMembers: [a, b] },
    });
  });

  it("accepts a plain YYYY-MM-DD (12:00 UTC) and today's date saved at 12:00 local, hours ahead of now", async () => {
    const a = await createMember("Dawnrider");
    const day = new Date(Date.now() - 3 * 24 * HOUR_MS).toISOString().slice(0, 10);
    const res = await admin.post("/_api/attendance", {
      bossName: boss,
      dateAttended: day,
      participatedMembers: [a],
    });
    expect(res.status).toBe(201);
    expect((res.data.attendanceRecord as AttendanceRecord).dateAttended).toEqual(
      new Date(`${day}T12:00:00Z`),
    );
    const laterToday = new Date(Date.now() + 11 * HOUR_MS);
    expect((await createRecord([a], laterToday)).dateAttended).toEqual(laterToday);
    expect(await raids(a)).toEqual([2]);
  });

  it("answers the product's validation messages and changes nothing", async () => {
    const a = await createMember("Emberlyn");
    const date = yesterdayNoon();
    const cases: [unknown, string][] = [
      [{ dateAttended: date, participatedMembers: [a] }, BOSS_NAME_REQUIRED],
      [{ bossName: " ", dateAttended: date, participatedMembers: [a] }, BOSS_NAME_REQUIRED],
      [{ bossName: boss, dateAttended: date, participatedMembers: [] }, PARTICIPANT_REQUIRED],
      [{ bossName: boss, dateAttended: date, participatedMembers: ["  ", ""] }, PARTICIPANT_REQUIRED],
      [{ bossName: boss, dateAttended: date }, PARTICIPANT_REQUIRED],
      [{ bossName: boss, participatedMembers: [a] }, DATE_REQUIRED],
      [{ bossName: boss, dateAttended: "last tuesday", participatedMembers: [a] }, DATE_INVALID],
      [
        { bossName: boss, dateAttended: new Date("1999-12-31T12:00:00Z"), participatedMembers: [a] },
        DATE_TOO_EARLY,
      ],
      [{ bossName: boss, dateAttended: "1999-12-31", participatedMembers: [a] }, DATE_TOO_EARLY],
      [
        { bossName: boss, dateAttended: new Date(Date.now() + 13 * HOUR_MS), participatedMembers: [a] },
        DATE_IN_FUTURE,
      ],
      [{ bossName: boss, dateAttended: date, participatedMembers: [a], raids: 1 }, "Unknown field: raids"],
    ];
    for (const [body, error] of cases) {
      const res = await admin.post("/_api/attendance", body);
      expect({ body, status: res.status, data: res.data }).toEqual({ body, status: 400, data: { error } });
    }
    expect(BOSS_NAME_REQUIRED).toBe("Boss name is required");
    expect(PARTICIPANT_REQUIRED).toBe("At least one participant is required");
    expect(await raids(a)).toEqual([0]);
  });

  it("accepts the first day allowed, 2000-01-01", async () => {
    const a = await createMember("Frostmantle");
    const record = await createRecord([a], new Date("2000-01-01T12:00:00Z"));
    expect(record.dateAttended).toEqual(new Date("2000-01-01T12:00:00Z"));
  });

  it("refuses an unknown boss with 404", async () => {
    const a = await createMember("Galewarden");
    const res = await admin.post("/_api/attendance", {
      bossName: "No Such Boss",
      dateAttended: yesterdayNoon(),
      participatedMembers: [a],
    });
    expect(res.status).toBe(404);
    expect(res.data).toEqual({ error: attendanceBossNotFound("No Such Boss") });
    expect(await raids(a)).toEqual([0]);
  });

  it("takes only active members: none valid is 'No valid members selected.', some invalid are named", async () => {
    const active = await createMember("Hollowpeak");
    const kicked = await createMember("Rimefall", { status: "kicked", raids: 3 });
    const none = await admin.post("/_api/attendance", {
      bossName: boss,
      dateAttended: yesterdayNoon(),
      participatedMembers: ["Nobody At All", kicked],
    });
    expect(none.status).toBe(400);
    expect(none.data).toEqual({ error: NO_VALID_MEMBERS });
    expect(NO_VALID_MEMBERS).toBe("No valid members selected.");
    const some = await admin.post("/_api/attendance", {
      bossName: boss,
      dateAttended: yesterdayNoon(),
      participatedMembers: [active, "Nobody At All", kicked],
    });
    expect(some.status).toBe(400);
    expect(some.data).toEqual({ error: unknownMembersMessage(["Nobody At All", kicked]) });
    expect(await raids(active, kicked)).toEqual([0, 3]);
    expect(
      await db.query("SELECT 1 FROM attendance_records WHERE participated_members LIKE $1", [`%${active}%`]),
    ).toHaveLength(0);
  });

  it("is for admins: 401 anonymous, 403 for a user", async () => {
    const a = await createMember("Ironveil");
    const body = { bossName: boss, dateAttended: yesterdayNoon(), participatedMembers: [a] };
    expect((await new TestClient(app).post("/_api/attendance", body)).status).toBe(401);
    const refused = await user.post("/_api/attendance", body);
    expect(refused.status).toBe(403);
    expect(refused.data).toEqual({ error: "Access denied. Your role (user) lacks required permissions." });
    expect(await raids(a)).toEqual([0]);
  });

  it("applies the same Idempotency-Key once: one record, one raid each, one audit row, the same answer; another body is 422", async () => {
    const a = await createMember("Jadeclaw");
    const b = await createMember("Kestrelmoor");
    const body = { bossName: boss, dateAttended: yesterdayNoon(), participatedMembers: [a, b] };
    const key = `attendance-${a}`;
    const first = await admin.post("/_api/attendance", body, { "idempotency-key": key });
    const again = await admin.post("/_api/attendance", body, { "idempotency-key": key });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.text).toBe(first.text);
    expect(await raids(a, b)).toEqual([1, 1]);
    const id = (first.data.attendanceRecord as AttendanceRecord).id;
    expect(await auditRows(id)).toHaveLength(1);
    expect(
      await db.query("SELECT 1 FROM attendance_records WHERE participated_members LIKE $1", [`%${a}%`]),
    ).toHaveLength(1);
    const other = await admin.post(
      "/_api/attendance",
      { ...body, participatedMembers: [a] },
      { "idempotency-key": key },
    );
    expect(other.status).toBe(422);
    expect(other.data).toEqual({ error: KEY_REUSED });
    expect(await raids(a, b)).toEqual([1, 1]);
  });
});

describe("GET /_api/attendance", () => {
  it("lists records newest date first, participants as a list (stored JSON or a comma list)", async () => {
    const a = await createMember("Larkspire");
    const older = await createRecord([a], new Date(Date.now() - 5 * 24 * HOUR_MS));
    const newer = await createRecord([a], new Date(Date.now() - 2 * 24 * HOUR_MS));
    const [legacy] = await db.query<{ id: number }>(
      "INSERT INTO attendance_records (boss_name, date_attended, participated_members) VALUES ($1, $2, $3) RETURNING id",
      [boss, new Date(Date.now() - 4 * 24 * HOUR_MS), ` "${a}" , Mossbane, mossbane,, `],
    );
    const res = await admin.get("/_api/attendance");
    expect(res.status).toBe(200);
    const records = res.data.attendanceRecords as AttendanceRecord[];
    const times = records.map((r) => r.dateAttended.getTime());
    expect(times).toEqual([...times].sort((x, y) => y - x));
    const ours = records.filter((r) => [older.id, newer.id, legacy?.id].includes(r.id));
    expect(ours.map((r) => r.id)).toEqual([newer.id, legacy?.id, older.id]);
    expect(ours[1]).toEqual({
      id: legacy?.id,
      bossName: boss,
      dateAttended: expect.any(Date),
      participatedMembers: [a, "Mossbane"],
      createdAt: expect.any(Date),
    });
    expect(ours[0]).toEqual(newer);
  });

  it("is for admins: 401 anonymous, 403 for a user", async () => {
    expect((await new TestClient(app).get("/_api/attendance")).status).toBe(401);
    expect((await user.get("/_api/attendance")).status).toBe(403);
  });
});

describe("POST /_api/attendance/update", () => {
  it("moves the raid counts by the difference: removed members -1, added +1, kept unchanged", async () => {
    const kept = await createMember("Nightquill", { raids: 5 });
    const removed = await createMember("Oakenshard", { raids: 5 });
    const added = await createMember("Pyrelight", { raids: 5 });
    const record = await createRecord([kept, removed]);
    expect(await raids(kept, removed, added)).toEqual([6, 6, 5]);
    const dateAttended = new Date(Date.now() - 3 * 24 * HOUR_MS);
    const res = await admin.post("/_api/attendance/update", {
      id: record.id,
      dateAttended,
      participatedMembers: [kept.toLowerCase(), added],
    });
    expect(res.status).toBe(200);
    expect(res.data).toEqual({
      attendanceRecord: { ...record, dateAttended, participatedMembers: [kept, added] },
    });
    expect(await raids(kept, removed, added)).toEqual([6, 5, 6]);
    const audit = await auditRows(record.id);
    expect(audit.map((r) => r.action)).toEqual(["create", "update"]);
    expect(audit[1]).toMatchObject({
      before: { participatedMembers: [kept, removed] },
      after: { participatedMembers: [kept, added] },
    });
  });

  it("keeps a member kicked since the raid on the record, but does not let one be added", async () => {
    const stays = await createMember("Quillfeather");
    const leaver = await createMember("Runeweaver");
    const record = await createRecord([stays, leaver]);
    await db.query("UPDATE guild_members SET status = 'kicked' WHERE player_name = $1", [leaver]);
    const kickedLater = await createMember("Stormhollow", { status: "kicked" });
    const edit = await admin.post("/_api/attendance/update", {
      id: record.id,
      dateAttended: record.dateAttended,
      participatedMembers: [stays, leaver],
    });
    expect(edit.status).toBe(200);
    expect(await raids(stays, leaver)).toEqual([1, 1]);
    const refused = await admin.post("/_api/attendance/update", {
      id: record.id,
      dateAttended: record.dateAttended,
      participatedMembers: [stays, kickedLater],
    });
    expect(refused.status).toBe(400);
    expect(refused.data).toEqual({ error: unknownMembersMessage([kickedLater]) });
    const dropped = await admin.post("/_api/attendance/update", {
      id: record.id,
      dateAttended: record.dateAttended,
      participatedMembers: [stays],
    });
    expect(dropped.status).toBe(200);
    expect(await raids(stays, leaver)).toEqual([1, 0]);
  });

  it("answers 404 for an unknown id, the product's messages, and 400 for a boss name (not editable)", async () => {
    const a = await createMember("Thistledown");
    const record = await createRecord([a]);
    const date = yesterdayNoon();
    const cases: [unknown, number, string][] = [
      [{ id: 987654, dateAttended: date, participatedMembers: [a] }, 404, ATTENDANCE_NOT_FOUND],
      [{ id: 0, dateAttended: date, participatedMembers: [a] }, 400, ID_NOT_POSITIVE_INTEGER],
      [{ id: "1", dateAttended: date, participatedMembers: [a] }, 400, ID_NOT_POSITIVE_INTEGER],
      [{ dateAttended: date, participatedMembers: [a] }, 400, ID_NOT_POSITIVE_INTEGER],
      [{ id: record.id, dateAttended: date, participatedMembers: [] }, 400, PARTICIPANT_REQUIRED],
      [{ id: record.id, participatedMembers: [a] }, 400, DATE_REQUIRED],
      [{ id: record.id, dateAttended: "1990-05-05", participatedMembers: [a] }, 400, DATE_TOO_EARLY],
      [
        { id: record.id, dateAttended: new Date(Date.now() + 2 * 24 * HOUR_MS), participatedMembers: [a] },
        400,
        DATE_IN_FUTURE,
      ],
      [{ id: record.id, dateAttended: date, participatedMembers: ["Nobody"] }, 400, NO_VALID_MEMBERS],
      [
        { id: record.id, bossName: boss, dateAttended: date, participatedMembers: [a] },
        400,
        "Unknown field: bossName",
      ],
    ];
    for (const [body, status, error] of cases) {
      const res = await admin.post("/_api/attendance/update", body);
      expect({ body, status: res.status, data: res.data }).toEqual({ body, status, data: { error } });
    }
    expect(await raids(a)).toEqual([1]);
  });

  it("is for admins: 401 anonymous, 403 for a user", async () => {
    const a = await createMember("Umbravane");
    const record = await createRecord([a]);
    const body = { id: record.id, dateAttended: record.dateAttended, participatedMembers: [a] };
    expect((await new TestClient(app).post("/_api/attendance/update", body)).status).toBe(401);
    expect((await user.post("/_api/attendance/update", body)).status).toBe(403);
  });

  it("applies a repeated update with the same Idempotency-Key once", async () => {
    const a = await createMember("Vexwind");
    const b = await createMember("Wyrmtooth");
    const record = await createRecord([a]);
    const body = { id: record.id, dateAttended: record.dateAttended, participatedMembers: [a, b] };
    const key = `attendance-update-${record.id}`;
    const first = await admin.post("/_api/attendance/update", body, { "idempotency-key": key });
    const again = await admin.post("/_api/attendance/update", body, { "idempotency-key": key });
    expect(again.text).toBe(first.text);
    expect(await raids(a, b)).toEqual([1, 1]);
    expect((await auditRows(record.id)).map((r) => r.action)).toEqual(["create", "update"]);
  });
});

describe("POST /_api/attendance/delete", () => {
  it("deletes a record, takes one raid from each member on it (never below 0), and audits it", async () => {
    const a = await createMember("Yarrowstep", { raids: 2 });
    const b = await createMember("Zephyrine");
    const record = await createRecord([a, b]);
    expect(await raids(a, b)).toEqual([3, 1]);
    await db.query("UPDATE guild_members SET raids_participated = 0 WHERE player_name = $1", [b]);
    const res = await admin.post("/_api/attendance/delete", { id: record.id });
    expect(res.status).toBe(200);
    expect(res.data).toEqual({ success: true, id: record.id });
    expect(await raids(a, b)).toEqual([2, 0]);
    const list = (await admin.get("/_api/attendance")).data.attendanceRecords as AttendanceRecord[];
    expect(list.some((r) => r.id === record.id)).toBe(false);
    const audit = await auditRows(record.id);
    expect(audit.at(-1)).toMatchObject({
      action: "delete",
      before: { id: record.id, participatedMembers: [a, b] },
      after: null,
    });
    const again = await admin.post("/_api/attendance/delete", { id: record.id });
    expect(again.status).toBe(404);
    // Named by its boss and day, and who deleted it (decision 058), never by its id.
    expect(again.data).toEqual({
      error: raidGoneMessage(raidLabel(record.bossName, record.dateAttended), `admin ${adminSeq}`),
    });
    expect(await raids(a, b)).toEqual([2, 0]);
  });

  it("counts across create, update and delete end where they began", async () => {
    const a = await createMember("Amberlock", { raids: 7 });
    const b = await createMember("Briarwind", { raids: 7 });
    const c = await createMember("Coppervale", { raids: 7 });
    const first = await createRecord([a, b]);
    const second = await createRecord([b, c]);
    expect(await raids(a, b, c)).toEqual([8, 9, 8]);
    await admin.post("/_api/attendance/update", {
      id: first.id,
      dateAttended: first.dateAttended,
      participatedMembers: [c],
    });
    expect(await raids(a, b, c)).toEqual([7, 8, 9]);
    await admin.post("/_api/attendance/delete", { id: first.id });
    await admin.post("/_api/attendance/delete", { id: second.id });
    expect(await raids(a, b, c)).toEqual([7, 7, 7]);
  });

  it("needs a positive integer id and no other field; admins only", async () => {
    for (const body of [{}, { id: -1 }, { id: 1.5 }, { id: "2" }]) {
      const res = await admin.post("/_api/attendance/delete", body);
      expect({ body, status: res.status, data: res.data }).toEqual({
        body,
        status: 400,
        data: { error: ID_NOT_POSITIVE_INTEGER },
      });
    }
    expect(await admin.post("/_api/attendance/delete", { id: 1, force: true })).toMatchObject({
      status: 400,
      data: { error: "Unknown field: force" },
    });
    const a = await createMember("Duskmere");
    const record = await createRecord([a]);
    expect((await new TestClient(app).post("/_api/attendance/delete", { id: record.id })).status).toBe(401);
    expect((await user.post("/_api/attendance/delete", { id: record.id })).status).toBe(403);
    expect(await raids(a)).toEqual([1]);
  });

  it("applies a repeated delete with the same Idempotency-Key once: one raid taken, not two", async () => {
    const a = await createMember("Elmsworth", { raids: 3 });
    const record = await createRecord([a]);
    const key = `attendance-delete-${record.id}`;
    const first = await admin.post("/_api/attendance/delete", { id: record.id }, { "idempotency-key": key });
    const again = await admin.post("/_api/attendance/delete", { id: record.id }, { "idempotency-key": key });
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(again.text).toBe(first.text);
    expect(await raids(a)).toEqual([3]);
  });
});

describe("attendance and the derived salaries", () => {
  it("re-splits a multi-character player's share by raid counts when attendance changes", async () => {
    const main = `Twinblade${++seq}`;
    const alt = `Twinshadow${seq}`;
    const alias = `Twin${seq}`;
    const created = await admin.post("/_api/guild-members", {
      playerName: main,
      category: "Core",
      playerAlias: alias,
    });
    expect(created.status).toBe(201);
    const mainId = (created.data.guildMember as { id: number }).id;
    expect(
      (
        await admin.post("/_api/guild-members", {
          playerName: alt,
          category: "Members",
          mainMemberId: mainId,
        })
      ).status,
    ).toBe(201);
    const item = await admin.post("/_api/market-exchange", {
      lootName: "Twin Relic",
      bossName: boss,
      value: 1000,
      totalFunds: 0,
      status: "Sold",
      participatedMembers: alias,
    });
    expect(item.status).toBe(201);
    const salaries = async () => {
      const rows = await db.query<{ salary: string }>(
        "SELECT salary FROM guild_members WHERE player_name = ANY($1::text[]) ORDER BY player_name",
        [[main, alt]],
      );
      return rows.map((r) => r.salary);
    };
    // Base 600 over 2 characters + elite 250 for the Core main: 850 for the player, split equally at 0 raids.
    expect(await salaries()).toEqual(["425.00", "425.00"]);

    const record = await createRecord([main]);
    expect(await salaries()).toEqual(["850.00", "0.00"]);
    const receipt = await new TestClient(app).get("/_api/public/salary-calculation");
    const shown = (receipt.data.calculationDetails as { memberName: string; finalCalculatedSalary: string }[])
      .filter((d) => d.memberName === main || d.memberName === alt)
      .map((d) => [d.memberName, d.finalCalculatedSalary]);
    expect(Object.fromEntries(shown)).toEqual({ [main]: "850.00", [alt]: "0.00" });

    expect(
      (
        await admin.post("/_api/attendance/update", {
          id: record.id,
          dateAttended: yesterdayNoon(),
          participatedMembers: [main, alt],
        })
      ).status,
    ).toBe(200);
    expect(await salaries()).toEqual(["425.00", "425.00"]);
    expect((await admin.post("/_api/attendance/delete", { id: record.id })).status).toBe(200);
    expect(await salaries()).toEqual(["425.00", "425.00"]);
  });
});

describe("attendance under concurrency", () => {
  it("20 parallel creates for the same member raise raidsParticipated by exactly 20", async () => {
    const name = await createMember("Swarm", { raids: 3 });
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        admin.post("/_api/attendance", {
          bossName: boss,
          dateAttended: yesterdayNoon(),
          participatedMembers: [name],
        }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(201));
    expect(await raids(name)).toEqual([23]);
    const listed = await admin.get("/_api/attendance");
    const records = listed.data.attendanceRecords as AttendanceRecord[];
    expect(records.filter((r) => r.participatedMembers.includes(name))).toHaveLength(20);
  });
});
