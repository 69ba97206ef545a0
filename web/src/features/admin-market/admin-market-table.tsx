/** The admin market table: Loot Name, Boss Name, Date, Value, Status, Participants and the row actions. */
import { Calculator, Pencil, Trash2, Users } from "lucide-react";
import { formatDate } from "@shared/format/format-date.ts";
import { formatMoney } from "@shared/money/money.ts";
import { LootStatusBadge, PendingBadge } from "@web/components/badge.tsx";
import { Button } from "@web/components/button.tsx";
import {
  FirstTd,
  FirstTh,
  rowClass,
  StateTable,
  type TableState,
  Td,
  Th,
} from "@web/components/data-table.tsx";
import { type RowAction, RowActions } from "@web/components/row-actions.tsx";
import { isLocalId } from "@web/data/mutations.ts";
import type { MarketItem } from "@web/data/portal-db.ts";

export type AdminMarketTableState = TableState<MarketItem & { participantCount: number }>;

export const NO_MARKET_ITEMS = "No market items found.";
export const marketItemsError = (message: string) => `Error loading items: ${message}`;

export interface MarketItemActions {
  onParticipants: (item: MarketItem) => void;
  onDistribution: (item: MarketItem) => void;
  onEdit: (item: MarketItem) => void;
  onDelete: (item: MarketItem) => void;
}

function actionsFor(item: MarketItem, actions: MarketItemActions): RowAction[] {
  return [
    {
      icon: Calculator,
      label: `Distribution details of ${item.lootName}`,
      title: "Distribution Details",
      disabled: false,
      onClick: () => actions.onDistribution(item),
    },
    { icon: Pencil, label: `Edit ${item.lootName}`, title: "Edit", onClick: () => actions.onEdit(item) },
    {
      icon: Trash2,
      label: `Delete ${item.lootName}`,
      title: "Delete",
      iconClassName: "text-danger",
      onClick: () => actions.onDelete(item),
    },
  ];
}

export function AdminMarketTable({
  state,
  actions,
}: {
  state: AdminMarketTableState;
  actions: MarketItemActions;
}) {
  return (
    <StateTable
      state={state}
      label="Market items"
      className="min-w-[56rem]"
      columns={7}
      head={
        <>
          <FirstTh>Loot Name</FirstTh>
          <Th>Boss Name</Th>
          <Th>Date</Th>
          <Th className="text-right">Value</Th>
          <Th>Status</Th>
          <Th className="text-center">Participants</Th>
          <Th className="text-right">Actions</Th>
        </>
      }
      body={(rows) =>
        rows.map((item) => (
          <tr key={item.id} className={rowClass} data-loot={item.lootName}>
            <FirstTd className="max-w-40 sm:max-w-none">
              {item.lootName}
              {isLocalId(item.id) ? <PendingBadge /> : null}
            </FirstTd>
            <Td className="text-ink-muted">{item.bossName}</Td>
            <Td className="whitespace-nowrap text-ink-muted">{formatDate(item.dateAcquired)}</Td>
            <Td className="whitespace-nowrap text-right tabular-nums">{formatMoney(item.value, "usdt")}</Td>
            <Td>
              <LootStatusBadge status={item.status} />
            </Td>
            <Td className="py-1.5 text-center">
              <Button
                variant="secondary"
                className="px-3!"
                aria-label={`View participants of ${item.lootName}`}
                disabled={isLocalId(item.id)}
                onClick={() => actions.onParticipants(item)}
              >
                <Users className="size-4" aria-hidden="true" />
                <span className="tabular-nums">{item.participantCount}</span>
              </Button>
            </Td>
            <Td className="py-1.5 text-right whitespace-nowrap">
              <RowActions disabled={isLocalId(item.id)} actions={actionsFor(item, actions)} />
            </Td>
          </tr>
        ))
      }
      error={marketItemsError}
      empty={NO_MARKET_ITEMS}
    />
  );
}
