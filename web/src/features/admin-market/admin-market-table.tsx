/** The admin market table: Loot Name, Boss Name, Date, Value, Status, Participants and the row actions. */
import { Calculator, Gavel, Pencil, Trash2 } from "lucide-react";
import { memo } from "react";
import { formatDate } from "@shared/format/format-date.ts";
import { formatMoney } from "@shared/money/money.ts";
import { LootStatusBadge, UnsyncedBadge } from "@web/components/badge.tsx";
import {
  FirstTd,
  FirstTh,
  rowClass,
  StateTable,
  type TableState,
  Td,
  Th,
} from "@web/components/data-table.tsx";
import { ParticipantsButton } from "@web/components/participants-button.tsx";
import { type RowAction, RowActions } from "@web/components/row-actions.tsx";
import type { VirtualRowProps } from "@web/components/virtual-rows.tsx";
import { isLocalId } from "@web/data/mutations.ts";
import type { MarketItem } from "@web/data/portal-db.ts";

export type AdminMarketTableState = TableState<MarketItem>;

/** A row's height at rest (its buttons set it), before the rendered rows are measured. */
const ROW_HEIGHT = 69;
/** The same for a row's card on a phone. */
const CARD_HEIGHT = 220;
const countLabel = (count: number) => `${count.toLocaleString("en-US")} market items`;

/** The column headers, which also name a phone card's fields. */
const HEADERS = {
  lootName: "Loot Name",
  bossName: "Boss Name",
  date: "Date",
  value: "Value",
  status: "Status",
  participants: "Participants",
} as const;

export const NO_MARKET_ITEMS = "No market items found.";
export const marketItemsError = (message: string) => `Error loading items: ${message}`;

export interface MarketItemActions {
  onParticipants: (item: MarketItem) => void;
  onDistribution: (item: MarketItem) => void;
  onEdit: (item: MarketItem) => void;
  onDelete: (item: MarketItem) => void;
  /** A Pending item's auction (decision 092); the row offers it only when given. */
  onAuction?: (item: MarketItem) => void;
}

function actionsFor(item: MarketItem, actions: MarketItemActions): RowAction[] {
  const { onAuction } = actions;
  const auction: RowAction[] =
    onAuction && item.status === "Pending"
      ? [{ icon: Gavel, label: `Auction ${item.lootName}`, text: "Auction", onClick: () => onAuction(item) }]
      : [];
  return [
    ...auction,
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

/**
 * `participantCount` counts a row's participants, for the rows on screen only. Memoised: a filter change renders
 * the filter bar first and this table after (useDeferredValue).
 */
export const AdminMarketTable = memo(function AdminMarketTable({
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
          <FirstTh>{HEADERS.lootName}</FirstTh>
          <Th>{HEADERS.bossName}</Th>
          <Th>{HEADERS.date}</Th>
          <Th className="text-right">{HEADERS.value}</Th>
          <Th>{HEADERS.status}</Th>
          <Th className="text-center">{HEADERS.participants}</Th>
          <Th className="text-right">Actions</Th>
        </>
      }
      rowHeight={ROW_HEIGHT}
      cardHeight={CARD_HEIGHT}
      countLabel={countLabel}
      row={(item, props: VirtualRowProps | undefined) => (
        <tr key={item.id} className={rowClass} data-loot={item.lootName} {...props}>
          <FirstTd>
            {item.lootName}
            {isLocalId(item.id) ? <UnsyncedBadge /> : null}
          </FirstTd>
          <Td className="text-ink-muted" label={HEADERS.bossName}>
            {item.bossName}
          </Td>
          <Td className="whitespace-nowrap text-ink-muted" label={HEADERS.date}>
            {formatDate(item.dateAcquired)}
          </Td>
          <Td className="whitespace-nowrap text-right tabular-nums" label={HEADERS.value}>
            {formatMoney(item.value, "usdt")}
          </Td>
          <Td label={HEADERS.status}>
            <LootStatusBadge status={item.status} />
          </Td>
          <Td className="py-1.5 text-center" label={HEADERS.participants}>
            <ParticipantsButton
              count={participantCount(item)}
              lootName={item.lootName}
              disabled={isLocalId(item.id)}
              onClick={() => actions.onParticipants(item)}
            />
          </Td>
          <Td className="py-1.5 text-right whitespace-nowrap" card="actions">
            <RowActions disabled={isLocalId(item.id)} actions={actionsFor(item, actions)} />
          </Td>
        </tr>
      )}
      error={marketItemsError}
      empty={NO_MARKET_ITEMS}
    />
  );
});
