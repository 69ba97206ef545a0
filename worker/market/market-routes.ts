/**
 * The market exchange: admins list, add, edit and delete loot; the public page lists it. A write that touches
 * a Sold item (before or after) redistributes that item in its transaction.
 */
import { MARKET_CALLS } from "@shared/contract/market.ts";
import { moneyText } from "@shared/money/money.ts";
import { participantText } from "@shared/participants/participant-text.ts";
import {
  LOOT_NOT_FOUND,
  lootGoneMessage,
  lootLabel,
  MAX_LOOT_PARTICIPANTS,
  type MarketExchangeItem,
  TOO_MANY_LOOT_PARTICIPANTS,
  type UpdateMarketItemInput,
} from "@shared/schemas/market.ts";
import { ApiError } from "../app/api-error.ts";
import { goneRow, textOf } from "../app/gone-row.ts";
import { mergeOrConflict } from "../app/merge-update.ts";
import { sendData } from "../app/respond.ts";
import { serveCalls } from "../app/serve-calls.ts";
import { write } from "../app/write.ts";
import type { Queryable } from "../db/types.ts";
import { deliverDiscordAfterCommit } from "../discord/discord-alerts.ts";
import { enqueueLootSold } from "../discord/discord-store.ts";
import { lockDerivedFigures, redistributeAndAudit } from "../salary/redistribute.ts";
import { feedsSalaries, followItemUpdate, MARKET_ITEM_ENTITY } from "./item-change.ts";
import {
  deleteMarketItem,
  getMarketItem,
  insertMarketItem,
  listMarketItems,
  type MarketItemRow,
  updateMarketItem,
} from "./market-repo.ts";
import { refuseSaleBeyondRange } from "./sale-bounds.ts";

const ENTITY = MARKET_ITEM_ENTITY;

/** The 404 of a write to an item deleted meanwhile, naming it by name and day (decision 058). */
async function itemGone(tx: Queryable, id: number): Promise<ApiError> {
  const gone = await goneRow(tx, ENTITY, id);
  const lootName = textOf(gone, "lootName");
  if (lootName === null) return new ApiError(404, LOOT_NOT_FOUND);
  return new ApiError(
    404,
    lootGoneMessage(lootLabel(lootName, textOf(gone, "dateAcquired")), gone?.by ?? null),
  );
}

/**
 * The fields a merging update writes; a participant list merged with the one stored now, as the stored text
 * (docs/decisions/038).
 */
async function mergedFields(
  tx: Queryable,
  before: MarketExchangeItem,
  input: UpdateMarketItemInput,
): Promise<Omit<UpdateMarketItemInput, "id" | "base">> {
  const changes = await mergeOrConflict(tx, {
    entity: ENTITY,
    id: before.id,
    subject: lootLabel(
      input.base?.lootName ?? before.lootName,
      input.base?.dateAcquired !== undefined ? input.base.dateAcquired : before.dateAcquired,
    ),
    current: before,
    patch: input,
    base: input.base ?? {},
  });
  const { participatedMembers, ...rest } = changes as Omit<UpdateMarketItemInput, "id" | "base">;
  if (participatedMembers === undefined) return rest;
  const names = participatedMembers as unknown as string[];
  if (names.length > MAX_LOOT_PARTICIPANTS) throw new ApiError(400, TOO_MANY_LOOT_PARTICIPANTS);
  return { ...rest, participatedMembers: participantText(names) };
}

export const marketRoutes = serveCalls(MARKET_CALLS, {
  list: async (c) => sendData(c, { marketExchangeItems: await listMarketItems(c.get("db")) }),
  // The same list for the public market page, no login needed.
  publicList: async (c) => sendData(c, { marketExchangeItems: await listMarketItems(c.get("db")) }),
  create: async (c) => {
    const input = c.req.valid("json");
    let toDiscord = false;
    const response = await write(
      c,
      async ({ tx, audit }) => {
        await lockDerivedFigures(tx);
        const created = await insertMarketItem(tx, {
          lootName: input.lootName,
          bossName: input.bossName,
          value: moneyText(input.value),
          status: input.status,
          participatedMembers: input.participatedMembers,
          totalFunds: moneyText(input.totalFunds),
          dateAcquired: input.dateAcquired,
        });
        await refuseSaleBeyondRange(
          tx,
          created,
          `Selling ${lootLabel(created.lootName, created.dateAcquired)}`,
        );
        await audit({ action: "create", entity: ENTITY, entityId: created.id, after: created });
        if (feedsSalaries(created)) await redistributeAndAudit(tx, audit, { itemIds: [created.id] });
        // Discord's "loot sold" (decision 043), from the shares just stored.
        if (created.status === "Sold") toDiscord = await enqueueLootSold(tx, created, new Date());
        return { marketExchangeItem: created };
      },
      201,
    );
    if (toDiscord) deliverDiscordAfterCommit(c);
    return response;
  },
  update: async (c) => {
    const input = c.req.valid("json");
    let toDiscord = false;
    const response = await write(c, async ({ tx, audit }) => {
      await lockDerivedFigures(tx);
      const before = await getMarketItem(tx, input.id, true);
      if (!before) throw await itemGone(tx, input.id);
      // With a base, only the fields nobody changed since go on (docs/decisions/038); without, the plain update.
      const wanted = input.base === undefined ? input : await mergedFields(tx, before, input);
      // Every field already holds what this write wants (another device made the same change): nothing to do.
      if (input.base !== undefined && Object.keys(wanted).length === 0) return { marketExchangeItem: before };
      const patch: Partial<MarketItemRow> = {
        lootName: wanted.lootName,
        bossName: wanted.bossName,
        value: wanted.value === undefined ? undefined : moneyText(wanted.value),
        status: wanted.status,
        participatedMembers: wanted.participatedMembers,
        totalFunds: wanted.totalFunds === undefined ? undefined : moneyText(wanted.totalFunds),
        dateAcquired: wanted.dateAcquired,
      };
      const updated = await updateMarketItem(tx, input.id, patch);
      toDiscord = await followItemUpdate({ tx, audit }, before, updated);
      return { marketExchangeItem: updated };
    });
    if (toDiscord) deliverDiscordAfterCommit(c);
    return response;
  },
  remove: (c) => {
    const { id } = c.req.valid("json");
    return write(c, async ({ tx, audit }) => {
      await lockDerivedFigures(tx);
      const before = await deleteMarketItem(tx, id);
      if (!before) throw await itemGone(tx, id);
      await audit({ action: "delete", entity: ENTITY, entityId: id, before });
      if (feedsSalaries(before)) await redistributeAndAudit(tx, audit, { itemIds: [id] });
      return { success: true, id };
    });
  },
});
