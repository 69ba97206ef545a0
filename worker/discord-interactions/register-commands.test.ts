/**
 * `npm run discord:register` (decision 096) against the fake Discord: the command definitions reach the guild's
 * server with the bot's token, through the outbound guard; a missing setting stops it with the variable's name.
 */
import { execFile } from "node:child_process";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeDiscord, startFakeDiscord } from "../discord/testing/fake-discord.ts";
import { commandDefinitions } from "./register-commands.ts";

const ROOT = join(import.meta.dirname, "..", "..");
const run = promisify(execFile);
let discord: FakeDiscord;

beforeAll(async () => {
  discord = await startFakeDiscord();
});
afterAll(() => discord?.close());

const register = (env: Record<string, string>) =>
  run(process.execPath, ["--import", "tsx", join(ROOT, "scripts", "discord-register.ts")], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? "", ...env },
  });

describe("npm run discord:register", () => {
  it("registers every command on the guild's server with the bot's token", async () => {
    const { stdout } = await register({
      DISCORD_APPLICATION_ID: "123456789012345678",
      DISCORD_GUILD_ID: "223456789012345678",
      DISCORD_BOT_TOKEN: "bot-token-for-tests",
      DISCORD_OAUTH_TEST_ORIGIN: discord.url,
    });
    expect(stdout).toContain(
      "Registered 8 commands on server 223456789012345678: /timers, /killed, /nospawn, /maintenance, /checkin, /auction, /bid, /earnings",
    );
    const stored = await (
      await fetch(`${discord.url}/__commands/123456789012345678/223456789012345678`)
    ).json();
    expect(stored).toEqual({ authorization: "Bot bot-token-for-tests", commands: commandDefinitions() });
  }, 60_000);

  it("names a missing setting and registers nothing", async () => {
    const failed = await register({
      DISCORD_APPLICATION_ID: "123456789012345678",
      DISCORD_BOT_TOKEN: "bot-token-for-tests",
      DISCORD_OAUTH_TEST_ORIGIN: discord.url,
    }).catch((err: { code: number; stderr: string }) => err);
    expect(failed).toMatchObject({ code: 2 });
    expect((failed as { stderr: string }).stderr).toContain("DISCORD_GUILD_ID is required");
  }, 60_000);
});
