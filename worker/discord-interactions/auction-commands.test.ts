/**
 * /auction, /bid and the "Bid +step" button (decision 099), on every driver: each bids through the phone's own call
 * as the caller's linked account, so the app's rules and words hold (too low, not an allowed bidder, over the
 * balance), a replayed interaction bids once, a stale button is refused rather than raised, and an unlinked caller
 * does nothing.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { bidButtonId, EPHEMERAL, DISCORD_COMMAND_TEXTS as TEXT } from "@shared/discord/slash-commands.ts";
import {
  AUCTION_MESSAGES,
  type AuctionView,
  bidTooLowMessage,
  overBalanceBidMessage,
} from "@shared/schemas/auctions.ts";
import type { createApp } from "../app/create-app.ts";
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
import { newSnowflake } from "../discord/testing/test-discord-sign-in.ts";
import { createAccount, uniqueName } from "../salary/portal-test-setup.ts";
import type { TestClient } from "../test/api-client.ts";

const ORIGIN = "http://localhost";
let db: Db;
let application: DiscordApplication;
let app: ReturnType<typeof createApp>;
let admin: TestClient;

/** A raider whose Discord account is linked to a portal account with a main character of its own. */
interface Bidder {
  accountId: number;
  discordId: string;
  name: string;
}

async function bidder(label: string): Promise<Bidder> {
  const name = uniqueName(label);
  const created = await admin.post("/_api/guild-members", { playerName: name, category: "Members" });
  expect(created.status, created.text).toBe(201);
  const email = await createAccount(db, "discord-bid", "user");
  const discordId = newSnowflake();
  const [row] = await db.query<{ id: number }>(
    "UPDATE users SET discord_id = $2, member_id = $3 WHERE email = $1 RETURNING id",
    [email, discordId, (created.data.guildMember as { id: number }).id],
  );
  return { accountId: row?.id as number, discordId, name };
}

const send = (interaction: Record<string, unknown>) => application.send(app, ORIGIN, interaction);

/** The autocomplete Discord sends as `/bid`'s auction option is typed. */
const suggest = (discordUserId: string, typed: string) => ({
  id: newSnowflake(),
  type: 4,
  member: { user: { id: discordUserId } },
  data: { name: "bid", options: [{ name: "auction", value: typed, focused: true }] },
});

/** Opens an auction of a new Pending item whose participants are `names` (USDT amounts, as the call takes). */
async function openAuction(
  names: string[],
  terms: { startPrice?: number; minRaise?: number; payment?: "balance" | "outside" } = {},
): Promise<AuctionView> {
  const item = await admin.post("/_api/market-exchange", {
    lootName: uniqueName("Discord Blade "),
    bossName: "Gravemaw",
    value: 0,
    status: "Pending",
    participatedMembers: names,
    totalFunds: 0,
    dateAcquired: "2026-11-20",
  });
  expect(item.status, item.text).toBe(201);
  const marketItemId = (item.data.marketExchangeItem as { id: number }).id;
  const res = await admin.post("/_api/auctions", {
    marketItemId,
    startPrice: 100,
    minRaise: 5,
    payment: "outside",
    seconds: 600,
    ...terms,
  });
  expect(res.status, res.text).toBe(201);
  return res.data.auction as unknown as AuctionView;
}

async function read(id: number): Promise<AuctionView> {
  const res = await admin.get(`/_api/auctions/one?id=${id}`);
  expect(res.status, res.text).toBe(200);
  return res.data.auction as unknown as AuctionView;
}

const bidAudits = (auctionId: number) =>
  db.query<{ actor_id: number; via: string | null }>(
    "SELECT actor_id, via FROM audit_log WHERE entity = 'auction' AND action = 'bid' AND entity_id = $1 ORDER BY id",
    [String(auctionId)],
  );

let portal: DiscordCommandsPortal | undefined;
beforeAll(async () => {
  portal = await useDiscordCommandsPortal("discord-bid");
  ({ db, application, app, admin } = portal);
});
afterAll(async () => {
  await portal?.close();
});

