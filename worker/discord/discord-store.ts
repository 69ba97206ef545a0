/**
 * The Discord settings row and the message queue (sql/008-discord.sql, decision 043). Writes that cause a message
 * call the enqueue functions with their transaction; the sender (discord-delivery.ts) claims, posts and marks.
 */

import type { AlertLeadMinutes } from "@shared/bosses/alert-lead-minutes.ts";
import { parseMoney } from "@shared/money/money.ts";
import type { DiscordSettings, DiscordSettingsInput } from "@shared/schemas/spawn-alerts.ts";
import type { Queryable } from "../db/types.ts";
import {
  auctionOpenedText,
  auctionResultText,
  checkInOpenedText,
  type LootSplit,
  lootSoldText,
  timerStartedText,
} from "./discord-messages.ts";

/** How long a message that was not posted stays worth posting (a spawn alert: until its spawn). */
export const MESSAGE_LIFETIME_MS = 60 * 60_000;
/**
 * How long a sender holds the rows it claimed; longer than a pass takes, so an overlapping run never takes them.
 * Leases are set and judged by the database's clock, the one clock every sender shares (a run's `now` may be a
 * Cron Trigger's scheduled time, or a test's).
 */
export const CLAIM_LEASE_MS = 2 * 60_000;
/** Delivered and given-up rows are deleted after this long (spawn keys only matter until the spawn). */
export const MESSAGE_RETENTION_MS = 2 * 24 * 60 * 60_000;

const SETTINGS_COLUMNS = `webhook_url AS "webhookUrl", lead_minutes AS "leadMinutes", spawn_alerts AS "spawnAlerts",
  timer_starts AS "timerStarts", loot_sales AS "lootSales", last_error AS "lastError",
  last_error_at AS "lastErrorAt", last_delivered_at AS "lastDeliveredAt"`;

interface SettingsRow extends DiscordSettingsInput {
  lastError: string | null;
  lastErrorAt: Date | null;
  lastDeliveredAt: Date | null;
}

const toSettings = (row: SettingsRow): DiscordSettings => ({
  webhookUrl: row.webhookUrl,
  leadMinutes: row.leadMinutes as AlertLeadMinutes,
  spawnAlerts: row.spawnAlerts,
  timerStarts: row.timerStarts,
  lootSales: row.lootSales,
  lastError: row.lastError && row.lastErrorAt ? { message: row.lastError, at: row.lastErrorAt } : null,
  lastDeliveredAt: row.lastDeliveredAt,
});

export async function getDiscordSettings(q: Queryable): Promise<DiscordSettings> {
  const rows = await q.query<SettingsRow>(`SELECT ${SETTINGS_COLUMNS} FROM discord_settings WHERE id = 1`);
  return toSettings(rows[0] as SettingsRow);
}

/** Saves what the admin chose. A new webhook starts without the old one's error. */
export async function saveDiscordSettings(
  q: Queryable,
  input: DiscordSettingsInput,
): Promise<DiscordSettings> {
  const rows = await q.query<SettingsRow>(
    `UPDATE discord_settings SET
       last_error = CASE WHEN webhook_url = $1 THEN last_error END,
       last_error_at = CASE WHEN webhook_url = $1 THEN last_error_at END,
       webhook_url = $1, lead_minutes = $2, spawn_alerts = $3, timer_starts = $4, loot_sales = $5
     WHERE id = 1 RETURNING ${SETTINGS_COLUMNS}`,
    [input.webhookUrl, input.leadMinutes, input.spawnAlerts, input.timerStarts, input.lootSales],
  );
  return toSettings(rows[0] as SettingsRow);
}

export async function recordDeliveryError(q: Queryable, message: string, at: Date): Promise<void> {
  await q.query("UPDATE discord_settings SET last_error = $1, last_error_at = $2 WHERE id = 1", [
    message.slice(0, 500),
    at,
  ]);
}

export async function recordDelivered(q: Queryable, at: Date): Promise<void> {
  await q.query(
    `UPDATE discord_settings SET last_delivered_at = greatest(last_delivered_at, $1), last_error = NULL,
       last_error_at = NULL WHERE id = 1`,
    [at],
  );
}

export type MessageKind = "spawn" | "timer_start" | "loot_sold" | "test" | "check_in" | "auction";

export interface NewMessage {
  kind: MessageKind;
  content: string;
  /** The one role the post may ping (decision 077); null: it pings nobody. */
  mentionRoleId?: string | null;
  /** Messages with the same key are one message: the second insert is dropped. */
  dedupeKey?: string | null;
  now: Date;
  dueAt?: Date;
  expiresAt?: Date;
}

