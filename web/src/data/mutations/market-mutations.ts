/** Market (loot) writes: create, edit, delete an item. */

import { MARKET_CALLS } from "@shared/contract/market.ts";
import { mergeNames, namesOf } from "@shared/merge/field-merge.ts";
import type { MoneyText } from "@shared/money/money.ts";
import { normalizeParticipantInput, participantText } from "@shared/participants/participant-text.ts";
import type { LootStatus } from "@shared/schemas/market.ts";
import { localId, type MarketItem } from "../portal-db.ts";
import { definedOnly, type IdArgs, mutation, storedMoney } from "./mutation.ts";

export interface CreateMarketItemArgs {
  lootName: string;
  bossName: string;
  value: MoneyText;
  /** Pending when omitted. */
  status?: LootStatus;
  /** A list of names, or the text as stored (JSON array or comma list). */
  participatedMembers: string | string[];
  totalFunds?: MoneyText;
  /** 'YYYY-MM-DD' */
  dateAcquired?: string | null;
}

/**
 * The edit forms send only the fields they changed, each with its value when the form opened in `base`, and
 * the server merges them onto the item as it is then (decision 038). Without `base`: the plain update.
 */
export interface UpdateMarketItemArgs extends Partial<CreateMarketItemArgs> {
  id: number;
  base?: Partial<CreateMarketItemArgs>;
}

const MARKET_CHANGES = ["marketItems", "guildMembers", "salaryReceipt", "funds"] as const;

export const MARKET_MUTATIONS = {
  createMarketItem: mutation(MARKET_CALLS.create)<CreateMarketItemArgs>({
    reads: [],
    writes: ["marketItems"],
    refresh: MARKET_CHANGES,
    apply(draft, args, { seq, createdAt }) {
      const item: MarketItem = {
        id: localId(seq),
        lootName: args.lootName,
        bossName: args.bossName,
        value: storedMoney(args.value),
        status: args.status ?? "Pending",
        participatedMembers: normalizeParticipantInput(args.participatedMembers),
        totalFunds: storedMoney(args.totalFunds ?? "0"),
        dateAcquired: args.dateAcquired ?? null,
        createdAt: new Date(createdAt),
        updatedAt: new Date(createdAt),
      };
      draft.put("marketItems", item);
    },
  }),

  updateMarketItem: mutation(MARKET_CALLS.update)<UpdateMarketItemArgs>({
    reads: [],
    writes: ["marketItems"],
    refresh: MARKET_CHANGES,
    apply(draft, { id, value, totalFunds, participatedMembers, base, ...rest }, { createdAt }) {
      const item = draft.get("marketItems", id);
      if (!item) return;
      const patch: Partial<MarketItem> = definedOnly(rest);
      if (participatedMembers !== undefined) {
        // With a base the list merges as the server merges it: this device's additions and removals.
        patch.participatedMembers =
          base?.participatedMembers === undefined
            ? normalizeParticipantInput(participatedMembers)
            : participantText(
                mergeNames(
                  namesOf(item.participatedMembers),
                  namesOf(base.participatedMembers),
                  namesOf(participatedMembers),
                ),
              );
      }
      if (value !== undefined) patch.value = storedMoney(value);
      if (totalFunds !== undefined) patch.totalFunds = storedMoney(totalFunds);
      draft.put("marketItems", { ...item, ...patch, updatedAt: new Date(createdAt) });
    },
  }),

  deleteMarketItem: mutation(MARKET_CALLS.remove)<IdArgs>({
    reads: [],
    writes: ["marketItems"],
    refresh: MARKET_CHANGES,
    apply(draft, args) {
      draft.delete("marketItems", args.id);
    },
  }),
};
