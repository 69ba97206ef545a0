/**
 * What follows every change of a market item, whoever makes it (the market's own calls, an auction's close): the
 * sale's bounds, the audit entry, the redistribution of a Sold item's shares in the same transaction, and Discord's
 * "loot sold" when it became Sold. The caller holds the derived figures' lock (lockDerivedFigures) and the item's row.
 */
import { lootLabel, type MarketExchangeItem } from "@shared/schemas/market.ts";
import type { WriteTools } from "../app/write.ts";
import { enqueueLootSold } from "../discord/discord-store.ts";
import { redistributeAndAudit } from "../salary/redistribute.ts";
import { refuseSaleBeyondRange } from "./sale-bounds.ts";

export const MARKET_ITEM_ENTITY = "market_item";

/** Only Sold items feed the salaries and funds. */
export const feedsSalaries = (...items: (MarketExchangeItem | undefined)[]) =>
  items.some((item) => item?.status === "Sold");

/** After an item was updated from `before` to `updated`: answers whether a Discord post was queued. */
export async function followItemUpdate(
  { tx, audit }: WriteTools,
  before: MarketExchangeItem,
  updated: MarketExchangeItem,
): Promise<boolean> {
  await refuseSaleBeyondRange(
    tx,
    updated,
    `This change to ${lootLabel(updated.lootName, updated.dateAcquired)}`,
  );
  await audit({ action: "update", entity: MARKET_ITEM_ENTITY, entityId: updated.id, before, after: updated });
  if (feedsSalaries(before, updated)) await redistributeAndAudit(tx, audit, { itemIds: [updated.id] });
  // Discord's "loot sold" (decision 043), from the shares just stored.
  return before.status !== "Sold" && updated.status === "Sold"
    ? enqueueLootSold(tx, updated, new Date())
    : false;
}