// Each test starts with no auction open, whatever the others left.
beforeEach(async () => {
  const list = await admin.get("/_api/auctions");
  for (const auction of list.data.auctions as unknown as AuctionView[]) {
    if (auction.status !== "open") continue;
    const res = await admin.post("/_api/auctions/cancel", { id: auction.id, reason: "Next test" });
    expect(res.status, res.text).toBe(200);
  }
});

describe("/auction", () => {
  it("says no auction is open, only to the caller", async () => {
    const a = await bidder("Lookera");
    const res = await send(slashCommand(a.discordId, "auction"));
    expect(res.data).toMatchObject({ type: 4, data: { content: TEXT.noAuction, flags: EPHEMERAL } });
    expect(res.data.data?.components).toBeUndefined();
  });

  it("shows the open auction's item, price, leader, least next bid, time left and payment, with a Bid +step button", async () => {
    const a = await bidder("Showa");
    const b = await bidder("Showb");
    const auction = await openAuction([a.name, b.name]);
    const before = await send(slashCommand(b.discordId, "auction"));
    expect(before.data.data?.flags).toBe(EPHEMERAL);
    const content = String(before.data.data?.content);
    expect(content).toContain(`**${auction.lootName}** from Gravemaw`);
    expect(content).toContain("No bid yet: the least bid is 100.00 USDT.");
    expect(content).toMatch(
      /\n(9|10) min \d+ s left \(ends <t:\d+:t>\)\. The winner pays outside the portal\./,
    );
    expect(before.data.data?.components).toEqual([
      {
        type: 1,
        components: [
          { type: 2, style: 1, label: "Bid +5.00 (100.00 USDT)", custom_id: bidButtonId(auction.id, 10_000) },
        ],
      },
    ]);
    expect((await send(slashCommand(a.discordId, "bid", { amount: 100 }))).data.data?.content).toContain(
      "Bid accepted",
    );
    const after = await send(slashCommand(b.discordId, "auction"));
    expect(after.data.data?.content).toContain(
      `Price now: 100.00 USDT, ${a.name} leads; the least next bid is 105.00 USDT.`,
    );
    expect(JSON.stringify(after.data.data?.components)).toContain(
      `"label":"Bid +5.00 (105.00 USDT)","custom_id":"${bidButtonId(auction.id, 10_500)}"`,
    );
  });
});

