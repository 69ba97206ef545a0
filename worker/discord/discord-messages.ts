/**
 * The texts the server posts to Discord (decision 043). Names come from the guild's data, so Discord's markdown in
 * them is escaped; mentions are off at delivery (allowed_mentions), so "@everyone" in a name pings nobody. Clock
 * times are Discord timestamps (<t:…:t>), which every reader's Discord shows in their own zone.
 */
import { KILLED_BUTTON_PREFIX, DISCORD_COMMAND_TEXTS as TEXT } from "@shared/discord/slash-commands.ts";
import { type Cents, formatMoney } from "@shared/money/money.ts";

/** Discord's limit on a message's content. */
export const DISCORD_CONTENT_MAX = 2_000;

export const TEST_MESSAGE = "Test message from the guild portal: Discord alerts reach this channel.";

/** A name as plain text in Discord's markdown. */
export function escapeMarkdown(text: string): string {
  return text.replace(/[\\`*_~|<>#[\]()@:-]/g, (char) => `\\${char}`).replace(/\s+/g, " ");
}

const bold = (name: string) => `**${escapeMarkdown(name)}**`;
const discordTime = (at: Date | number) =>
  `<t:${Math.floor((typeof at === "number" ? at : at.getTime()) / 1000)}:t>`;

/** Whole minutes until a spawn, at least 1 (the scheduler runs once a minute). */
export function minutesUntil(spawnAt: number, now: Date): number {
  return Math.max(1, Math.round((spawnAt - now.getTime()) / 60_000));
}

/** A Discord role mention; the post's allowed_mentions lets it ping that role only (decision 077). */
export const roleMention = (roleId: string) => `<@&${roleId}>`;

/** A spawn alert's queue key: one alert per boss and spawn. */
export const spawnKey = (bossName: string, spawnAt: number) => `spawn:${bossName}:${spawnAt}`;

/** The boss a spawn alert's key names. */
export const bossOfSpawnKey = (key: string | null): string | null =>
  /^spawn:(.+):-?\d+$/s.exec(key ?? "")?.[1] ?? null;

/** Discord's custom ids are at most 100 characters. */
const CUSTOM_ID_MAX = 100;

/**
 * The "Killed" button under a spawn alert (decision 100): pressing it is /killed for that boss by whoever presses
 * it (worker/discord-interactions). A name too long for the custom id gets no button rather than a wrong one.
 */
export function killedButtonRow(bossName: string): unknown[] | null {
  const customId = `${KILLED_BUTTON_PREFIX}${bossName}`;
  if (customId.length > CUSTOM_ID_MAX) return null;
  return [{ type: 1, components: [{ type: 2, style: 1, label: TEXT.killedLabel, custom_id: customId }] }];
}

export function spawnAlertText(
  bossName: string,
  spawnAt: number,
  now: Date,
  roleId: string | null = null,
): string {
  const minutes = minutesUntil(spawnAt, now);
  const text = `⏰ ${bold(bossName)} spawns in ${minutes} minute${minutes === 1 ? "" : "s"} (${discordTime(spawnAt)}).`;
  return roleId === null ? text : `${roleMention(roleId)} ${text}`;
}

/**
 * "✋ Check-in open for **Duskwing**: code **ABC234** until 9:40 PM. Were you there? <link>" (decision 079). The code
 * is of letters and digits only; the link is the portal's own address, in <> so Discord shows no preview.
 */
export function checkInOpenedText(
  checkIn: { bossName: string; code: string; closesAt: Date; link: string },
  roleId: string | null = null,
): string {
  const text = `✋ Check-in open for ${bold(checkIn.bossName)}: code **${checkIn.code}** until ${discordTime(checkIn.closesAt)}. Were you there? <${checkIn.link}>`;
  return roleId === null ? text : `${roleMention(roleId)} ${text}`;
}

/** "Auction open: X, from 100.00 USDT, ends 21:05", with the link to bid. */
export function auctionOpenedText(auction: {
  lootName: string;
  startCents: Cents;
  endsAt: Date;
  link: string;
}) {
  return `🔨 Auction open: ${bold(auction.lootName)}, from ${formatMoney(auction.startCents, "usdt")}, ends ${discordTime(auction.endsAt)}. Bid on the portal: <${auction.link}>`;
}

/** The result: sold to whom for how much, no bids, or cancelled with the reason. */
export function auctionResultText(
  lootName: string,
  result: { sold: { name: string; priceCents: Cents } } | { noBids: true } | { cancelled: string },
): string {
  if ("sold" in result)
    return `🔨 Auction closed: ${bold(lootName)} sold to ${escapeMarkdown(result.sold.name)} for ${formatMoney(result.sold.priceCents, "usdt")}.`;
  if ("noBids" in result) return `🔨 Auction closed: ${bold(lootName)} had no bids and stays Pending.`;
  return `🔨 Auction cancelled: ${bold(lootName)} (${escapeMarkdown(result.cancelled)}).`;
}

export function timerStartedText(bossName: string, starter: string, endTime: Date): string {
  return `⏱️ Timer started for ${bold(bossName)} by ${escapeMarkdown(starter)}: next spawn ${discordTime(endTime)}.`;
}

/** What a Sold item's stored distribution comes to, for the loot message. */
export interface LootSplit {
  /** Each participant's share (general plus elite), in cents. */
  shares: readonly Cents[];
  guildFundCents: Cents;
  adminFundCents: Cents;
}

/** "20 participants, 45.12 USDT each, guild fund 100.00 USDT, admin fund 50.00 USDT". */
export function splitSummary(split: LootSplit): string {
  const parts: string[] = [];
  const count = split.shares.length;
  if (count === 0) {
    parts.push("no participants");
  } else {
    const least = Math.min(...split.shares);
    const most = Math.max(...split.shares);
    const each =
      least === most ? `${formatMoney(least)} each` : `${formatMoney(least)} to ${formatMoney(most)} each`;
    parts.push(`${count} participant${count === 1 ? "" : "s"}, ${each}`);
  }
  parts.push(`guild fund ${formatMoney(split.guildFundCents)}`);
  if (split.adminFundCents !== 0) parts.push(`admin fund ${formatMoney(split.adminFundCents)}`);
  return parts.join(", ");
}

export function lootSoldText(
  item: { lootName: string; bossName: string | null; valueCents: Cents },
  split: LootSplit,
): string {
  const from = item.bossName ? ` from ${bold(item.bossName)}` : "";
  const text = `💰 Loot sold: ${bold(item.lootName)}${from} for ${formatMoney(item.valueCents)}. ${splitSummary(split)}.`;
  return text.length <= DISCORD_CONTENT_MAX ? text : `${text.slice(0, DISCORD_CONTENT_MAX - 1)}…`;
}
