import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseMoney } from "@shared/money/money.ts";
import { lastDay } from "@shared/schemas/day-range.ts";
import {
  ALIAS_ON_LINKED_CHARACTER,
  aliasIsNameMessage,
  CATEGORY_INVALID,
  deleteKickedMessage,
  duplicateAliasMessage,
  duplicateMemberMessage,
  type GuildMember,
  kickNotActiveMessage,
  MAIN_MEMBER_IS_LINKED,
  MAIN_MEMBER_NOT_FOUND,
  MAIN_MEMBER_SELF,
  MEMBER_HAS_CHARACTERS,
  MEMBER_NOT_FOUND,
  markPaidNotKickedMessage,
  memberGoneMessage,
  nameIsAliasMessage,
  PLAYER_NAME_HAS_COMMA,
  PLAYER_NAME_REQUIRED,
  PLAYER_NAME_TOO_LONG,
  RAIDS_INVALID,
  STATUS_FILTER_INVALID,
} from "@shared/schemas/members.ts";
import { PAYOUT_DATE_TOO_LATE } from "@shared/schemas/payouts.ts";
import { KEY_REUSED } from "../app/write.ts";
import { auditFor, type Portal, setUpPortal, uniqueName } from "../salary/portal-test-setup.ts";

let portal: Portal;

beforeAll(async () => {
  portal = await setUpPortal("members");
});
afterAll(async () => {
  await portal?.close();
});

async function addMember(
  playerName: string,
  category = "Members",
  extra: Record<string, unknown> = {},
): Promise<GuildMember> {
  const res = await portal.admin.post("/_api/guild-members", { playerName, category, ...extra });
  expect(res.status, JSON.stringify(res.data)).toBe(201);
  return res.data.guildMember as GuildMember;
}

async function addSoldItem(participatedMembers: string | string[], value = "1000.00") {
  const res = await portal.admin.post("/_api/market-exchange", {
    lootName: uniqueName("Loot"),
    bossName: "Gravemaw",
    value,
    status: "Sold",
    participatedMembers,
  });
  expect(res.status, JSON.stringify(res.data)).toBe(201);
  return res.data.marketExchangeItem as { id: number; participatedMembers: string };
}

const nextDay = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

const member = async (id: number) => {
  const res = await portal.admin.get("/_api/guild-members?status=all");
  return (res.data.guildMembers as GuildMember[]).find((m) => m.id === id);
};

const itemText = async (id: number) =>
  (
    await portal.db.query<{ t: string }>(
      "SELECT participated_members AS t FROM market_exchange WHERE id = $1",
      [id],
    )
  )[0]?.t;

