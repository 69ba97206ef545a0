import { describe, expect, it } from "vitest";
import { nodeEnvSchema, parseEnv } from "../config/env.ts";
import { loopbackOrigin } from "../outbound/test-origins.ts";
import {
  auctionResultText,
  escapeMarkdown,
  lootSoldText,
  spawnAlertText,
  splitSummary,
} from "./discord-messages.ts";
import { isAllowedWebhookUrl } from "./webhook-url.ts";

describe("the Discord texts", () => {
  it("says an auction's result: the buyer and price, no bids, or the cancel's reason", () => {
    expect(auctionResultText("Ancient *Sword*", { sold: { name: "Ash_vale", priceCents: 26_000 } })).toBe(
      "🔨 Auction closed: **Ancient \\*Sword\\*** sold to Ash\\_vale for 260.00 USDT.",
    );
    expect(auctionResultText("Bow", { noBids: true })).toBe(
      "🔨 Auction closed: **Bow** had no bids and stays Pending.",
    );
    expect(auctionResultText("Bow", { cancelled: "Wrong item" })).toBe(
      "🔨 Auction cancelled: **Bow** (Wrong item).",
    );
  });

  it("escape Discord's markdown and mentions in names", () => {
    expect(escapeMarkdown("*Lady* _Dalia_ @everyone <@1> `x`")).toBe(
      "\\*Lady\\* \\_Dalia\\_ \\@everyone \\<\\@1\\> \\`x\\`",
    );
    expect(escapeMarkdown("Two\nlines")).toBe("Two lines");
  });

  it("say how many minutes until a spawn, and its clock time as a Discord timestamp", () => {
    const now = new Date("2026-05-01T12:00:00Z");
    const spawnAt = now.getTime() + 10 * 60_000 - 500;
    expect(spawnAlertText("Venatus", spawnAt, now)).toBe(
      `⏰ **Venatus** spawns in 10 minutes (<t:${Math.floor(spawnAt / 1000)}:t>).`,
    );
    expect(spawnAlertText("Venatus", now.getTime() + 20_000, now)).toContain("in 1 minute (");
  });

  it("sum up a loot split in the app's money format, exactly", () => {
    expect(splitSummary({ shares: Array(20).fill(4512), guildFundCents: 10_000, adminFundCents: 0 })).toBe(
      "20 participants, 45.12 USDT each, guild fund 100.00 USDT",
    );
    expect(splitSummary({ shares: [100, 250, 100], guildFundCents: 1, adminFundCents: 123_456 })).toBe(
      "3 participants, 1.00 USDT to 2.50 USDT each, guild fund 0.01 USDT, admin fund 1,234.56 USDT",
    );
    expect(splitSummary({ shares: [], guildFundCents: 500, adminFundCents: 0 })).toBe(
      "no participants, guild fund 5.00 USDT",
    );
    const long = lootSoldText(
      { lootName: "x".repeat(3_000), bossName: null, valueCents: 1 },
      { shares: [1], guildFundCents: 0, adminFundCents: 0 },
    );
    expect(long.length).toBe(2_000);
  });
});

describe("which webhooks the server posts to", () => {
  it("takes Discord's, and a test origin only on this machine", () => {
    expect(isAllowedWebhookUrl("https://discord.com/api/webhooks/1/abc-_X", [])).toBe(true);
    expect(isAllowedWebhookUrl("https://canary.discord.com/api/webhooks/1/abc", [])).toBe(true);
    expect(isAllowedWebhookUrl("http://127.0.0.1:4000/api/webhooks/1/abc", [])).toBe(false);
    expect(isAllowedWebhookUrl("http://127.0.0.1:4000/api/webhooks/1/abc", ["http://127.0.0.1:4000"])).toBe(
      true,
    );
    expect(isAllowedWebhookUrl("http://127.0.0.1:4001/api/webhooks/1/abc", ["http://127.0.0.1:4000"])).toBe(
      false,
    );
    expect(isAllowedWebhookUrl("http://127.0.0.1:4000/other/1/abc", ["http://127.0.0.1:4000"])).toBe(false);
    expect(isAllowedWebhookUrl("https://evil.example/api/webhooks/1/abc", ["https://evil.example"])).toBe(
      false,
    );
    expect(loopbackOrigin("http://localhost:4000")).toBe("http://localhost:4000");
    expect(loopbackOrigin("http://10.0.0.1:4000")).toBeNull();
    expect(loopbackOrigin("http://127.0.0.1:4000/path")).toBeNull();
  });

  it("refuses to start with a DISCORD_TEST_ORIGIN that is not this machine", () => {
    expect(() => parseEnv(nodeEnvSchema, { DISCORD_TEST_ORIGIN: "https://evil.example" })).toThrow(
      /DISCORD_TEST_ORIGIN must be an http\(s\) origin on this machine/,
    );
    expect(
      parseEnv(nodeEnvSchema, { DISCORD_TEST_ORIGIN: "http://127.0.0.1:4000" }).DISCORD_TEST_ORIGIN,
    ).toBe("http://127.0.0.1:4000");
  });
});
