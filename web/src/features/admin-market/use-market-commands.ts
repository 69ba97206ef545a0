/** Market item writes through the outbox, with its toasts (docs/product.md#admin-market-exchange). */

import { changedFields, MARKET_FIELD_RULES } from "@shared/merge/field-merge.ts";
import { toastSaved, useRefusalToasts } from "@web/components/write-toasts.ts";
import { commands } from "@web/data/lazy-data-layer.ts";
import type { MarketItem } from "@web/data/portal-db.ts";
import { errorMessage } from "@web/lib/api-client.ts";
import { toast } from "@web/lib/toast.tsx";
import type { LootValues } from "./loot-form-dialog.tsx";

export const ITEM_CREATED = "Market item created successfully.";
export const ITEM_UPDATED = "Market item updated successfully.";
export const ITEM_DELETED = "Market item deleted successfully.";
export const CREATE_FAILED = "Failed to create item.";
export const UPDATE_FAILED = "Failed to update item.";
export const DELETE_FAILED = "Failed to delete item.";

export function useMarketCommands() {
  const watch = useRefusalToasts();

  async function run(write: () => Promise<string>, success: string, failure: string): Promise<boolean> {
    try {
      const id = await write();
      watch(id, (message) => ({ title: failure, description: message }));
      toastSaved(success);
      return true;
    } catch (error) {
      toast.error(failure, { description: errorMessage(error) });
      return false;
    }
  }

  return {
    create: (values: LootValues) => run(() => commands.createMarketItem(values), ITEM_CREATED, CREATE_FAILED),
    /**
     * Sends only the fields that differ from the item as the form opened (`opened`), each with that value as
     * its base, so the server merges them with other devices' edits (decision 038). Nothing changed: true.
     */
    update: async (id: number, values: Partial<LootValues>, opened: Partial<MarketItem> | object) => {
      const { changes, base } = changedFields(MARKET_FIELD_RULES, opened, values);
      if (Object.keys(changes).length === 0) return true;
      return run(() => commands.updateMarketItem({ id, ...changes, base }), ITEM_UPDATED, UPDATE_FAILED);
    },
    remove: (id: number) => run(() => commands.deleteMarketItem(id), ITEM_DELETED, DELETE_FAILED),
  };
}