describe("POST /_api/guild-members", () => {
  it("creates a member with the full shape (201) and audits it", async () => {
    const name = uniqueName("Ashvale");
    const res = await portal.admin.post("/_api/guild-members", {
      playerName: `  ${name} `,
      category: "Core",
    });
    expect(res.status).toBe(201);
    const created = res.data.guildMember as GuildMember;
    expect(created).toEqual({
      id: expect.any(Number),
      playerName: name,
      category: "Core",
      raidsParticipated: 0,
      salary: "0.00",
      status: "active",
      kickedDate: null,
      finalSalaryAmount: null,
      mainMemberId: null,
      playerAlias: null,
      createdAt: expect.any(Date),
      updatedAt: expect.any(Date),
    });
    const audit = await auditFor(portal.db, "guild_member", created.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: "create",
      before: null,
      after: { playerName: name, category: "Core" },
    });
    expect(audit[0]?.actorEmail).toMatch(/^members-admin-/);
  });

  it("answers the product's validation messages, and 400 on an unknown field", async () => {
    const cases: [unknown, string][] = [
      [{ playerName: "", category: "Core" }, PLAYER_NAME_REQUIRED],
      [{ playerName: "   ", category: "Core" }, PLAYER_NAME_REQUIRED],
      [{ category: "Core" }, PLAYER_NAME_REQUIRED],
      [{ playerName: 42, category: "Core" }, PLAYER_NAME_REQUIRED],
      [{ playerName: "x".repeat(101), category: "Core" }, PLAYER_NAME_TOO_LONG],
      [{ playerName: "Bob, Alice", category: "Core" }, PLAYER_NAME_HAS_COMMA],
      [{ playerName: '"Bob"', category: "Core" }, PLAYER_NAME_HAS_COMMA],
      [{ playerName: "'Bob'", category: "Core" }, PLAYER_NAME_HAS_COMMA],
      [{ playerName: "Bob" }, CATEGORY_INVALID],
      [{ playerName: "Bob", category: "Officer" }, CATEGORY_INVALID],
      [{ playerName: "Bob", category: "Core", salary: 5 }, "Unknown field: salary"],
      [{ playerName: "Bob", category: "Core", mainMemberId: 1.5 }, "ID must be an integer."],
    ];
    for (const [body, error] of cases) {
      const res = await portal.admin.post("/_api/guild-members", body);
      expect({ body, status: res.status, data: res.data }).toEqual({ body, status: 400, data: { error } });
    }
    expect(PLAYER_NAME_REQUIRED).toBe("Player name is required");
  });

  it("refuses a duplicate name in any letter case with 409", async () => {
    const name = uniqueName("Brightforge");
    await addMember(name);
    const res = await portal.admin.post("/_api/guild-members", {
      playerName: name.toUpperCase(),
      category: "Members",
    });
    expect(res.status).toBe(409);
    expect(res.data).toEqual({ error: duplicateMemberMessage(name.toUpperCase()) });
    expect(res.data.error).toBe(`A guild member named "${name.toUpperCase()}" already exists.`);
  });

  it("takes the salary already earned under the new name by someone not yet on the roster", async () => {
    const name = uniqueName("Newcomer");
    await addSoldItem([name]);
    const created = await addMember(name);
    // 1,000.00: base pool 600.00 for the only participant; no elite, so the elite pool goes to the guild fund.
    expect(created.salary).toBe("600.00");
  });

  it("applies a repeated Idempotency-Key once and answers the same body; 422 for another body", async () => {
    const name = uniqueName("Once");
    const key = `members-create-${name}`;
    const first = await portal.admin.post(
      "/_api/guild-members",
      { playerName: name, category: "Members" },
      { "Idempotency-Key": key },
    );
    const again = await portal.admin.post(
      "/_api/guild-members",
      { playerName: name, category: "Members" },
      { "Idempotency-Key": key },
    );
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.text).toBe(first.text);
    expect(again.headers.get("Idempotent-Replayed")).toBe("true");
    const rows = await portal.db.query("SELECT id FROM guild_members WHERE player_name = $1", [name]);
    expect(rows).toHaveLength(1);
    const other = await portal.admin.post(
      "/_api/guild-members",
      { playerName: `${name}x`, category: "Members" },
      { "Idempotency-Key": key },
    );
    expect(other.status).toBe(422);
    expect(other.data).toEqual({ error: KEY_REUSED });
  });
});