/** Queues a message; answers whether it was new (false: its key was queued before). */
export async function enqueueMessage(q: Queryable, message: NewMessage): Promise<boolean> {
  const rows = await q.query(
    `INSERT INTO discord_messages (kind, content, dedupe_key, created_at, due_at, expires_at, mention_role_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (dedupe_key) DO NOTHING RETURNING id`,
    [
      message.kind,
      message.content,
      message.dedupeKey ?? null,
      message.now,
      message.dueAt ?? message.now,
      message.expiresAt ?? new Date(message.now.getTime() + MESSAGE_LIFETIME_MS),
      message.mentionRoleId ?? null,
    ],
  );
  return rows.length > 0;
}

/** Which messages the settings ask for now (none while no webhook is set). */
async function wants(q: Queryable, column: "spawn_alerts" | "timer_starts" | "loot_sales"): Promise<boolean> {
  const rows = await q.query<{ on: boolean }>(
    `SELECT webhook_url <> '' AND ${column} AS on FROM discord_settings WHERE id = 1`,
  );
  return rows[0]?.on === true;
}

export const timerStartKey = (bossName: string, startTime: Date) =>
  `start:${bossName}:${startTime.getTime()}`;

/**
 * "Timer started for X by Y", in the start's transaction. It waits out the undo window (decision 041), so a
 * mis-tap its starter takes back never reaches Discord.
 */
export async function enqueueTimerStarted(
  tx: Queryable,
  start: { bossName: string; starter: string; startTime: Date; endTime: Date; now: Date; holdMs: number },
): Promise<boolean> {
  if (!(await wants(tx, "timer_starts"))) return false;
  return enqueueMessage(tx, {
    kind: "timer_start",
    content: timerStartedText(start.bossName, start.starter, start.endTime),
    dedupeKey: timerStartKey(start.bossName, start.startTime),
    now: start.now,
    dueAt: new Date(start.now.getTime() + start.holdMs),
  });
}

/** An undone start's message, if it has not gone out yet (or been claimed by a sender), is withdrawn. */
export async function withdrawTimerStarted(tx: Queryable, bossName: string, startTime: Date): Promise<void> {
  await tx.query(
    `DELETE FROM discord_messages WHERE dedupe_key = $1 AND delivered_at IS NULL AND claimed_until IS NULL`,
    [timerStartKey(bossName, startTime)],
  );
}

/** The stored distribution of a Sold item (salary_items, salary_shares), written in the same transaction. */
async function lootSplitOf(tx: Queryable, itemId: number): Promise<LootSplit> {
  const items = await tx.query<{ guildFund: string; adminFund: string }>(
    `SELECT guild_fund::text AS "guildFund", admin_fund::text AS "adminFund" FROM salary_items WHERE item_id = $1`,
    [itemId],
  );
  const shares = await tx.query<{ share: string }>(
    `SELECT (general_share + elite_share)::text AS share FROM salary_shares WHERE item_id = $1 ORDER BY position`,
    [itemId],
  );
  return {
    shares: shares.map((row) => parseMoney(row.share)),
    guildFundCents: parseMoney(items[0]?.guildFund ?? "0"),
    adminFundCents: parseMoney(items[0]?.adminFund ?? "0"),
  };
}

/** "Loot sold: item, price, split summary", in the transaction that made the item Sold (after its redistribution). */
export async function enqueueLootSold(
  tx: Queryable,
  item: { id: number; lootName: string; bossName: string | null; value: string },
  now: Date,
): Promise<boolean> {
  if (!(await wants(tx, "loot_sales"))) return false;
  const split = await lootSplitOf(tx, item.id);
  return enqueueMessage(tx, {
    kind: "loot_sold",
    content: lootSoldText(
      { lootName: item.lootName, bossName: item.bossName, valueCents: parseMoney(item.value) },
      split,
    ),
    now,
  });
}

/**
 * "Check-in open for X: code ABC234 until …, with the link", in the open's transaction, whenever a webhook is set
 * (decision 079); it pings the boss's role when it has one (decision 077), and is not posted once the check-in closed.
 */
export async function enqueueCheckInOpened(
  tx: Queryable,
  checkIn: { id: number; bossName: string; code: string; closesAt: Date; link: string; now: Date },
): Promise<boolean> {
  const [row] = await tx.query<{ on: boolean; roleId: string | null }>(
    `SELECT s.webhook_url <> '' AS on, b.discord_role_id AS "roleId"
       FROM discord_settings s LEFT JOIN boss_names b ON b.name = $1 WHERE s.id = 1`,
    [checkIn.bossName],
  );
  if (row?.on !== true) return false;
  return enqueueMessage(tx, {
    kind: "check_in",
    content: checkInOpenedText(checkIn, row.roleId),
    mentionRoleId: row.roleId,
    dedupeKey: `check-in:${checkIn.id}`,
    now: checkIn.now,
    expiresAt: checkIn.closesAt,
  });
}

/** Whether a webhook is set: auctions are posted whenever it is, as check-ins are. */
async function webhookSet(q: Queryable): Promise<boolean> {
  const [row] = await q.query<{ on: boolean }>(
    "SELECT webhook_url <> '' AS on FROM discord_settings WHERE id = 1",
  );
  return row?.on === true;
}