describe("/bid", () => {
  it("bids as the linked account's main character, audited via Discord, and answers the price and the end", async () => {
    const a = await bidder("Bidra");
    const auction = await openAuction([a.name]);
    const res = await send(slashCommand(a.discordId, "bid", { amount: 120.5 }));
    expect(res.data.data?.flags).toBe(EPHEMERAL);
    expect(res.data.data?.content).toMatch(
      new RegExp(
        `^✅ Bid accepted on \\*\\*${auction.lootName}\\*\\*: the price is 120\\.50 USDT, you lead\\. Ends <t:\\d+:t> \\(\\d+ min \\d+ s left\\)\\.$`,
      ),
    );
    expect(await read(auction.id)).toMatchObject({ price: "120.50", leaderName: a.name, bidCount: 1 });
    expect(await bidAudits(auction.id)).toEqual([{ actor_id: a.accountId, via: "discord" }]);
  });

  it("refuses a bid under the least raise with the app's words and the price now, changing nothing", async () => {
    const a = await bidder("Lowa");
    const b = await bidder("Lowb");
    const auction = await openAuction([a.name, b.name]);
    await send(slashCommand(a.discordId, "bid", { amount: 100 }));
    const low = await send(slashCommand(b.discordId, "bid", { amount: 102 }));
    expect(low.data).toMatchObject({
      type: 4,
      data: {
        content: `${bidTooLowMessage(10_500, 10_000)}\n${TEXT.priceNow("100.00 USDT", a.name, "105.00 USDT")}`,
        flags: EPHEMERAL,
      },
    });
    expect(await read(auction.id)).toMatchObject({ price: "100.00", leaderName: a.name, bidCount: 1 });
  });

  it("refuses a raider who was not at the kill, and a bid over the balance when the winner pays from it", async () => {
    const a = await bidder("Alloweda");
    const outsider = await bidder("Outsidera");
    const auction = await openAuction([a.name]);
    const notAllowed = await send(slashCommand(outsider.discordId, "bid", { amount: 100 }));
    expect(notAllowed.data.data?.content).toBe(
      `${AUCTION_MESSAGES.notAllowedParticipants}\n${TEXT.priceNow(null, null, "100.00 USDT")}`,
    );
    expect((await read(auction.id)).bidCount).toBe(0);
    await admin.post("/_api/auctions/cancel", { id: auction.id, reason: "Next part" });

    const fromBalance = await openAuction([a.name], { payment: "balance" });
    const over = await send(slashCommand(a.discordId, "bid", { amount: 100 }));
    expect(over.data.data?.content).toBe(
      `${overBalanceBidMessage(10_000, "0", "0")}\n${TEXT.priceNow(null, null, "100.00 USDT")}`,
    );
    expect((await read(fromBalance.id)).bidCount).toBe(0);
  });

  it("tells an unlinked Discord user how to sign in once, and bids nothing", async () => {
    const a = await bidder("Unlinkeda");
    const auction = await openAuction([a.name]);
    const stranger = newSnowflake();
    const res = await send(slashCommand(stranger, "bid", { amount: 100 }));
    expect(res.data).toMatchObject({
      type: 4,
      data: { content: TEXT.unlinked("Test Guild"), flags: EPHEMERAL },
    });
    expect((await read(auction.id)).bidCount).toBe(0);
    // Nor are the open auctions' items suggested to them.
    expect((await send(suggest(stranger, auction.lootName))).data).toEqual({
      type: 8,
      data: { choices: [] },
    });
  });

  it("bids once for a replayed interaction, answering the repeat as the first", async () => {
    const a = await bidder("Replaya");
    const auction = await openAuction([a.name]);
    const interaction = slashCommand(a.discordId, "bid", { amount: 100 });
    const first = await send(interaction);
    const again = await send(interaction);
    expect(again).toEqual(first);
    expect(first.data.data?.content).toContain("Bid accepted");
    expect((await read(auction.id)).bidCount).toBe(1);
    expect(await bidAudits(auction.id)).toHaveLength(1);
  });

  it("with several auctions open asks which, suggests their items, and bids on the one named", async () => {
    const a = await bidder("Severala");
    const first = await openAuction([a.name]);
    const second = await openAuction([a.name]);
    const unnamed = await send(slashCommand(a.discordId, "bid", { amount: 100 }));
    expect(unnamed.data.data?.content).toBe(TEXT.nameTheAuction([second.lootName, first.lootName]));
    const suggested = await send(suggest(a.discordId, first.lootName.slice(0, 12)));
    expect(suggested.data.data?.choices).toEqual([
      { name: `${first.lootName} (from Gravemaw)`, value: String(first.id) },
      { name: `${second.lootName} (from Gravemaw)`, value: String(second.id) },
    ]);
    const named = await send(slashCommand(a.discordId, "bid", { amount: 100, auction: String(second.id) }));
    expect(named.data.data?.content).toContain(`Bid accepted on **${second.lootName}**`);
    expect((await read(second.id)).bidCount).toBe(1);
    expect((await read(first.id)).bidCount).toBe(0);
  });
});

describe("the Bid +step button", () => {
  it("bids exactly its amount; pressed again after that bid it is refused with the price now, never raised", async () => {
    const a = await bidder("Buttona");
    const b = await bidder("Buttonb");
    const auction = await openAuction([a.name, b.name]);
    const customId = bidButtonId(auction.id, 10_000);
    const pressed = await send(buttonPress(a.discordId, customId));
    expect(pressed.data.type).toBe(7);
    expect(pressed.data.data?.content).toContain(
      `✅ Bid accepted on **${auction.lootName}**: the price is 100.00 USDT, you lead.`,
    );
    expect(JSON.stringify(pressed.data.data?.components)).toContain(bidButtonId(auction.id, 10_500));
    // B's message still shows the button for 100.00 USDT: it bids 100.00, which is now too low.
    const stale = await send(buttonPress(b.discordId, customId));
    expect(stale.data.data?.content).toContain(
      `${bidTooLowMessage(10_500, 10_000)}\n${TEXT.priceNow("100.00 USDT", a.name, "105.00 USDT")}`,
    );
    expect(await read(auction.id)).toMatchObject({ price: "100.00", leaderName: a.name, bidCount: 1 });
  });
});
