// Names that look like other names (issue: names of zero-width characters or a right-to-left override were
// accepted, `Ash\u200Bvale` could sit beside `Ashvale`, a lone surrogate became U+FFFD silently).
// docs/decisions/029; the rule itself is shared/names/normalize-name.ts.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BossName } from "@shared/schemas/boss-names.ts";
import { duplicateBossName } from "@shared/schemas/boss-names.ts";
import {
  aliasIsNameMessage,
  duplicateMemberMessage,
  type GuildMember,
  nameIsAliasMessage,
} from "@shared/schemas/members.ts";
import {
  lookalikeNameMessage,
  PARTICIPANT_LABEL,
  refusedCharacterMessage,
} from "@shared/schemas/name-field.ts";
import { type Portal, setUpPortal, uniqueName } from "../salary/portal-test-setup.ts";
import { testDriver } from "../test/test-db.ts";
import { whileWriteOpen } from "../test/while-write-open.ts";
import { LONE_SURROGATE_IN_TEXT } from "./validate.ts";

let portal: Portal;

beforeAll(async () => {
  portal = await setUpPortal("name-rules");
});
afterAll(async () => {
  await portal?.close();
});

const invisible = (label: string, codePoint: number) =>
  refusedCharacterMessage(label, { codePoint, kind: "invisible" });

const addMember = (playerName: string, extra: Record<string, unknown> = {}) =>
  portal.admin.post("/_api/guild-members", { playerName, category: "Guild Master", ...extra });
const addBoss = (name: string) => portal.admin.post("/_api/boss-names", { name, respawn_time_hours: 24 });

async function storedMemberNames(): Promise<string[]> {
  const rows = await portal.db.query<{ name: string }>("SELECT player_name AS name FROM guild_members");
  return rows.map((row) => row.name);
}

describe("names with invisible, text-direction or broken characters answer 400 and store nothing", () => {
  it("`Ash\\u200Bvale` beside `Ashvale`, a name of zero-width characters, and a right-to-left override", async () => {
    const name = uniqueName("Ashvale");
    expect((await addMember(name)).status).toBe(201);
    const before = await storedMemberNames();
    const cases: [string, number][] = [
      [`${name.slice(0, 3)}\u200B${name.slice(3)}`, 0x200b],
      ["\u200B\u200C\u200D", 0x200b],
      ["\u2060\uFEFF", 0x2060],
      [`\u202E${[...name].reverse().join("")}`, 0x202e],
      [`${name}\u2066`, 0x2066],
      [`${name}\u00AD`, 0xad],
      ["\u3164", 0x3164],
    ];
    for (const [playerName, codePoint] of cases) {
      const res = await addMember(playerName);
      expect({ playerName, status: res.status, data: res.data }).toEqual({
        playerName,
        status: 400,
        data: { error: invisible("Player name", codePoint) },
      });
    }
    expect(await storedMemberNames()).toEqual(before);
  });

  it("the same for aliases, boss names, loot names, display names and participant names", async () => {
    const member = await addMember(uniqueName("Brightforge"));
    const id = (member.data.guildMember as GuildMember).id;
    const zw = "Ember\u200Bfall";
    const checks: [string, Record<string, unknown>, string][] = [
      ["/_api/guild-member/update", { id, playerAlias: zw }, invisible("Player alias", 0x200b)],
      ["/_api/guild-member/update", { id, playerName: zw }, invisible("Player name", 0x200b)],
      ["/_api/boss-names", { name: zw }, invisible("Boss name", 0x200b)],
      [
        "/_api/market-exchange",
        { lootName: zw, bossName: "Gravemaw", value: "10", participatedMembers: "Ashvale" },
        invisible("Loot name", 0x200b),
      ],
      [
        "/_api/market-exchange",
        { lootName: "Ember Crown", bossName: "Gravemaw", value: "10", participatedMembers: `Ashvale, ${zw}` },
        invisible(PARTICIPANT_LABEL, 0x200b),
      ],
      [
        "/_api/attendance",
        { bossName: "Gravemaw", dateAttended: "2026-01-10", participatedMembers: ["\u202EAshvale"] },
        invisible(PARTICIPANT_LABEL, 0x202e),
      ],
      [
        "/_api/admin/accounts",
        { email: "zw@guild.test", displayName: zw, role: "user", password: "correct horse battery" },
        invisible("Display name", 0x200b),
      ],
    ];
    for (const [path, body, error] of checks) {
      const res = await portal.admin.post(path, body);
      expect({ path, status: res.status, data: res.data }).toEqual({ path, status: 400, data: { error } });
    }
  });

  it("a lone surrogate, sent as the JSON escape \\ud800, is refused instead of stored as U+FFFD", async () => {
    const before = await storedMemberNames();
    for (const text of [
      '{"playerName":"Ash\\ud800vale","category":"Core"}',
      '{"playerName":"\\udc00","category":"Core"}',
    ]) {
      const res = await portal.admin.post("/_api/guild-members", text);
      expect(res).toMatchObject({ status: 400, data: { error: LONE_SURROGATE_IN_TEXT } });
    }
    // The same in a superjson body, on another route, and in a participant list.
    expect(await addBoss("Grave\uD800maw")).toMatchObject({
      status: 400,
      data: { error: LONE_SURROGATE_IN_TEXT },
    });
    const loot = await portal.admin.post("/_api/market-exchange", {
      lootName: "Ember Crown",
      bossName: "Gravemaw",
      value: "10",
      participatedMembers: ["Ashvale", "\uDFFF"],
    });
    expect(loot).toMatchObject({ status: 400, data: { error: LONE_SURROGATE_IN_TEXT } });
    expect(await storedMemberNames()).toEqual(before);
    const replaced = await portal.db.query("SELECT 1 FROM guild_members WHERE player_name LIKE '%\uFFFD%'");
    expect(replaced).toHaveLength(0);
  });
});