describe("GET /_api/guild-members and /_api/public/guild-members", () => {
  it("filters by status (default active, all, kicked, paid_out) in roster order; 400 on another status", async () => {
    const active = await addMember(uniqueName("Zeta"), "Members");
    const core = await addMember(uniqueName("Yotta"), "Core");
    const kicked = await addMember(uniqueName("Kicked"));
    const paid = await addMember(uniqueName("Paid"));
    await portal.admin.post("/_api/guild-member/kick", { id: kicked.id });
    await portal.admin.post("/_api/guild-member/kick", { id: paid.id });
    await portal.admin.post("/_api/guild-member/mark-paid", { id: paid.id });

    const ids = async (query: string) => {
      const res = await portal.admin.get(`/_api/guild-members${query}`);
      expect(res.status).toBe(200);
      return (res.data.guildMembers as GuildMember[]).map((m) => m.id);
    };
    const defaults = await ids("");
    expect(defaults).toEqual(await ids("?status=active"));
    expect(defaults).toContain(active.id);
    expect(defaults).not.toContain(kicked.id);
    expect(defaults.indexOf(core.id)).toBeLessThan(defaults.indexOf(active.id));
    expect(await ids("?status=kicked")).toContain(kicked.id);
    expect(await ids("?status=kicked")).not.toContain(paid.id);
    expect(await ids("?status=paid_out")).toEqual(expect.arrayContaining([paid.id]));
    expect(await ids("?status=all")).toEqual(expect.arrayContaining([active.id, kicked.id, paid.id]));
    const bad = await portal.admin.get("/_api/guild-members?status=gone");
    expect(bad.status).toBe(400);
    expect(bad.data).toEqual({ error: STATUS_FILTER_INVALID });
  });

  it("is admin-only: 401 anonymous, 403 user", async () => {
    expect((await portal.anonymous.get("/_api/guild-members")).status).toBe(401);
    const refused = await portal.user.get("/_api/guild-members");
    expect(refused.status).toBe(403);
    expect(refused.data).toEqual({ error: "Access denied. Your role (user) lacks required permissions." });
    for (const [path, body] of [
      ["/_api/guild-members", { playerName: "Nope", category: "Core" }],
      ["/_api/guild-member/update", { id: 1, category: "Core" }],
      ["/_api/guild-member/delete", { id: 1 }],
      ["/_api/guild-member/kick", { id: 1 }],
      ["/_api/guild-member/mark-paid", { id: 1 }],
    ] as const) {
      expect((await portal.anonymous.post(path, body)).status).toBe(401);
      expect((await portal.user.post(path, body)).status).toBe(403);
    }
  });

  it("the public roster lists active members to anyone", async () => {
    const active = await addMember(uniqueName("Public"));
    const kicked = await addMember(uniqueName("Gone"));
    await portal.admin.post("/_api/guild-member/kick", { id: kicked.id });
    const res = await portal.anonymous.get("/_api/public/guild-members");
    expect(res.status).toBe(200);
    const list = res.data.guildMembers as GuildMember[];
    expect(list.every((m) => m.status === "active")).toBe(true);
    expect(list.find((m) => m.id === active.id)).toMatchObject({
      playerName: active.playerName,
      salary: "0.00",
    });
    expect(list.some((m) => m.id === kicked.id)).toBe(false);
  });
});

