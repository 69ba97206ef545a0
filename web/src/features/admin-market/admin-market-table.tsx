/** The admin market table: Loot Name, Boss Name, Date, Value, Status, Participants and the row actions. */
import { Calculator, Pencil, Trash2, Users } from "lucide-react";
import { formatDate } from "@shared/format/format-date.ts";
import { formatMoney } from "@shared/money/money.ts";
import { LootStatusBadge, PendingBadge } from "@web/components/badge.tsx";
import { Button } from "@web/components/button.tsx";
import {
  FirstTd,
  FirstTh,
  PhoneDetails,
  rowClass,
  StateTable,
  type TableState,
  Td,
  Th,
  WIDE_ONLY,
} from "@web/components/data-table.tsx";
import { type RowAction, RowActions } from "@web/components/row-actions.tsx";
import type { VirtualRowProps } from "@web/components/virtual-rows.tsx";
import { isLocalId } from "@web/data/mutations.ts";
import type { MarketItem } from "@web/data/portal-db.ts";

export type AdminMarketTableState = TableState<MarketItem>;

/** A row's height at rest (its buttons set it), before the rendered rows are measured. */
const ROW_HEIGHT = 69;
const countLabel = (count: number) => `${count.toLocaleString("en-US")} market items`;

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

/** `participantCount` counts a row's participants, for the rows on screen only. */
export function AdminMarketTable({
  state,
  participantCount,
  actions,
}: {
  state: AdminMarketTableState;
  participantCount: (item: MarketItem) => number;
  actions: MarketItemActions;
}) {
  return (
    <StateTable
      state={state}
      label="Market items"
      className="sm:min-w-[56rem]"
      columns={7}
      head={
        <>
          <FirstTh>Loot Name</FirstTh>
          <Th className={WIDE_ONLY}>Boss Name</Th>
          <Th className={WIDE_ONLY}>Date</Th>
          <Th className={`text-right ${WIDE_ONLY}`}>Value</Th>
          <Th className={WIDE_ONLY}>Status</Th>
          <Th className="text-center max-sm:px-1">
            <Users className="mx-auto size-4 sm:hidden" aria-hidden="true" />
            <span className="max-sm:sr-only">Participants</span>
          </Th>
          <Th className="text-right max-sm:px-1">Actions</Th>
        </>
      }
      rowHeight={ROW_HEIGHT}
      countLabel={countLabel}
      row={(item, props: VirtualRowProps | undefined) => (
        <tr key={item.id} className={rowClass} data-loot={item.lootName} {...props}>
          <FirstTd className="max-w-40 sm:max-w-none">
            {item.lootName}
            {isLocalId(item.id) ? <PendingBadge /> : null}
            <PhoneDetails>
              <span className="font-medium text-ink tabular-nums">{formatMoney(item.value, "usdt")}</span>{" "}
              <LootStatusBadge status={item.status} /> {item.bossName} · {formatDate(item.dateAcquired)}
            </PhoneDetails>
          </FirstTd>
          <Td className={`text-ink-muted ${WIDE_ONLY}`}>{item.bossName}</Td>
          <Td className={`whitespace-nowrap text-ink-muted ${WIDE_ONLY}`}>{formatDate(item.dateAcquired)}</Td>
          <Td className={`whitespace-nowrap text-right tabular-nums ${WIDE_ONLY}`}>
            {formatMoney(item.value, "usdt")}
          </Td>
          <Td className={WIDE_ONLY}>
            <LootStatusBadge status={item.status} />
          </Td>
          <Td className="py-1.5 text-center max-sm:px-1">
            <Button
              variant="secondary"
              className="px-3!"
              aria-label={`View participants of ${item.lootName}`}
              disabled={isLocalId(item.id)}
              onClick={() => actions.onParticipants(item)}
            >
              <Users className="size-4" aria-hidden="true" />
              <span className="tabular-nums">{participantCount(item)}</span>
            </Button>
          </Td>
          <Td className="py-1.5 text-right whitespace-nowrap max-sm:pr-1 max-sm:pl-0">
            <RowActions disabled={isLocalId(item.id)} actions={actionsFor(item, actions)} />
          </Td>
        </tr>
      )}
      error={marketItemsError}
      empty={NO_MARKET_ITEMS}
    />
  );
}