describe("names are stored NFC-normalised and trimmed", () => {
  it("a decomposed é is stored composed, and then is the same name as a composed one", async () => {
    const base = uniqueName("Amelie");
    const decomposed = ` ${base.replace("e", "e\u0301")} `;
    const composed = base.replace("e", "é");
    const res = await addMember(decomposed);
    expect(res.status).toBe(201);
    expect((res.data.guildMember as GuildMember).playerName).toBe(composed);
    const [row] = await portal.db.query<{ name: string; length: number }>(
      "SELECT player_name AS name, length(player_name) AS length FROM guild_members WHERE player_name = $1",
      [composed],
    );
    expect(row).toEqual({ name: composed, length: composed.length });
    expect(await addMember(composed)).toMatchObject({
      status: 409,
      data: { error: duplicateMemberMessage(composed) },
    });

    const boss = await addBoss(decomposed);
    expect((boss.data.bossName as BossName).name).toBe(composed);
  });
});

describe("a new name that looks like one in use answers 409", () => {
  it("member names: other scripts, full-width letters, a stored name with a zero-width space", async () => {
    const name = uniqueName("Ashvale");
    expect((await addMember(name)).status).toBe(201);
    const lookalikes = [
      `\u0410${name.slice(1)}`, // Cyrillic А
      name.replace("a", "\u0430"), // Cyrillic а
      `\u0391${name.slice(1)}`, // Greek Α
      [...name].map((c) => String.fromCodePoint((c.codePointAt(0) as number) + 0xfee0)).join(""), // full width
      name.replace("v", " v"), // a space inside
    ];
    for (const lookalike of lookalikes) {
      const res = await addMember(lookalike);
      expect({ lookalike, status: res.status, data: res.data }).toEqual({
        lookalike,
        status: 409,
        data: { error: lookalikeNameMessage(lookalike, name) },
      });
    }
    // The same letters in another case keep the existing message.
    expect(await addMember(name.toUpperCase())).toMatchObject({
      status: 409,
      data: { error: duplicateMemberMessage(name.toUpperCase()) },
    });

    // A name stored before these rules, with a zero-width space in it, still blocks its lookalike.
    const legacy = uniqueName("Brightforge");
    await portal.db.query("INSERT INTO guild_members (player_name, category) VALUES ($1, 'Core')", [
      `Bright\u200Bforge${legacy.slice("Brightforge".length)}`,
    ]);
    expect(await addMember(legacy)).toMatchObject({
      status: 409,
      data: { error: lookalikeNameMessage(legacy, `Bright\u200Bforge${legacy.slice("Brightforge".length)}`) },
    });
  });

  it("names and aliases share the rule, on create and on update; a member may restyle its own name", async () => {
    const main = uniqueName("Emberlyn");
    const alias = uniqueName("Pyre");
    const created = await addMember(main, { playerAlias: alias });
    expect(created.status).toBe(201);
    const mainId = (created.data.guildMember as GuildMember).id;

    const aliasLookalike = alias.replace("P", "\u0420"); // Cyrillic Р
    expect(await addMember(aliasLookalike)).toMatchObject({
      status: 409,
      data: { error: lookalikeNameMessage(aliasLookalike, alias) },
    });
    expect(await addMember(alias.toLowerCase())).toMatchObject({
      status: 409,
      data: { error: nameIsAliasMessage(alias.toLowerCase()) },
    });
    const other = await addMember(uniqueName("Frostmantle"));
    const otherId = (other.data.guildMember as GuildMember).id;
    const nameLookalike = main.replace("E", "\u0395"); // Greek Ε
    expect(
      await portal.admin.post("/_api/guild-member/update", { id: otherId, playerAlias: nameLookalike }),
    ).toMatchObject({
      status: 409,
      data: { error: lookalikeNameMessage(nameLookalike, main) },
    });
    expect(
      await portal.admin.post("/_api/guild-member/update", { id: otherId, playerName: nameLookalike }),
    ).toMatchObject({
      status: 409,
      data: { error: lookalikeNameMessage(nameLookalike, main) },
    });
    expect(
      await portal.admin.post("/_api/guild-member/update", { id: otherId, playerAlias: main }),
    ).toMatchObject({
      status: 409,
      data: { error: aliasIsNameMessage(main) },
    });
    // Its own name in other letter case is still its own name.
    const restyled = main.toUpperCase();
    const res = await portal.admin.post("/_api/guild-member/update", { id: mainId, playerName: restyled });
    expect(res.status).toBe(200);
  });

  it("boss names, on create and on rename", async () => {
    const name = uniqueName("Gravemaw");
    expect((await addBoss(name)).status).toBe(201);
    const lookalike = name.replace("a", "\u0430");
    expect(await addBoss(lookalike)).toMatchObject({
      status: 409,
      data: { error: lookalikeNameMessage(lookalike, name) },
    });
    expect(await addBoss(name.toLowerCase())).toMatchObject({
      status: 409,
      data: { error: duplicateBossName(name) },
    });

    const other = await addBoss(uniqueName("Thornqueen"));
    const otherId = (other.data.bossName as BossName).id;
    for (const rename of [lookalike, `${name}\u00A0`]) {
      const res = await portal.admin.post("/_api/boss-names/update", { id: otherId, name: rename });
      expect(res.status).toBe(409);
    }
  });

  it.skipIf(testDriver() === "pglite")(
    "a name sent while a lookalike is being written waits for that write, then answers 409",
    async () => {
      const boss = uniqueName("Vexmoor");
      const bossLookalike = boss.replace("e", "\u0435").replace("x", "\u0445");
      const bossAnswer = await whileWriteOpen(
        portal.db,
        async (tx) => {
          await tx.query("INSERT INTO boss_names (name, respawn_time_hours) VALUES ($1, 24)", [boss]);
        },
        () => addBoss(bossLookalike),
      );
      expect(bossAnswer).toMatchObject({
        status: 409,
        data: { error: lookalikeNameMessage(bossLookalike, boss) },
      });

      const member = uniqueName("Oakenshield");
      const memberLookalike = member.replace("O", "\u039F"); // Greek Ο
      const memberAnswer = await whileWriteOpen(
        portal.db,
        async (tx) => {
          // What every member write does first (lockDerivedFigures), then the write.
          await tx.query("SELECT id FROM guild_funds WHERE id = 1 FOR UPDATE");
          await tx.query("INSERT INTO guild_members (player_name, category) VALUES ($1, 'Core')", [member]);
        },
        () => addMember(memberLookalike),
      );
      expect(memberAnswer).toMatchObject({
        status: 409,
        data: { error: lookalikeNameMessage(memberLookalike, member) },
      });
    },
  );
});