describe("POST /_api/guild-member/update", () => {
  it("changes name and category, audits before and after, and ignores salary and raidsParticipated", async () => {
    const created = await addMember(uniqueName("Cinder"), "Members");
    const newName = uniqueName("Cinderwhisk");
    const res = await portal.admin.post("/_api/guild-member/update", {
      id: created.id,
      playerName: newName,
      category: "Core",
      salary: "99999.00",
      raidsParticipated: 42,
    });
    expect(res.status).toBe(200);
    expect(res.data.guildMember).toMatchObject({
      id: created.id,
      playerName: newName,
      category: "Core",
      salary: "0.00",
      raidsParticipated: 0,
    });
    const audit = await auditFor(portal.db, "guild_member", created.id);
    expect(audit.map((a) => a.action)).toEqual(["create", "update"]);
    expect(audit[1]).toMatchObject({
      before: { playerName: created.playerName, category: "Members" },
      after: { playerName: newName, category: "Core" },
    });
  });

  it("answers the validation messages; 404 for an unknown id; 409 for a taken name", async () => {
    const created = await addMember(uniqueName("Dawn"));
    const taken = await addMember(uniqueName("Taken"));
    const cases: [unknown, number, string][] = [
      [{ id: created.id, playerName: "" }, 400, PLAYER_NAME_REQUIRED],
      [{ id: created.id, category: "Boss" }, 400, CATEGORY_INVALID],
      [{ id: created.id, raidsParticipated: -1 }, 400, RAIDS_INVALID],
      [{ id: created.id, raidsParticipated: 1.5 }, 400, RAIDS_INVALID],
      [{ id: created.id, salary: -1 }, 400, "Salary cannot be negative."],
      [{ id: created.id, salary: "abc" }, 400, "Salary must be a number."],
      [{ id: created.id, status: "kicked" }, 400, "Unknown field: status"],
      [{ playerName: "x" }, 400, "ID must be an integer."],
      [{ id: "7" }, 400, "ID must be an integer."],
      [{ id: 999999, category: "Core" }, 404, MEMBER_NOT_FOUND],
      [
        { id: created.id, playerName: taken.playerName.toLowerCase() },
        409,
        duplicateMemberMessage(taken.playerName.toLowerCase()),
      ],
    ];
    for (const [body, status, error] of cases) {
      const res = await portal.admin.post("/_api/guild-member/update", body);
      expect({ body, status: res.status, data: res.data }).toEqual({ body, status, data: { error } });
    }
  });

  it("a rename carries the member's name in loot and attendance records, so the salary follows", async () => {
    const old = uniqueName("Ember");
    const other = uniqueName("Frost");
    const created = await addMember(old, "Core");
    await addMember(other);
    const item = await addSoldItem(`${old}, ${other}`);
    const legacy = await addSoldItem(`["${old.toLowerCase()}"]`, "100.00");
    const corrupt = await portal.db.query<{ id: number }>(
      `INSERT INTO market_exchange (loot_name, boss_name, value, status, participated_members)
       VALUES ('Broken', 'Gravemaw', 10, 'Pending', $1) RETURNING id`,
      [`["${old}", "${other}"`],
    );
    const attendance = await portal.db.query<{ id: number }>(
      `INSERT INTO attendance_records (boss_name, date_attended, participated_members)
       VALUES ('Gravemaw', now(), $1) RETURNING id`,
      [JSON.stringify([old, other])],
    );
    const salaryBefore = (await member(created.id))?.salary;
    // 1,000.00 with one other: 300.00 base + 250.00 elite; 100.00 alone: 60.00 + 25.00.
    expect(salaryBefore).toBe("635.00");
    const renamed = uniqueName("Emberlyn");
    const res = await portal.admin.post("/_api/guild-member/update", { id: created.id, playerName: renamed });
    expect(res.status).toBe(200);
    expect(res.data.guildMember).toMatchObject({ playerName: renamed, salary: salaryBefore });
    expect(await itemText(item.id)).toBe(JSON.stringify([renamed, other]));
    expect(await itemText(legacy.id)).toBe(JSON.stringify([renamed]));
    // A corrupted text is left for the fix tool.
    expect(await itemText(corrupt[0]?.id as number)).toBe(`["${old}", "${other}"`);
    const records = await portal.db.query<{ t: string }>(
      "SELECT participated_members AS t FROM attendance_records WHERE id = $1",
      [attendance[0]?.id],
    );
    expect(records[0]?.t).toBe(JSON.stringify([renamed, other]));
    const audit = await auditFor(portal.db, "guild_member", created.id);
    expect(audit.find((a) => a.action === "rewrite_participants")?.after).toEqual({
      marketItemIds: [item.id, legacy.id],
      attendanceRecordIds: [attendance[0]?.id],
    });
  });

  it("links characters to a main with a player alias; the alias follows a rename and is spelled out when removed", async () => {
    const main = await addMember(uniqueName("Ironveil"), "Core");
    const alt = await addMember(uniqueName("Veilshade"), "Members", { mainMemberId: main.id });
    expect(alt.mainMemberId).toBe(main.id);
    const alias = uniqueName("Veil");
    const aliased = await portal.admin.post("/_api/guild-member/update", { id: main.id, playerAlias: alias });
    expect(aliased.data.guildMember).toMatchObject({ playerAlias: alias });
    const item = await addSoldItem([alias]);
    // The alias names both characters: 600.00 base + 250.00 elite, re-split between them (no raids: equally).
    const total = (id: number) => member(id).then((m) => parseMoney(m?.salary ?? ""));
    expect((await total(main.id)) + (await total(alt.id))).toBe(85_000);

    const newAlias = uniqueName("Shade");
    await portal.admin.post("/_api/guild-member/update", { id: main.id, playerAlias: newAlias });
    expect(await itemText(item.id)).toBe(JSON.stringify([newAlias]));
    await portal.admin.post("/_api/guild-member/update", { id: main.id, playerAlias: null });
    expect(await itemText(item.id)).toBe(JSON.stringify([main.playerName, alt.playerName]));
    expect((await total(main.id)) + (await total(alt.id))).toBe(85_000);
  });

  it("refuses links and aliases that would make names ambiguous", async () => {
    const main = await addMember(uniqueName("Main"), "Core", { playerAlias: uniqueName("Alias") });
    const alt = await addMember(uniqueName("Alt"), "Members", { mainMemberId: main.id });
    const loner = await addMember(uniqueName("Loner"));
    const cases: [string, unknown, number, string][] = [
      ["/_api/guild-member/update", { id: loner.id, mainMemberId: loner.id }, 400, MAIN_MEMBER_SELF],
      ["/_api/guild-member/update", { id: loner.id, mainMemberId: 999999 }, 400, MAIN_MEMBER_NOT_FOUND],
      ["/_api/guild-member/update", { id: loner.id, mainMemberId: alt.id }, 400, MAIN_MEMBER_IS_LINKED],
      ["/_api/guild-member/update", { id: main.id, mainMemberId: loner.id }, 400, MEMBER_HAS_CHARACTERS],
      [
        "/_api/guild-member/update",
        { id: alt.id, playerAlias: uniqueName("Nope") },
        400,
        ALIAS_ON_LINKED_CHARACTER,
      ],
      [
        "/_api/guild-member/update",
        { id: loner.id, playerAlias: main.playerAlias },
        409,
        duplicateAliasMessage(main.playerAlias as string),
      ],
      [
        "/_api/guild-member/update",
        { id: loner.id, playerAlias: alt.playerName },
        409,
        aliasIsNameMessage(alt.playerName),
      ],
      [
        "/_api/guild-member/update",
        { id: loner.id, playerName: main.playerAlias },
        409,
        nameIsAliasMessage(main.playerAlias as string),
      ],
      [
        "/_api/guild-members",
        { playerName: (main.playerAlias as string).toUpperCase(), category: "Core" },
        409,
        nameIsAliasMessage((main.playerAlias as string).toUpperCase()),
      ],
      [
        "/_api/guild-members",
        { playerName: uniqueName("X"), category: "Core", mainMemberId: main.id, playerAlias: "Y" },
        400,
        ALIAS_ON_LINKED_CHARACTER,
      ],
    ];
    for (const [path, body, status, error] of cases) {
      const res = await portal.admin.post(path, body);
      expect({ body, status: res.status, data: res.data }).toEqual({ body, status, data: { error } });
    }
  });
});