/** "Auction open: X, from …, ends …", in the open's transaction; not posted once the auction ended (decision 091). */
export async function enqueueAuctionOpened(
  tx: Queryable,
  auction: { id: number; lootName: string; startCents: number; endsAt: Date; link: string; now: Date },
): Promise<boolean> {
  if (!(await webhookSet(tx))) return false;
  return enqueueMessage(tx, {
    kind: "auction",
    content: auctionOpenedText(auction),
    dedupeKey: `auction-open:${auction.id}`,
    now: auction.now,
    expiresAt: auction.endsAt,
  });
}

/** The auction's result, in the close's or cancel's transaction. */
export async function enqueueAuctionResult(
  tx: Queryable,
  auction: { id: number; lootName: string; now: Date },
  result: Parameters<typeof auctionResultText>[1],
): Promise<boolean> {
  if (!(await webhookSet(tx))) return false;
  return enqueueMessage(tx, {
    kind: "auction",
    content: auctionResultText(auction.lootName, result),
    dedupeKey: `auction-result:${auction.id}`,
    now: auction.now,
  });
}

export interface ClaimedMessage {
  id: number;
  kind: MessageKind;
  content: string;
  mentionRoleId: string | null;
  /** A spawn alert's key names its boss (its "Killed" button, decision 100). */
  dedupeKey: string | null;
  attempts: number;
}

/**
 * Claims up to `limit` due messages, oldest first, for CLAIM_LEASE_MS. A row another sender holds (locked, or
 * leased) is skipped, so overlapping runs split the queue and never post one message twice.
 */
export async function claimDueMessages(q: Queryable, now: Date, limit: number): Promise<ClaimedMessage[]> {
  return q.query<ClaimedMessage>(
    `UPDATE discord_messages SET claimed_until = now() + $2 * interval '1 millisecond', attempts = attempts + 1
      WHERE id IN (
        SELECT id FROM discord_messages
         WHERE delivered_at IS NULL AND given_up_at IS NULL AND due_at <= $1 AND expires_at > $1
           AND (claimed_until IS NULL OR claimed_until <= now())
         ORDER BY due_at, id LIMIT $3 FOR UPDATE SKIP LOCKED)
        AND delivered_at IS NULL AND given_up_at IS NULL AND (claimed_until IS NULL OR claimed_until <= now())
      RETURNING id::int AS id, kind, content, mention_role_id AS "mentionRoleId",
        dedupe_key AS "dedupeKey", attempts`,
    [now, CLAIM_LEASE_MS, limit],
  );
}

/** `note`: posted, but not as asked (kept in the row's error, decision 100). */
export async function markDelivered(q: Queryable, id: number, at: Date, note?: string): Promise<void> {
  await q.query(
    "UPDATE discord_messages SET delivered_at = $2, claimed_until = NULL, last_error = $3 WHERE id = $1",
    [id, at, note?.slice(0, 500) ?? null],
  );
}

/** Puts a claimed message back, to be tried again at `dueAt`. */
export async function releaseMessage(
  q: Queryable,
  id: number,
  dueAt: Date,
  error: string | null,
): Promise<void> {
  await q.query(
    "UPDATE discord_messages SET claimed_until = NULL, due_at = $2, last_error = coalesce($3, last_error) WHERE id = $1",
    [id, dueAt, error?.slice(0, 500) ?? null],
  );
}

export async function giveUpMessage(q: Queryable, id: number, at: Date, error: string): Promise<void> {
  await q.query(
    "UPDATE discord_messages SET claimed_until = NULL, given_up_at = $2, last_error = $3 WHERE id = $1",
    [id, at, error.slice(0, 500)],
  );
}

/** Pending messages whose time has passed are given up; answers how many. */
export async function expireMessages(q: Queryable, now: Date): Promise<number> {
  const rows = await q.query(
    `UPDATE discord_messages SET given_up_at = $1, last_error = coalesce(last_error, 'Not posted in time.')
      WHERE delivered_at IS NULL AND given_up_at IS NULL AND expires_at <= $1
        AND (claimed_until IS NULL OR claimed_until <= now())
      RETURNING id`,
    [now],
  );
  return rows.length;
}

/** Deletes delivered and given-up rows older than MESSAGE_RETENTION_MS. */
export async function pruneMessages(q: Queryable, now: Date): Promise<number> {
  const rows = await q.query(
    `DELETE FROM discord_messages WHERE created_at < $1 AND (delivered_at IS NOT NULL OR given_up_at IS NOT NULL)
      RETURNING id`,
    [new Date(now.getTime() - MESSAGE_RETENTION_MS)],
  );
  return rows.length;
}

/** When the next pending message is due (null: none pending). */
export async function nextDueAt(q: Queryable): Promise<Date | null> {
  const rows = await q.query<{ at: Date | null }>(
    `SELECT min(due_at) AS at FROM discord_messages WHERE delivered_at IS NULL AND given_up_at IS NULL`,
  );
  return rows[0]?.at ?? null;
}
