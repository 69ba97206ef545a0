/**
 * GET /_api/me/earnings and the account-to-character link (docs/decisions/051), over HTTP on the real database of
 * each driver: exact cents, alts included, other members' items left out, the unlinked answer, roles, conflicts
 * and bad input.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ACCOUNT_LINK_MESSAGES,
  linkToAltMessage,
  memberTakenMessage,
} from "@shared/schemas/account-links.ts";
import type { MarketExchangeItem } from "@shared/schemas/market.ts";
import type { GuildMember } from "@shared/schemas/members.ts";
import { MY_EARNINGS_MESSAGES, type MyEarnings } from "@shared/schemas/my-earnings.ts";
import {
  auditFor,
  createAccount,
  type Portal,
  setUpPortal,
  TEST_PASSWORD,
  uniqueName,
} from "../salary/portal-test-setup.ts";
import { TestClient } from "../test/api-client.ts";

const LINK = "/_api/admin/accounts/link-member";
const LINKS = "/_api/admin/accounts/member-links";
const EARNINGS = "/_api/me/earnings";

let portal: Portal;

beforeAll(async () => {
  portal = await setUpPortal("my-earnings");
});
afterAll(async () => {
  await portal?.close();
});

/** A new user account, signed in on its own client; answers its id too. */
async function raider(label: string): Promise<{ id: number; email: string; client: TestClient }> {
  const email = await createAccount(portal.db, label, "user");
  const [row] = await portal.db.query<{ id: number }>("SELECT id FROM users WHERE email = $1", [email]);
  const client = new TestClient(portal.app);
  expect((await client.login(email, TEST_PASSWORD)).status).toBe(200);
  return { id: row?.id as number, email, client };
}

async function addMember(playerName: string, category: string, mainMemberId?: number) {
  const res = await portal.admin.post("/_api/guild-members", { playerName, category, mainMemberId });
  expect(res.status, res.text).toBe(201);
  return res.data.guildMember as GuildMember;
}

async function addSoldItem(lootName: string, participants: string[], value: number, dateAcquired: string) {
  const res = await portal.admin.post("/_api/market-exchange", {
    lootName,
    bossName: "Gravemaw",
    value,
    status: "Sold",
    participatedMembers: participants,
    dateAcquired,
  });
  expect(res.status, res.text).toBe(201);
  return res.data.marketExchangeItem as MarketExchangeItem;
}

async function link(userId: number, memberId: number | null) {
  return portal.admin.post(LINK, { userId, memberId });
}

async function salaryOf(memberId: number): Promise<string> {
  const [row] = await portal.db.query<{ salary: string }>("SELECT salary FROM guild_members WHERE id = $1", [
    memberId,
  ]);
  return row?.salary as string;
}

