/**
 * Updates that merge (docs/decisions/038): two admins edit the same row from stale forms. Different fields
 * both land; the same field answers 409 with the current row and who changed it; the plain whole-record update
 * (no base) still works. On every driver.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseWithoutChange, changeWithoutBase } from "@shared/merge/field-merge.ts";
import type { WriteConflict } from "@shared/merge/write-conflict.ts";
import { parseMoney } from "@shared/money/money.ts";
import type { AttendanceRecord } from "@shared/schemas/attendance.ts";
import type { BossName } from "@shared/schemas/boss-names.ts";
import type { MarketExchangeItem } from "@shared/schemas/market.ts";
import type { GuildMember } from "@shared/schemas/members.ts";
import {
  auditFor,
  type Portal,
  setUpPortal,
  signInAs,
  storedFigures,
  uniqueName,
} from "../salary/portal-test-setup.ts";
import type { TestClient } from "../test/api-client.ts";

let portal: Portal;
/** Two admins on two devices; `a` is portal.admin. */
let a: TestClient;
let b: TestClient;
let aName: string;

beforeAll(async () => {
  portal = await setUpPortal("merge");
  a = portal.admin;
  b = await signInAs(portal, "merge-b", "admin");
  aName = ((await a.get("/_api/auth/session")).data.user as { displayName: string }).displayName;
});
afterAll(async () => {
  await portal?.close();
});

async function ok(client: TestClient, path: string, body: unknown, status = 200) {
  const res = await client.post(path, body);
  expect(res.status, res.text).toBe(status);
  return res.data;
}

async function newMember(category = "Members"): Promise<GuildMember> {
  const data = await ok(a, "/_api/guild-members", { playerName: uniqueName("Stormhollow"), category }, 201);
  return data.guildMember as GuildMember;
}

async function member(id: number): Promise<GuildMember> {
  const { guildMembers } = (await a.get("/_api/guild-members?status=all")).data as {
    guildMembers: GuildMember[];
  };
  return guildMembers.find((m) => m.id === id) as GuildMember;
}

async function newItem(body: Record<string, unknown> = {}): Promise<MarketExchangeItem> {
  const data = await ok(
    a,
    "/_api/market-exchange",
    {
      lootName: uniqueName("Obsidian Greatblade"),
      bossName: "Ironhide Behemoth",
      value: "3200.00",
      status: "Pending",
      participatedMembers: ["Ashvale", "Brightforge"],
      ...body,
    },
    201,
  );
  return data.marketExchangeItem as MarketExchangeItem;
}

async function item(id: number): Promise<MarketExchangeItem> {
  const { marketExchangeItems } = (await a.get("/_api/market-exchange")).data as {
    marketExchangeItems: MarketExchangeItem[];
  };
  return marketExchangeItems.find((i) => i.id === id) as MarketExchangeItem;
}

