/**
 * POST /_api/discord/interactions (decision 096), on every driver: the signature before anything else, PING, each
 * command as the caller's linked account under the app's own rules and audit ("via Discord"), an unlinked caller,
 * a replayed interaction, the rate limit, and a deferred answer's follow-up received by the fake Discord.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DISCORD_INTERACTION_CALLS } from "@shared/contract/discord-interactions.ts";
import {
  EPHEMERAL,
  KILLED_BUTTON_PREFIX,
  DISCORD_COMMAND_TEXTS as TEXT,
  UNDO_BUTTON_PREFIX,
} from "@shared/discord/slash-commands.ts";
import type { BossTimer } from "@shared/schemas/boss-timers.ts";
import { timerRunningMessage } from "@shared/schemas/boss-timers.ts";
import { alreadyCheckedInMessage, CHECK_IN_MESSAGES } from "@shared/schemas/check-ins.ts";
import { MY_EARNINGS_MESSAGES } from "@shared/schemas/my-earnings.ts";
import { noSpawnNotDue } from "@shared/schemas/timer-tools.ts";
import type { AppConfig } from "../app/context.ts";
import { createApp } from "../app/create-app.ts";
import type { Db } from "../db/types.ts";
import {
  type DiscordCommandsPortal,
  useDiscordCommandsPortal,
} from "../discord/testing/discord-commands-portal.ts";
import {
  buttonPress,
  type DiscordApplication,
  slashCommand,
} from "../discord/testing/fake-discord-interactions.ts";
import type { TestDiscord } from "../discord/testing/test-discord.ts";
import { newSnowflake } from "../discord/testing/test-discord-sign-in.ts";
import { createAccount } from "../salary/portal-test-setup.ts";
import { TestClient } from "../test/api-client.ts";
import { INTERACTIONS_PER_MINUTE } from "./interactions-routes.ts";

const ORIGIN = "http://localhost";
const HOUR_MS = 3_600_000;
let db: Db;
let discord: TestDiscord;
let application: DiscordApplication;
let app: ReturnType<typeof createApp>;
let admin: TestClient;
let seq = 0;

interface Linked {
  accountId: number;
  discordId: string;
}

async function linkedAccount(role: "user" | "officer", label: string): Promise<Linked> {
  const email = await createAccount(db, label, role);
  const discordId = newSnowflake();
  const [row] = await db.query<{ id: number }>(
    "UPDATE users SET discord_id = $2 WHERE email = $1 RETURNING id",
    [email, discordId],
  );
  return { accountId: row?.id as number, discordId };
}

const send = (interaction: Record<string, unknown>, options?: Parameters<DiscordApplication["send"]>[3]) =>
  application.send(app, ORIGIN, interaction, options);

async function createBoss(label: string, hours = 10): Promise<string> {
  const name = `${label} ${++seq}`;
  expect((await admin.post("/_api/boss-names", { name, respawn_time_hours: hours })).status).toBe(201);
  return name;
}

async function timerOf(bossName: string): Promise<BossTimer | undefined> {
  const res = await new TestClient(app).get("/_api/boss-timers");
  return (res.data.timers as BossTimer[]).find((t) => t.bossName === bossName);
}

const audits = (bossName: string) =>
  db.query<{ action: string; actor_id: number | null; via: string | null }>(
    "SELECT action, actor_id, via FROM audit_log WHERE entity = 'boss_timer' AND entity_id = $1 ORDER BY id",
    [bossName],
  );

let raider: Linked;
let officer: Linked;

let portal: DiscordCommandsPortal | undefined;
beforeAll(async () => {
  portal = await useDiscordCommandsPortal("discord-cmd");
  ({ db, discord, application, app, admin } = portal);
  raider = await linkedAccount("user", "discord-raider");
  officer = await linkedAccount("officer", "discord-officer");
});
afterAll(async () => {
  await portal?.close();
});

describe("the signature comes first", () => {
  it("answers Discord's PING with PONG", async () => {
    const res = await send({ id: newSnowflake(), type: 1 });
    expect(res).toEqual({ status: 200, data: { type: 1 } });
  });

  it("refuses unsigned, wrongly signed and 6-minute-old interactions with 401, acting on none", async () => {
    const boss = await createBoss("Unsigned Venatus");
    const command = () => slashCommand(raider.discordId, "killed", { boss });
    const unsigned = command();
    const forged = command();
    const stale = command();
    expect(await send(unsigned, { unsigned: true })).toEqual({
      status: 401,
      data: { error: "Invalid request signature" },
    });
    expect((await send(forged, { forge: true })).status).toBe(401);
    expect((await send(stale, { at: Date.now() - 6 * 60_000 })).status).toBe(401);
    // Nothing was read: no interaction claimed, no timer started.
    const ids = [unsigned.id, forged.id, stale.id];
    expect(await db.query("SELECT id FROM discord_interactions WHERE id = ANY($1)", [ids])).toEqual([]);
    expect((await timerOf(boss))?.isActive).toBeFalsy();
  });

  it("refuses a body past the declared limit with 413, reading no more than the limit even when it is chunked", async () => {
    const limit = DISCORD_INTERACTION_CALLS.interaction.bodyLimit;
    const chunk = 16 * 1024;
    let read = 0;
    const body = new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          if (read >= 8 * limit.maxBytes) return controller.close();
          controller.enqueue(new Uint8Array(chunk).fill(0x61));
          read += chunk;
        },
      },
      { highWaterMark: 0 },
    );
    const res = await app.request(`${ORIGIN}/_api/discord/interactions`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "x-signature-ed25519": "00",
        "x-signature-timestamp": "1",
      },
      body,
      duplex: "half",
    } as RequestInit);
    expect({ status: res.status, body: await res.json() }).toEqual({
      status: 413,
      body: { error: limit.message },
    });
    expect(read).toBeLessThanOrEqual(limit.maxBytes + chunk);
  });
});

describe("/killed", () => {
  it("starts a ready boss's timer as the raider's linked account, audited via Discord, with the undo button", async () => {
    const boss = await createBoss("Discord Venatus");
    const res = await send(slashCommand(raider.discordId, "killed", { boss }));
    expect(res.status).toBe(200);
    expect(res.data.type).toBe(4);
    expect(res.data.data?.content).toContain(`Timer started for **${boss}**`);
    expect(res.data.data?.flags).toBeUndefined();
    const timer = await timerOf(boss);
    expect(timer?.isActive).toBe(true);
    expect(new Date(timer?.endTime as Date).getTime() - new Date(timer?.startTime as Date).getTime()).toBe(
      10 * HOUR_MS,
    );
    expect(await audits(boss)).toEqual([{ action: "start", actor_id: raider.accountId, via: "discord" }]);
    const button = JSON.stringify(res.data.data?.components);
    expect(button).toContain(TEXT.undoLabel);
    expect(button).toContain(`${UNDO_BUTTON_PREFIX}${new Date(timer?.startTime as Date).getTime()}:${boss}`);
  });

  it("starts the timer from 'ago' minutes back", async () => {
    const boss = await createBoss("Ago Venatus");
    const before = Date.now();
    expect((await send(slashCommand(raider.discordId, "killed", { boss, ago: 30 }))).data.type).toBe(4);
    const started = new Date((await timerOf(boss))?.startTime as Date).getTime();
    expect(Math.abs(started - (before - 30 * 60_000))).toBeLessThan(60_000);
  });

  it("refuses a raider's /killed on a running boss with the app's own words, only to them", async () => {
    const boss = await createBoss("Running Venatus");
    expect((await admin.post("/_api/boss-timers", { bossName: boss })).status).toBe(200);
    const stored = await timerOf(boss);
    const res = await send(slashCommand(raider.discordId, "killed", { boss }));
    expect(res.data).toMatchObject({
      type: 4,
      data: { content: timerRunningMessage(boss), flags: EPHEMERAL },
    });
    expect(await timerOf(boss)).toEqual(stored);
  });

  it("the undo button takes the start back, as the boss page's undo does", async () => {
    const boss = await createBoss("Undo Venatus");
    const started = await send(slashCommand(raider.discordId, "killed", { boss }));
    const startMs = new Date((await timerOf(boss))?.startTime as Date).getTime();
    expect(started.data.type).toBe(4);
    const undone = await send(buttonPress(raider.discordId, `${UNDO_BUTTON_PREFIX}${startMs}:${boss}`));
    expect(undone.data).toMatchObject({ type: 7, data: { content: TEXT.undone(boss), components: [] } });
    expect((await timerOf(boss))?.isActive).toBeFalsy();
    expect((await audits(boss)).map((a) => `${a.action} ${a.via}`)).toEqual([
      "start discord",
      "undo_start discord",
    ]);
  });

  it("acts on a replayed interaction once and answers the repeat as the first", async () => {
    const boss = await createBoss("Replay Venatus");
    const interaction = slashCommand(raider.discordId, "killed", { boss });
    const first = await send(interaction);
    const again = await send(interaction);
    expect(again).toEqual(first);
    expect(await audits(boss)).toHaveLength(1);
  });

  it("tells an unlinked Discord user how to sign in once, and does nothing", async () => {
    const boss = await createBoss("Unlinked Venatus");
    const res = await send(slashCommand(newSnowflake(), "killed", { boss }));
    expect(res.data).toMatchObject({
      type: 4,
      data: { content: TEXT.unlinked("Test Guild"), flags: EPHEMERAL },
    });
    expect(await audits(boss)).toEqual([]);
  });

  it("suggests interval bosses as the name is typed", async () => {
    const boss = await createBoss("Autocomplete Zorthos");
    const res = await send({
      id: newSnowflake(),
      type: 4,
      member: { user: { id: raider.discordId } },
      data: { name: "killed", options: [{ name: "boss", value: "autocomplete zor", focused: true }] },
    });
    expect(res.data).toEqual({ type: 8, data: { choices: [{ name: boss, value: boss }] } });
  });
});

describe("the Killed button under a spawn alert (decision 100)", () => {
  const press = (discordId: string, boss: string) => buttonPress(discordId, `${KILLED_BUTTON_PREFIX}${boss}`);

  it("starts a ready boss's timer as the raider who pressed it, audited via Discord, with the undo button only they see", async () => {
    const boss = await createBoss("Button Venatus");
    const res = await send(press(raider.discordId, boss));
    expect(res.data).toMatchObject({
      type: 4,
      data: { content: expect.stringContaining(`Timer started for **${boss}**`), flags: EPHEMERAL },
    });
    const timer = await timerOf(boss);
    expect(timer?.isActive).toBe(true);
    expect(await audits(boss)).toEqual([{ action: "start", actor_id: raider.accountId, via: "discord" }]);
    const startMs = new Date(timer?.startTime as Date).getTime();
    const button = JSON.stringify(res.data.data?.components);
    expect(button).toContain(TEXT.undoLabel);
    expect(button).toContain(`${UNDO_BUTTON_PREFIX}${startMs}:${boss}`);
    const undone = await send(buttonPress(raider.discordId, `${UNDO_BUTTON_PREFIX}${startMs}:${boss}`));
    expect(undone.data).toMatchObject({ type: 7, data: { content: TEXT.undone(boss) } });
    expect((await timerOf(boss))?.isActive).toBeFalsy();
  });

  it("refuses a raider's press on a running boss with the app's own words, only to them", async () => {
    const boss = await createBoss("Button Running Venatus");
    expect((await admin.post("/_api/boss-timers", { bossName: boss })).status).toBe(200);
    const stored = await timerOf(boss);
    const res = await send(press(raider.discordId, boss));
    expect(res.data).toMatchObject({
      type: 4,
      data: { content: timerRunningMessage(boss), flags: EPHEMERAL },
    });
    expect(res.data.data?.components).toBeUndefined();
    expect(await timerOf(boss)).toEqual(stored);
    expect(await audits(boss)).toHaveLength(1);
  });

  it("tells an unlinked presser how to sign in once, and starts nothing", async () => {
    const boss = await createBoss("Button Unlinked Venatus");
    const res = await send(press(newSnowflake(), boss));
    expect(res.data).toMatchObject({
      type: 4,
      data: { content: TEXT.unlinked("Test Guild"), flags: EPHEMERAL },
    });
    expect((await timerOf(boss))?.isActive).toBeFalsy();
    expect(await audits(boss)).toEqual([]);
  });

  it("acts on a replayed press once and answers the repeat as the first", async () => {
    const boss = await createBoss("Button Replay Venatus");
    const interaction = press(raider.discordId, boss);
    const first = await send(interaction);
    expect(first.data.data?.content).toContain(`Timer started for **${boss}**`);
    const again = await send(interaction);
    expect(again).toEqual(first);
    expect(await audits(boss)).toHaveLength(1);
  });
});

describe("the officers' commands", () => {
  it("/nospawn by a raider is refused with the app's words; by an officer it moves the timer on", async () => {
    const boss = await createBoss("Nospawn Venatus");
    await admin.post("/_api/boss-timers", { bossName: boss, startTime: new Date(Date.now() - 11 * HOUR_MS) });
    const refused = await send(slashCommand(raider.discordId, "nospawn", { boss }));
    expect(refused.data).toMatchObject({
      data: { content: "Access denied. Your role (user) lacks required permissions.", flags: EPHEMERAL },
    });
    const moved = await send(slashCommand(officer.discordId, "nospawn", { boss }));
    expect(moved.data.data?.content).toContain(`**${boss}** did not spawn`);
    const timer = await timerOf(boss);
    expect(new Date(timer?.endTime as Date).getTime()).toBeGreaterThan(Date.now());
    const last = (await audits(boss)).at(-1);
    expect(last).toEqual({ action: "no_spawn", actor_id: officer.accountId, via: "discord" });
    const notDue = await send(slashCommand(officer.discordId, "nospawn", { boss }));
    expect(notDue.data.data?.content).toBe(noSpawnNotDue(boss));
  });

  it("/maintenance resets the interval bosses from the time given", async () => {
    await createBoss("Maintenance Venatus");
    const res = await send(slashCommand(officer.discordId, "maintenance", { at: "00:00" }));
    expect(res.data.data?.content).toMatch(/^🛠️ Servers back at <t:\d+:t>: \d+ interval bosses reset\.$/);
    const [entry] = await db.query<{ via: string; actor_id: number }>(
      "SELECT via, actor_id FROM audit_log WHERE action = 'maintenance' ORDER BY id DESC LIMIT 1",
    );
    expect(entry).toEqual({ via: "discord", actor_id: officer.accountId });
    expect(
      (await send(slashCommand(officer.discordId, "maintenance", { at: "25:00" }))).data.data?.content,
    ).toBe(TEXT.maintenanceTime);
    const raiderTries = await send(slashCommand(raider.discordId, "maintenance", { at: "00:00" }));
    expect(raiderTries.data.data?.content).toBe(
      "Access denied. Your role (user) lacks required permissions.",
    );
  });
});

describe("reads", () => {
  it("/timers lists the next spawns only to the caller, or to the channel when asked", async () => {
    const boss = await createBoss("Timers Venatus");
    await admin.post("/_api/boss-timers", { bossName: boss });
    const mine = await send(slashCommand(raider.discordId, "timers"));
    expect(mine.data.data?.flags).toBe(EPHEMERAL);
    expect(mine.data.data?.content).toContain(TEXT.timersTitle);
    const shown = await send(slashCommand(raider.discordId, "timers", { show: "public" }));
    expect(shown.data.data?.flags).toBeUndefined();
  });

  it("/earnings answers only the caller: not linked to a character yet, then earned, paid and balance", async () => {
    const res = await send(slashCommand(raider.discordId, "earnings"));
    expect(res.data).toMatchObject({
      type: 4,
      data: { content: MY_EARNINGS_MESSAGES.notLinked, flags: EPHEMERAL },
    });
    const created = await admin.post("/_api/guild-members", {
      playerName: `Discordia${++seq}`,
      category: "Members",
    });
    expect(created.status).toBe(201);
    const memberId = (created.data.guildMember as { id: number }).id;
    await db.query("UPDATE users SET member_id = $2 WHERE id = $1", [raider.accountId, memberId]);
    const linked = await send(slashCommand(raider.discordId, "earnings"));
    expect(linked.data.data?.flags).toBe(EPHEMERAL);
    expect(linked.data.data?.content).toMatch(/earned 0\.00 USDT, paid 0\.00 USDT, balance 0\.00 USDT\./);
  });
});

describe("/checkin", () => {
  it("checks the raider in as their main character, to the last kill's open check-in or by code, once", async () => {
    const caller = await linkedAccount("user", "discord-checkin");
    const notYet = await send(slashCommand(caller.discordId, "checkin"));
    expect(notYet.data.data?.content).toBe(CHECK_IN_MESSAGES.noCharacter);
    const name = `Checkina${++seq}`;
    const created = await admin.post("/_api/guild-members", { playerName: name, category: "Members" });
    await db.query("UPDATE users SET member_id = $2 WHERE id = $1", [
      caller.accountId,
      (created.data.guildMember as { id: number }).id,
    ]);
    const boss = await createBoss("Checkin Venatus");
    const opened = await admin.post("/_api/check-ins", { bossName: boss, killedAt: new Date() });
    expect(opened.status, opened.text).toBe(201);
    const res = await send(slashCommand(caller.discordId, "checkin"));
    expect(res.data).toMatchObject({
      type: 4,
      data: { content: TEXT.checkedIn(boss, name), flags: EPHEMERAL },
    });
    const again = await send(slashCommand(caller.discordId, "checkin"));
    expect(again.data.data?.content).toBe(alreadyCheckedInMessage(name));
    const [entry] = await db.query<{ via: string; actor_id: number }>(
      "SELECT via, actor_id FROM audit_log WHERE entity = 'check_in' ORDER BY id DESC LIMIT 1",
    );
    expect(entry).toEqual({ via: "discord", actor_id: caller.accountId });
    const wrongCode = await send(slashCommand(caller.discordId, "checkin", { code: "ZZZZZZ" }));
    expect(wrongCode.data.data?.content).toBe(CHECK_IN_MESSAGES.unknownCode);
  });
});

describe("limits and deferral", () => {
  it(`answers a Discord user's command past ${INTERACTIONS_PER_MINUTE} in a minute with a request to slow down`, async () => {
    const busy = await linkedAccount("user", "discord-busy");
    for (let i = 0; i < INTERACTIONS_PER_MINUTE; i++) {
      expect((await send(slashCommand(busy.discordId, "timers"))).data.data?.content).toContain(
        TEXT.timersTitle,
      );
    }
    const over = await send(slashCommand(busy.discordId, "timers"));
    expect(over.data.data?.content).toBe(TEXT.rateLimited(60));
    // Another user is not held back.
    expect((await send(slashCommand(raider.discordId, "timers"))).data.data?.content).toContain(
      TEXT.timersTitle,
    );
  });

  it("defers an answer that is not ready in time and posts it as the interaction's follow-up", async () => {
    // The same portal, deferring every answer (a command that takes longer than Discord waits).
    const config = portal?.config as AppConfig;
    const slowApp = createApp({
      db,
      config: { ...config, discordCommands: { publicKey: application.publicKey, deferAfterMs: 0 } },
    });
    const boss = await createBoss("Deferred Venatus");
    const interaction = slashCommand(raider.discordId, "killed", { boss });
    const res = await application.send(slowApp, ORIGIN, interaction);
    expect(res.data).toEqual({ type: 5, data: {} });
    await expect
      .poll(() => discord.followUps(interaction.token as string), { timeout: 15_000, interval: 100 })
      .toHaveLength(1);
    const [followUp] = await discord.followUps(interaction.token as string);
    expect(String(followUp?.content)).toContain(`Timer started for **${boss}**`);
    expect((await timerOf(boss))?.isActive).toBe(true);
  });
});