describe("GET /_api/me/earnings", () => {
  it("answers 401 to an anonymous visitor", async () => {
    const res = await portal.anonymous.get(EARNINGS);
    expect(res.status).toBe(401);
    expect(res.data).toEqual({ error: "Authentication required" });
  });

  it("tells an account without a character to ask an officer", async () => {
    const { client } = await raider("unlinked");
    const res = await client.get(EARNINGS);
    expect(res.status).toBe(200);
    expect(res.data).toEqual({ linked: false, message: MY_EARNINGS_MESSAGES.notLinked });
  });

  it("lists the main's and the alts' shares to the cent, their payouts and the balance, and nobody else's", async () => {
    const main = await addMember(uniqueName("Thornmain"), "Core");
    const alt = await addMember(uniqueName("Thornalt"), "Members", main.id);
    const other = await addMember(uniqueName("Strangerq"), "Members");
    // Main (Core) and a Member: base 60.00 split 30.00 each, the elite 25.00 to the main: 55.00.
    const first = await addSoldItem("Ember Crown", [main.playerName, other.playerName], 100, "2026-11-01");
    // Alt and a Member, no elite: base 60% of 20.10 = 12.06, 6.03 each.
    const second = await addSoldItem("Ash Ring", [alt.playerName, other.playerName], 20.1, "2026-11-03");
    // Main and alt together: one player, shares pooled and re-split equally (0 raids each): 42.50 each.
    const third = await addSoldItem("Void Blade", [main.playerName, alt.playerName], 100, "2026-11-02");
    // Only the stranger: not theirs.
    const foreign = await addSoldItem("Stranger Gem", [other.playerName], 500, "2026-11-04");
    await portal.db.query(
      `INSERT INTO payouts (member_id, member_name, amount, paid_on, method, reference)
       VALUES ($1, $2, 100.01, '2026-11-05', 'USDT TRC20', '0xabc'), ($3, $4, 77.00, '2026-11-05', '', '')`,
      [alt.id, alt.playerName, other.id, other.playerName],
    );
    const account = await raider("linked");
    expect((await link(account.id, main.id)).status).toBe(200);

    const res = await account.client.get(EARNINGS);
    expect(res.status, res.text).toBe(200);
    const answer = res.data as unknown as Extract<MyEarnings, { linked: true }>;
    expect(answer.linked).toBe(true);
    expect(answer.mainMemberId).toBe(main.id);
    expect(answer.mainName).toBe(main.playerName);
    expect(answer.characters.map((c) => [c.playerName, c.isMain, c.earned])).toEqual([
      [main.playerName, true, "97.50"],
      [alt.playerName, false, "48.53"],
    ]);
    expect(answer.totals).toEqual({ earned: "146.03", paid: "100.01", balance: "46.02", itemCount: 4 });
    // Earned is the stored salaries, and equals the items' shares added up.
    const stored = [await salaryOf(main.id), await salaryOf(alt.id)];
    expect(stored).toEqual(["97.50", "48.53"]);
    const shareCents = answer.items.reduce((sum, item) => sum + Math.round(Number(item.share) * 100), 0);
    expect(shareCents).toBe(14603);
    expect(answer.items.map((i) => [i.date, i.lootName, i.characterName, i.share])).toEqual([
      ["2026-11-03", "Ash Ring", alt.playerName, "6.03"],
      ["2026-11-02", "Void Blade", main.playerName, "42.50"],
      ["2026-11-02", "Void Blade", alt.playerName, "42.50"],
      ["2026-11-01", "Ember Crown", main.playerName, "55.00"],
    ]);
    expect(answer.items.every((i) => i.bossName === "Gravemaw")).toBe(true);
    expect(answer.items.map((i) => i.itemId)).not.toContain(foreign.id);
    expect(new Set(answer.items.map((i) => i.itemId))).toEqual(new Set([first.id, second.id, third.id]));
    expect(answer.payouts).toEqual([
      {
        id: expect.any(Number),
        memberId: alt.id,
        memberName: alt.playerName,
        paidOn: "2026-11-05",
        amount: "100.01",
        method: "USDT TRC20",
        reference: "0xabc",
      },
    ]);
  });

  it("lists the latest raids naming the main or an alt, newest first, at most five, and nobody else's", async () => {
    const main = await addMember(uniqueName("Raidmain"), "Core");
    const alt = await addMember(uniqueName("Raidalt"), "Members", main.id);
    const other = await addMember(uniqueName("Raidother"), "Members");
    // A name that holds ours is another character: 'Raidmain7x' is not 'Raidmain7'.
    const longer = await addMember(`${main.playerName}x`, "Members");
    const boss = await portal.admin.post("/_api/boss-names", {
      name: uniqueName("Raidboss"),
      respawn_time_hours: 24,
    });
    expect(boss.status, boss.text).toBe(201);
    const bossName = (boss.data.bossName as { name: string }).name;
    const attend = async (day: string, names: string[]) => {
      const res = await portal.admin.post("/_api/attendance", {
        bossName,
        dateAttended: day,
        participatedMembers: names,
      });
      expect(res.status, res.text).toBe(201);
      return (res.data.attendanceRecord as { id: number }).id;
    };
    const ids = [
      await attend("2026-10-01", [main.playerName]),
      await attend("2026-10-02", [alt.playerName, other.playerName]),
      await attend("2026-10-03", [main.playerName.toUpperCase(), alt.playerName]),
      await attend("2026-10-04", [other.playerName, main.playerName]),
      await attend("2026-10-05", [alt.playerName]),
      await attend("2026-10-06", [main.playerName]),
    ];
    await attend("2026-10-07", [other.playerName, longer.playerName]);
    const account = await raider("raids");
    expect((await link(account.id, main.id)).status).toBe(200);

    const res = await account.client.get(EARNINGS);
    expect(res.status, res.text).toBe(200);
    const answer = res.data as unknown as Extract<MyEarnings, { linked: true }>;
    expect(answer.raids).toEqual([
      {
        id: ids[5],
        bossName,
        dateAttended: "2026-10-06T12:00:00Z",
        characters: [main.playerName],
      },
      {
        id: ids[4],
        bossName,
        dateAttended: "2026-10-05T12:00:00Z",
        characters: [alt.playerName],
      },
      {
        id: ids[3],
        bossName,
        dateAttended: "2026-10-04T12:00:00Z",
        characters: [main.playerName],
      },
      {
        id: ids[2],
        bossName,
        dateAttended: "2026-10-03T12:00:00Z",
        characters: [main.playerName, alt.playerName],
      },
      {
        id: ids[1],
        bossName,
        dateAttended: "2026-10-02T12:00:00Z",
        characters: [alt.playerName],
      },
    ]);
  });

  it("follows the main when the linked character is later made an alt", async () => {
    const first = await addMember(uniqueName("Wasmain"), "Members");
    const account = await raider("moved");
    expect((await link(account.id, first.id)).status).toBe(200);
    const newMain = await addMember(uniqueName("Nowmain"), "Members");
    const moved = await portal.admin.post("/_api/guild-member/update", {
      id: first.id,
      mainMemberId: newMain.id,
    });
    expect(moved.status, moved.text).toBe(200);
    const answer = (await account.client.get(EARNINGS)).data as unknown as Extract<
      MyEarnings,
      { linked: true }
    >;
    expect(answer.mainMemberId).toBe(newMain.id);
    expect(answer.characters.map((c) => c.memberId)).toEqual([newMain.id, first.id]);
  });

  it("adds up payouts beyond what cents hold exactly, never a 500 (decision 058)", async () => {
    // 91 payouts of the largest amount, as a restore or an older version could have stored them.
    const main = await addMember(uniqueName("Hoardmain"), "Core");
    const alt = await addMember(uniqueName("Hoardalt"), "Members", main.id);
    await addSoldItem("Gilded Idol", [main.playerName], 100, "2026-11-01");
    await portal.db.query(
      `INSERT INTO payouts (member_id, member_name, amount, paid_on)
       SELECT CASE WHEN n % 2 = 0 THEN $1::int ELSE $3::int END, CASE WHEN n % 2 = 0 THEN $2 ELSE $4 END,
              999999999999.99, '2026-11-05'
         FROM generate_series(1, 91) AS n`,
      [main.id, main.playerName, alt.id, alt.playerName],
    );
    const account = await raider("hoard");
    expect((await link(account.id, main.id)).status).toBe(200);

    const res = await account.client.get(EARNINGS);
    expect(res.status, res.text).toBe(200);
    const answer = res.data as unknown as Extract<MyEarnings, { linked: true }>;
    expect(answer.totals).toEqual({
      earned: "85.00",
      paid: "90999999999999.09",
      balance: "-90999999999914.09",
      itemCount: 1,
    });
    expect(answer.payouts).toHaveLength(91);
  });

  it("answers an admin's own earnings too", async () => {
    const res = await portal.admin.get(EARNINGS);
    expect(res.status).toBe(200);
    expect(res.data).toEqual({ linked: false, message: MY_EARNINGS_MESSAGES.notLinked });
  });
});