describe("member updates that merge", () => {
  it("lands a rename from A and a category change from B's stale form, both", async () => {
    const m = await newMember();
    const renamed = `${m.playerName}x`;
    await ok(a, "/_api/guild-member/update", {
      id: m.id,
      playerName: renamed,
      base: { playerName: m.playerName },
    });
    await ok(b, "/_api/guild-member/update", { id: m.id, category: "Core", base: { category: "Members" } });
    expect(await member(m.id)).toMatchObject({ playerName: renamed, category: "Core" });
  });

  it("answers 409 with the current row and who changed the field when both change the same field", async () => {
    const m = await newMember();
    await ok(a, "/_api/guild-member/update", { id: m.id, category: "Core", base: { category: "Members" } });
    const auditBefore = (await auditFor(portal.db, "guild_member", m.id)).length;

    const res = await b.post("/_api/guild-member/update", {
      id: m.id,
      category: "Guild Master",
      base: { category: "Members" },
    });

    expect(res.status).toBe(409);
    expect(res.data.error).toBe(
      `${m.playerName}'s category was changed to Core by ${aName} while you were offline.`,
    );
    const conflict = res.data.conflict as WriteConflict;
    expect(conflict).toMatchObject({
      entity: "guild_member",
      id: m.id,
      subject: m.playerName,
      current: { id: m.id, playerName: m.playerName, category: "Core" },
      fields: [
        {
          field: "category",
          base: "Members",
          yours: "Guild Master",
          theirs: "Core",
          changedBy: aName,
          changedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        },
      ],
    });
    // Nothing of B's write applied: the row and its history are as A left them.
    expect((await member(m.id)).category).toBe("Core");
    expect(await auditFor(portal.db, "guild_member", m.id)).toHaveLength(auditBefore);
  });

  it("names the members a main-character conflict is about, never their ids (decision 058)", async () => {
    const alt = await newMember();
    const main = await newMember();
    const other = await newMember();
    await ok(a, "/_api/guild-member/update", {
      id: alt.id,
      mainMemberId: main.id,
      base: { mainMemberId: null },
    });
    // A moves the alt to another main; B, from a stale form, unlinks it.
    await ok(a, "/_api/guild-member/update", {
      id: alt.id,
      mainMemberId: other.id,
      base: { mainMemberId: main.id },
    });
    const res = await b.post("/_api/guild-member/update", {
      id: alt.id,
      mainMemberId: null,
      base: { mainMemberId: main.id },
    });
    expect(res.status).toBe(409);
    expect(res.data.error).toBe(
      `${alt.playerName}'s main character was changed to ${other.playerName} by ${aName} while you were offline.`,
    );
    const conflict = res.data.conflict as WriteConflict;
    expect(conflict.fields[0]).toMatchObject({ base: main.id, yours: null, theirs: other.id });
    expect(conflict.names).toEqual({ [main.id]: main.playerName, [other.id]: other.playerName });
    expect(res.data.error).not.toContain("#");

    await ok(a, "/_api/guild-member/update", {
      id: alt.id,
      mainMemberId: null,
      base: { mainMemberId: other.id },
    });
    // A member deleted since is still named, from the audit log.
    expect((await a.post("/_api/guild-member/delete", { id: other.id })).status).toBe(200);
    const gone = await b.post("/_api/guild-member/update", {
      id: alt.id,
      mainMemberId: main.id,
      base: { mainMemberId: other.id },
    });
    expect(gone.status).toBe(409);
    expect(gone.data.conflict).toMatchObject({ names: { [other.id]: other.playerName } });
    expect(gone.data.error).toBe(
      `${alt.playerName}'s main character was changed to none by ${aName} while you were offline.`,
    );
  });

  it("refuses the whole write on a conflict, and takes it once re-sent on the current value (Use yours)", async () => {
    const m = await newMember();
    await ok(a, "/_api/guild-member/update", { id: m.id, category: "Core", base: { category: "Members" } });
    const body = { id: m.id, playerName: `${m.playerName}b`, category: "Guild Master" };
    const key = { "Idempotency-Key": crypto.randomUUID() };
    const first = await b.post(
      "/_api/guild-member/update",
      {
        ...body,
        base: { playerName: m.playerName, category: "Members" },
      },
      key,
    );
    expect(first.status).toBe(409);
    expect((await member(m.id)).playerName).toBe(m.playerName);
    // The refused attempt stored nothing under its key, so the same queued write goes again with a new base.
    const again = await b.post(
      "/_api/guild-member/update",
      {
        ...body,
        base: { playerName: m.playerName, category: "Core" },
      },
      key,
    );
    expect(again.status, again.text).toBe(200);
    expect(await member(m.id)).toMatchObject({ playerName: `${m.playerName}b`, category: "Guild Master" });
  });

  it("takes the same change made on both sides without a conflict", async () => {
    const m = await newMember();
    await ok(a, "/_api/guild-member/update", { id: m.id, category: "Core", base: { category: "Members" } });
    await ok(b, "/_api/guild-member/update", { id: m.id, category: "Core", base: { category: "Members" } });
    expect((await member(m.id)).category).toBe("Core");
  });

  it("keeps the plain whole-record update without a base (the last write wins)", async () => {
    const m = await newMember();
    await ok(a, "/_api/guild-member/update", { id: m.id, category: "Core", base: { category: "Members" } });
    await ok(b, "/_api/guild-member/update", {
      id: m.id,
      playerName: m.playerName,
      category: "Guild Master",
      raidsParticipated: 0,
      salary: 0,
    });
    expect((await member(m.id)).category).toBe("Guild Master");
  });

  it("refuses a base that does not match the fields being changed", async () => {
    const m = await newMember();
    const stray = await b.post("/_api/guild-member/update", {
      id: m.id,
      category: "Core",
      base: { category: "Members", playerName: m.playerName },
    });
    expect(stray.status).toBe(400);
    expect(stray.data.error).toBe(baseWithoutChange("playerName"));
    const missing = await b.post("/_api/guild-member/update", {
      id: m.id,
      category: "Core",
      playerName: "Other",
      base: { category: "Members" },
    });
    expect(missing.status).toBe(400);
    expect(missing.data.error).toBe(changeWithoutBase("playerName"));
  });
});

