/**
 * Discord slash commands (decision 096) in the bundle `wrangler deploy` uploads, run in workerd through each database
 * path: the signature checked with workerd's WebCrypto Ed25519, PING, a raider's /killed acting as the linked account
 * (audited via Discord), a replay acted on once, and a forged or stale interaction refused.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertUser } from "@worker/auth/users-repo.ts";
import { type FakeDiscord, startFakeDiscord } from "@worker/discord/testing/fake-discord.ts";
import {
  type DiscordApplication,
  fakeDiscordApplication,
  slashCommand,
} from "@worker/discord/testing/fake-discord-interactions.ts";
import { newSnowflake } from "@worker/discord/testing/test-discord-sign-in.ts";
import { startWorker } from "@worker/test/worker-runtime.ts";
import { databasePaths, setUpWorkerDatabase } from "./worker-harness.ts";

const harness = setUpWorkerDatabase();
let discord: FakeDiscord;
let application: DiscordApplication;
beforeAll(async () => {
  discord = await startFakeDiscord();
  application = await fakeDiscordApplication(discord.url);
});
afterAll(() => discord?.close());

/** A raider account linked to a new Discord user, and a 10-hour boss: the Discord id. */
async function raiderAndBoss(label: string, boss: string): Promise<{ discordId: string; accountId: number }> {
  const discordId = newSnowflake();
  return harness.withDb(async (db) => {
    const user = await insertUser(db, { email: `${label}@guild.test`, displayName: label, role: "user" });
    await db.query("UPDATE users SET discord_id = $2 WHERE id = $1", [user.id, discordId]);
    await db.query("INSERT INTO boss_names (name, respawn_time_hours) VALUES ($1, 10)", [boss]);
    return { discordId, accountId: user.id };
  });
}

const paths = databasePaths(harness, { AUTH_PEPPER: "workers-discord-commands-pepper" });

describe.each(paths)("Discord slash commands in workerd through $path", ({ path, bindings }) => {
  const label = (path.split(" ")[0] ?? "worker").toLowerCase();

  it("checks the signature, answers PING, runs /killed as the linked raider once, and refuses forgeries", async () => {
    const boss = `Worker Venatus ${label}`;
    const raider = await raiderAndBoss(`discord-${label}`, boss);
    const worker = await startWorker(
      harness.bundle,
      bindings({ DISCORD_PUBLIC_KEY: application.publicKey, DISCORD_OAUTH_TEST_ORIGIN: discord.url }),
    );
    try {
      const send = (interaction: Record<string, unknown>, options?: { at?: number; forge?: boolean }) =>
        application.send(worker, worker.origin, interaction, options);
      expect(await send({ id: newSnowflake(), type: 1 })).toEqual({ status: 200, data: { type: 1 } });
      expect((await send(slashCommand(raider.discordId, "killed", { boss }), { forge: true })).status).toBe(
        401,
      );
      const stale = await send(slashCommand(raider.discordId, "killed", { boss }), {
        at: Date.now() - 6 * 60_000,
      });
      expect(stale.status).toBe(401);

      const killed = slashCommand(raider.discordId, "killed", { boss });
      const first = await send(killed);
      expect(first.status).toBe(200);
      expect(first.data.data?.content).toContain(`Timer started for **${boss}**`);
      expect(await send(killed)).toEqual(first);

      const timers = (await (await worker.fetch("/_api/boss-timers")).json()) as {
        json: { timers: { bossName: string; isActive: boolean }[] };
      };
      expect(timers.json.timers.find((t) => t.bossName === boss)?.isActive).toBe(true);
      const audit = await harness.withDb((db) =>
        db.query<{ action: string; actor_id: number; via: string }>(
          "SELECT action, actor_id, via FROM audit_log WHERE entity = 'boss_timer' AND entity_id = $1",
          [boss],
        ),
      );
      expect(audit).toEqual([{ action: "start", actor_id: raider.accountId, via: "discord" }]);
    } finally {
      await worker.dispose();
    }
  });
});