describe("kick, mark paid, delete", () => {
  it("kicks an active member with an optional final salary, then marks them paid; other moves answer 409", async () => {
    const created = await addMember(uniqueName("Galewarden"));
    const kicked = await portal.admin.post("/_api/guild-member/kick", {
      id: created.id,
      finalSalaryAmount: 12.5,
    });
    expect(kicked.status).toBe(200);
    expect(kicked.data.guildMember).toMatchObject({ status: "kicked", finalSalaryAmount: "12.50" });
    expect((kicked.data.guildMember as GuildMember).kickedDate).toBeInstanceOf(Date);

    const again = await portal.admin.post("/_api/guild-member/kick", { id: created.id });
    expect(again.status).toBe(409);
    expect(again.data).toEqual({ error: kickNotActiveMessage(created.playerName, "kicked") });
    const deleting = await portal.admin.post("/_api/guild-member/delete", { id: created.id });
    expect(deleting.status).toBe(409);
    expect(deleting.data).toEqual({ error: deleteKickedMessage(created.playerName) });

    const paid = await portal.admin.post("/_api/guild-member/mark-paid", { id: created.id });
    expect(paid.status).toBe(200);
    expect(paid.data.guildMember).toMatchObject({ status: "paid_out", finalSalaryAmount: "12.50" });
    const twice = await portal.admin.post("/_api/guild-member/mark-paid", { id: created.id });
    expect(twice.status).toBe(409);
    expect(twice.data).toEqual({ error: markPaidNotKickedMessage(created.playerName, "paid_out") });

    const audit = await auditFor(portal.db, "guild_member", created.id);
    expect(audit.map((a) => a.action)).toEqual(["create", "kick", "mark_paid"]);
    expect(audit[1]).toMatchObject({ before: { status: "active" }, after: { status: "kicked" } });
  });

  it("refuses to mark an active member paid, and checks the kick body", async () => {
    const created = await addMember(uniqueName("Hollowpeak"));
    const res = await portal.admin.post("/_api/guild-member/mark-paid", { id: created.id });
    expect(res.status).toBe(409);
    expect(res.data).toEqual({ error: markPaidNotKickedMessage(created.playerName, "active") });
    const cases: [unknown, number, string][] = [
      [{ id: created.id, finalSalaryAmount: -1 }, 400, "Final salary amount cannot be negative."],
      [{ id: created.id, finalSalaryAmount: "x" }, 400, "Final salary amount must be a number."],
      [
        { id: created.id, finalSalaryAmount: 1.005 },
        400,
        "Final salary amount cannot have more than 2 decimals.",
      ],
      [{ id: created.id, reason: "x" }, 400, "Unknown field: reason"],
      [{ id: 999999 }, 404, MEMBER_NOT_FOUND],
    ];
    for (const [body, status, error] of cases) {
      const kick = await portal.admin.post("/_api/guild-member/kick", body);
      expect({ body, status: kick.status, data: kick.data }).toEqual({ body, status, data: { error } });
    }
    expect((await portal.admin.post("/_api/guild-member/mark-paid", { id: 999999 })).status).toBe(404);
  });

  it("dates Mark paid as a payout is dated: up to a year from today, with the payout's message", async () => {
    const created = await addMember(uniqueName("Ironveil"));
    expect((await portal.admin.post("/_api/guild-member/kick", { id: created.id })).status).toBe(200);
    const last = lastDay();
    for (const paidOn of ["9999-12-31", nextDay(last)]) {
      const res = await portal.admin.post("/_api/guild-member/mark-paid", { id: created.id, paidOn });
      expect({ paidOn, status: res.status, data: res.data }).toEqual({
        paidOn,
        status: 400,
        data: { error: PAYOUT_DATE_TOO_LATE(last) },
      });
    }
    expect(PAYOUT_DATE_TOO_LATE(last)).toBe(`Paid on cannot be after ${last}, a year from today.`);
    const paid = await portal.admin.post("/_api/guild-member/mark-paid", { id: created.id, paidOn: last });
    expect(paid.status).toBe(200);
  });

  it("deletes a member, audits it, and their share stays on the receipt under their name", async () => {
    const name = uniqueName("Jadeclaw");
    const created = await addMember(name, "Core");
    await addSoldItem([name]);
    const res = await portal.admin.post("/_api/guild-member/delete", { id: created.id });
    expect(res.status).toBe(200);
    expect(res.data).toEqual({ success: true, id: created.id });
    expect(await member(created.id)).toBeUndefined();
    const audit = await auditFor(portal.db, "guild_member", created.id);
    expect(audit.at(-1)).toMatchObject({ action: "delete", before: { playerName: name }, after: null });
    const receipt = await portal.anonymous.get("/_api/public/salary-calculation");
    const row = (receipt.data.calculationDetails as { memberName: string; category: string }[]).find(
      (r) => r.memberName === name,
    );
    expect(row).toMatchObject({ category: "Members" });
    // Every later write to them names them and who deleted them, never the id (decision 058).
    const by = ((await portal.admin.get("/_api/auth/session")).data.user as { displayName: string })
      .displayName;
    const gone = { error: memberGoneMessage(name, by) };
    expect(gone.error).toBe(`${name} was deleted from the roster by ${by}.`);
    const writes: [string, Record<string, unknown>][] = [
      ["delete", { id: created.id }],
      ["update", { id: created.id, category: "Members" }],
      ["kick", { id: created.id }],
      ["mark-paid", { id: created.id }],
    ];
    for (const [path, body] of writes) {
      const res = await portal.admin.post(`/_api/guild-member/${path}`, body);
      expect({ path, status: res.status, data: res.data }).toEqual({ path, status: 404, data: gone });
    }
    const key = `gone-member-${created.id}`;
    const batch = await portal.admin.post("/_api/batch", {
      writes: [{ key, path: "/_api/guild-member/kick", body: { id: created.id } }],
    });
    expect(batch.data.results).toEqual([{ key, status: 404, body: gone }]);
    const never = await portal.admin.post("/_api/guild-member/delete", { id: 999_999_999 });
    expect(never).toMatchObject({ status: 404, data: { error: MEMBER_NOT_FOUND } });
  });

  it("deleting a main character unlinks its characters and spells its alias out in participant lists", async () => {
    const alias = uniqueName("Kes");
    const main = await addMember(uniqueName("Kestrel"), "Core", { playerAlias: alias });
    const alt = await addMember(uniqueName("Kestrelalt"), "Members", { mainMemberId: main.id });
    const item = await addSoldItem(`${alias}`);
    await portal.admin.post("/_api/guild-member/delete", { id: main.id });
    expect(await itemText(item.id)).toBe(JSON.stringify([main.playerName, alt.playerName]));
    expect(await member(alt.id)).toMatchObject({ mainMemberId: null, salary: "300.00" });
  });
});