describe("loot updates that merge", () => {
  it("lands A's value and B's status from a stale form, and the salaries follow both", async () => {
    const loot = await newItem();
    await ok(a, "/_api/market-exchange/update", {
      id: loot.id,
      value: "3500.00",
      base: { value: "3200.00" },
    });
    const before = (await storedFigures(portal.db)).funds;
    await ok(b, "/_api/market-exchange/update", { id: loot.id, status: "Sold", base: { status: "Pending" } });
    expect(await item(loot.id)).toMatchObject({ value: "3500.00", status: "Sold" });
    // The split used A's value: 5% admin fee, and 10% plus the elite 25% (no Core took part) to the guild.
    const after = (await storedFigures(portal.db)).funds;
    const cents = (text: string | undefined) => parseMoney(text ?? "");
    expect(cents(after?.adminFund) - cents(before?.adminFund)).toBe(17_500);
    expect(cents(after?.reservedGuildFunds) - cents(before?.reservedGuildFunds)).toBe(122_500);
    expect(await auditFor(portal.db, "market_item", loot.id)).toHaveLength(3);
  });

  it("compares money as exact cents: a base of 3200 is the stored 3200.00, 3200.01 is not", async () => {
    const loot = await newItem();
    await ok(b, "/_api/market-exchange/update", { id: loot.id, value: "3300", base: { value: 3200 } });
    const res = await a.post("/_api/market-exchange/update", {
      id: loot.id,
      value: "3400.00",
      base: { value: "3200.00" },
    });
    expect(res.status).toBe(409);
    const conflict = res.data.conflict as WriteConflict;
    expect(conflict.fields).toEqual([
      expect.objectContaining({ field: "value", base: "3200.00", yours: "3400.00", theirs: "3300.00" }),
    ]);
    // An item is named by its name (and day, when it has one), never its id (decision 058).
    expect(res.data.error).toMatch(/^The value of Obsidian Greatblade\d+ was changed to 3,300\.00 USDT by /);
    expect(conflict.current).toMatchObject({ id: loot.id, value: "3300.00" });
  });

  it("merges participant lists as sets: A's addition and B's removal both land", async () => {
    const loot = await newItem();
    await ok(a, "/_api/market-exchange/update", {
      id: loot.id,
      participatedMembers: ["Ashvale", "Brightforge", "Cinder"],
      base: { participatedMembers: ["Ashvale", "Brightforge"] },
    });
    await ok(b, "/_api/market-exchange/update", {
      id: loot.id,
      participatedMembers: "Ashvale",
      base: { participatedMembers: loot.participatedMembers },
    });
    expect((await item(loot.id)).participatedMembers).toBe('["Ashvale","Cinder"]');
  });

  it("answers 409 when two removals would leave a list with nobody", async () => {
    const loot = await newItem();
    await ok(a, "/_api/market-exchange/update", {
      id: loot.id,
      participatedMembers: ["Brightforge"],
      base: { participatedMembers: ["Ashvale", "Brightforge"] },
    });
    const res = await b.post("/_api/market-exchange/update", {
      id: loot.id,
      participatedMembers: ["Ashvale"],
      base: { participatedMembers: ["Ashvale", "Brightforge"] },
    });
    expect(res.status).toBe(409);
    expect((res.data.conflict as WriteConflict).fields[0]).toMatchObject({
      field: "participatedMembers",
      theirs: ["Brightforge"],
      changedBy: aName,
    });
  });

  it("keeps the plain whole-record update without a base", async () => {
    const loot = await newItem();
    await ok(a, "/_api/market-exchange/update", {
      id: loot.id,
      value: "3500.00",
      base: { value: "3200.00" },
    });
    await ok(b, "/_api/market-exchange/update", {
      id: loot.id,
      lootName: loot.lootName,
      bossName: loot.bossName,
      value: 3200,
      status: "Sold",
      participatedMembers: "Ashvale, Brightforge",
      totalFunds: 0,
      dateAcquired: null,
    });
    expect(await item(loot.id)).toMatchObject({ value: "3200.00", status: "Sold", dateAcquired: null });
  });
});