describe("POST /_api/admin/accounts/link-member", () => {
  it("is for admins only, and so is the list of links", async () => {
    const { client, id } = await raider("nosy");
    const member = await addMember(uniqueName("Roleless"), "Members");
    expect((await portal.anonymous.post(LINK, { userId: id, memberId: member.id })).status).toBe(401);
    expect((await client.post(LINK, { userId: id, memberId: member.id })).status).toBe(403);
    expect((await portal.anonymous.get(LINKS)).status).toBe(401);
    expect((await client.get(LINKS)).status).toBe(403);
    const [row] = await portal.db.query<{ memberId: number | null }>(
      `SELECT member_id AS "memberId" FROM users WHERE id = $1`,
      [id],
    );
    expect(row?.memberId).toBeNull();
  });

  it("refuses bad bodies with 400 and a clear message", async () => {
    const { id } = await raider("badinput");
    const cases: [unknown, string][] = [
      [{ userId: "1", memberId: 1 }, ACCOUNT_LINK_MESSAGES.userId],
      [{ userId: 0, memberId: 1 }, ACCOUNT_LINK_MESSAGES.userId],
      [{ userId: id }, ACCOUNT_LINK_MESSAGES.memberId],
      [{ userId: id, memberId: 1.5 }, ACCOUNT_LINK_MESSAGES.memberId],
      [{ userId: id, memberId: null, role: "admin" }, "Unknown field: role"],
      [{ userId: id, memberId: 2 ** 31 }, ACCOUNT_LINK_MESSAGES.memberId],
      [{ userId: id, memberId: 2 ** 31 - 1 }, ACCOUNT_LINK_MESSAGES.memberNotFound],
    ];
    for (const [body, message] of cases) {
      const res = await portal.admin.post(LINK, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.data).toEqual({ error: message });
    }
    expect((await link(2 ** 31 - 1, null)).status).toBe(404);
  });

  it("links to main characters only, one account per character, and audits each change", async () => {
    const main = await addMember(uniqueName("Linkmain"), "Core");
    const alt = await addMember(uniqueName("Linkalt"), "Members", main.id);
    const first = await raider("first");
    const second = await raider("second");

    const toAlt = await link(first.id, alt.id);
    expect(toAlt.status).toBe(400);
    expect(toAlt.data).toEqual({ error: linkToAltMessage(alt.playerName, main.playerName) });

    const linked = await link(first.id, main.id);
    expect(linked.status, linked.text).toBe(200);
    expect(linked.data).toEqual({
      link: { userId: first.id, memberId: main.id, memberName: main.playerName },
    });
    const links = (await portal.admin.get(LINKS)).data.links as { userId: number; memberId: number }[];
    expect(links).toContainEqual({ userId: first.id, memberId: main.id, memberName: main.playerName });

    const taken = await link(second.id, main.id);
    expect(taken.status).toBe(409);
    expect(taken.data).toEqual({ error: memberTakenMessage(main.playerName, first.email) });

    // Unlinking frees the character for the other account.
    expect((await link(first.id, null)).status).toBe(200);
    expect((await link(second.id, main.id)).status).toBe(200);
    expect((await second.client.get(EARNINGS)).data).toMatchObject({ linked: true, mainMemberId: main.id });
    expect((await first.client.get(EARNINGS)).data).toMatchObject({ linked: false });

    const entries = await auditFor(portal.db, "account", first.id);
    expect(entries.map((e) => [e.action, e.before, e.after])).toEqual([
      [
        "link_character",
        expect.objectContaining({ memberId: null }),
        expect.objectContaining({ memberId: main.id, memberName: main.playerName }),
      ],
      [
        "link_character",
        expect.objectContaining({ memberId: main.id }),
        expect.objectContaining({ memberId: null, memberName: null }),
      ],
    ]);
  });

  it("unlinks by itself when the character is deleted", async () => {
    const member = await addMember(uniqueName("Gone"), "Members");
    const account = await raider("orphan");
    expect((await link(account.id, member.id)).status).toBe(200);
    expect((await portal.admin.post("/_api/guild-member/delete", { id: member.id })).status).toBe(200);
    expect((await account.client.get(EARNINGS)).data).toMatchObject({ linked: false });
  });
});
