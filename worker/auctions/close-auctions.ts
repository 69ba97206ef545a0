/**
 * Closing an auction at its end (decision 091), whoever notices first: the scheduler (every minute, and on Node a
 * timer set to the next end), a bid or a read that arrives after the end. Each close runs under the auction's row
 * lock and does nothing to an auction already ended, so any number of closers at once make one sale.
 *
 * With bids, the item becomes Sold at the price (its shares redistributed, as any sale), the winner is recorded, and
 * the price is charged to the winner's balance when they pay from it (a payout of method 'Auction'). Without bids,
 * the item stays Pending. The close is the system's act: its audit entries have no account.
 */
import { closeIfEnded, saleOf } from "@shared/auctions/auction-rules.ts";
import { dateStamp } from "@shared/format/format-date.ts";
import { moneyText } from "@shared/money/money.ts";
import { AUCTION_PAYOUT_METHOD } from "@shared/schemas/auctions.ts";
import type { WriteTools } from "../app/write.ts";
import { insertAudit } from "../audit/audit-repo.ts";
import type { Db, Queryable } from "../db/types.ts";
import { enqueueAuctionResult } from "../discord/discord-store.ts";
import { followItemUpdate } from "../market/item-change.ts";
import { getMarketItem, updateMarketItem } from "../market/market-repo.ts";
import { insertPayout, lockMember } from "../payouts/payouts-repo.ts";
import { lockDerivedFigures } from "../salary/redistribute.ts";
import { guildTimeZone } from "../settings/guild-time-zone.ts";
import { bidderName, replay } from "./auction-state.ts";
import {
  type AuctionRow,
  bidsOf,
  dueAuctionIds,
  endAuction,
  lockAuction,
  serverNow,
} from "./auctions-repo.ts";

export const AUCTION_ENTITY = "auction";

/** What the audit log keeps of an auction: enough to name it. */
export const auditedAuction = (row: Pick<AuctionRow, "lootName" | "bossName" | "marketItemId">) => ({
  lootName: row.lootName,
  bossName: row.bossName,
  marketItemId: row.marketItemId,
});

export interface ClosedAuction {
  id: number;
  sold: boolean;
  /** Whether a Discord post was queued (the item's "loot sold"). */
  toDiscord: boolean;
}

/** The charge of the price to the winner's balance; null when the winner's character is gone or the price is 0. */
async function chargeBalance(
  { tx, audit }: WriteTools,
  row: AuctionRow,
  buyer: { memberId: number; name: string; priceCents: number },
  zone: string,
  now: Date,
): Promise<number | null> {
  if (buyer.priceCents <= 0) return null;
  const member = await lockMember(tx, buyer.memberId);
  if (!member) return null;
  const payout = await insertPayout(tx, {
    memberId: member.id,
    memberName: member.playerName,
    cents: buyer.priceCents,
    paidOn: dateStamp(now, zone),
    method: AUCTION_PAYOUT_METHOD,
    reference: `Auction ${row.id}: ${row.lootName}`,
    recordedBy: null,
  });
  await audit({ action: "create", entity: "payout", entityId: payout.id, after: payout });
  return payout.id;
}

/**
 * Closes the auction when its end has come and it is still open, in `tx` (which it locks the auction in); null when
 * there was nothing to close.
 */
export async function closeAuctionIn(
  tx: Queryable,
  id: number,
  configuredZone: string | null | undefined,
): Promise<ClosedAuction | null> {
  const row = await lockAuction(tx, id);
  if (row?.status !== "open") return null;
  const now = await serverNow(tx);
  const replayed = replay(row, await bidsOf(tx, [id]));
  const closed = closeIfEnded(replayed.state, now.getTime());
  if (closed.status !== "closed") return null;
  const tools: WriteTools = { tx, audit: (entry) => insertAudit(tx, null, entry) };
  const sale = saleOf(closed);
  if (sale === null) {
    await endAuction(tx, id, { status: "closed", endedBy: null, endedAt: now });
    const toDiscord = await enqueueAuctionResult(tx, { id, lootName: row.lootName, now }, { noBids: true });
    await tools.audit({
      action: "close",
      entity: AUCTION_ENTITY,
      entityId: id,
      after: { ...auditedAuction(row), sold: false },
    });
    return { id, sold: false, toDiscord };
  }
  const name = bidderName(replayed.steps, sale.buyerId) ?? "a removed character";
  // The item's sale and its shares: the derived figures' lock first, as every market write takes it.
  await lockDerivedFigures(tx);
  const before = row.marketItemId === null ? undefined : await getMarketItem(tx, row.marketItemId, true);
  if (before?.status !== "Pending") {
    // Deleted, or sold by hand meanwhile: nothing is left to sell, and nobody is charged.
    await endAuction(tx, id, { status: "closed", endedBy: null, endedAt: now });
    const after = { ...auditedAuction(row), sold: false, itemGone: before === undefined, wouldHaveWon: name };
    await tools.audit({ action: "close", entity: AUCTION_ENTITY, entityId: id, after });
    return { id, sold: false, toDiscord: false };
  }
  const updated = await updateMarketItem(tx, before.id, {
    status: "Sold",
    value: moneyText(sale.priceCents),
  });
  const lootSold = await followItemUpdate(tools, before, updated);
  const result = { sold: { name, priceCents: sale.priceCents } };
  const toDiscord = (await enqueueAuctionResult(tx, { id, lootName: row.lootName, now }, result)) || lootSold;
  const zone = await guildTimeZone(tx, configuredZone);
  const payoutId =
    row.payment === "balance"
      ? await chargeBalance(
          tools,
          row,
          { memberId: sale.buyerId, name, priceCents: sale.priceCents },
          zone,
          now,
        )
      : null;
  const price = moneyText(sale.priceCents);
  await endAuction(tx, id, {
    status: "closed",
    endedBy: null,
    endedAt: now,
    sale: { memberId: sale.buyerId, name, price, payoutId },
  });
  await tools.audit({
    action: "close",
    entity: AUCTION_ENTITY,
    entityId: id,
    after: {
      ...auditedAuction(row),
      sold: true,
      winner: name,
      price,
      payoutId,
      endsAt: new Date(closed.endsAt),
    },
  });
  return { id, sold: true, toDiscord };
}

/**
 * Closes one auction if its end has come, in a transaction of its own. Whether it is due is read first without a
 * lock: 50 bids arriving at once must not queue behind 50 closers on the auction's row.
 */
export async function closeAuctionIfDue(db: Db, id: number, configuredZone: string | null | undefined) {
  const [due] = await db.query<{ due: boolean }>(
    "SELECT status = 'open' AND ends_at <= clock_timestamp() AS due FROM auctions WHERE id = $1",
    [id],
  );
  if (!due?.due) return null;
  return db.transaction((tx) => closeAuctionIn(tx, id, configuredZone));
}

/** The scheduled job: closes every open auction whose end has come, each in its own transaction. */
export async function closeDueAuctions(
  db: Db,
  configuredZone: string | null | undefined,
): Promise<{ closed: ClosedAuction[] }> {
  const closed: ClosedAuction[] = [];
  for (const id of await dueAuctionIds(db)) {
    // Found due just now: straight to the locked close.
    const done = await db.transaction((tx) => closeAuctionIn(tx, id, configuredZone));
    if (done) closed.push(done);
  }
  return { closed };
}