describe("attendance and boss name updates that merge", () => {
  async function newBoss(): Promise<BossName> {
    return (await ok(a, "/_api/boss-names", { name: uniqueName("VENATUS"), respawn_time_hours: 10 }, 201))
      .bossName as BossName;
  }

  it("lands A's date and B's added participant; the same date from both answers 409", async () => {
    const boss = await newBoss();
    const [m1, m2, m3] = [await newMember(), await newMember(), await newMember()];
    const record = (
      await ok(
        a,
        "/_api/attendance",
        {
          bossName: boss.name,
          dateAttended: "2026-11-10",
          participatedMembers: [m1?.playerName, m2?.playerName],
        },
        201,
      )
    ).attendanceRecord as AttendanceRecord;
    await ok(a, "/_api/attendance/update", {
      id: record.id,
      dateAttended: "2026-11-11",
      base: { dateAttended: record.dateAttended },
    });
    await ok(b, "/_api/attendance/update", {
      id: record.id,
      participatedMembers: [m1?.playerName, m2?.playerName, m3?.playerName],
      base: { participatedMembers: record.participatedMembers },
    });
    const { attendanceRecords } = (await a.get("/_api/attendance")).data as {
      attendanceRecords: AttendanceRecord[];
    };
    const stored = attendanceRecords.find((r) => r.id === record.id) as AttendanceRecord;
    expect(stored.dateAttended.toISOString()).toBe("2026-11-11T12:00:00.000Z");
    expect(stored.participatedMembers).toEqual([m1?.playerName, m2?.playerName, m3?.playerName]);
    expect((await member(m3?.id as number)).raidsParticipated).toBe(1);

    const res = await b.post("/_api/attendance/update", {
      id: record.id,
      dateAttended: "2026-11-12",
      base: { dateAttended: record.dateAttended },
    });
    expect(res.status).toBe(409);
    expect(res.data.error).toBe(
      `The date of the ${boss.name} raid of Nov 11, 2026 was changed to Nov 11, 2026 by ${aName} while you were offline.`,
    );
  });

  it("keeps the plain attendance update, which needs both the date and the list without a base", async () => {
    const boss = await newBoss();
    const m1 = await newMember();
    const record = (
      await ok(
        a,
        "/_api/attendance",
        { bossName: boss.name, dateAttended: "2026-11-10", participatedMembers: [m1.playerName] },
        201,
      )
    ).attendanceRecord as AttendanceRecord;
    const missing = await b.post("/_api/attendance/update", {
      id: record.id,
      participatedMembers: [m1.playerName],
    });
    expect(missing.status).toBe(400);
    expect(missing.data.error).toBe("A date is required.");
    await ok(b, "/_api/attendance/update", {
      id: record.id,
      dateAttended: "2026-11-09",
      participatedMembers: [m1.playerName],
    });
  });

  it("lands A's rename and B's respawn time; the same respawn time changed twice answers 409", async () => {
    const boss = await newBoss();
    await ok(a, "/_api/boss-names/update", { id: boss.id, name: `${boss.name}X`, base: { name: boss.name } });
    await ok(b, "/_api/boss-names/update", {
      id: boss.id,
      respawn_time_hours: 12,
      base: { respawn_time_hours: 10 },
    });
    const { bossNames } = (await a.get("/_api/boss-names")).data as { bossNames: BossName[] };
    expect(bossNames.find((x) => x.id === boss.id)).toEqual({
      id: boss.id,
      name: `${boss.name}X`,
      respawnTimeHours: 12,
    });
    const res = await a.post("/_api/boss-names/update", {
      id: boss.id,
      respawn_time_hours: 20,
      base: { respawn_time_hours: 10 },
    });
    expect(res.status).toBe(409);
    expect(res.data.error).toMatch(/'s respawn time was changed to 12 by /);
    // The plain body without a base still renames.
    await ok(b, "/_api/boss-names/update", { id: boss.id, name: `${boss.name}Y` });
  });
});
