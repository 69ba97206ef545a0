/** The admin market table: Loot Name, Boss Name, Date, Value, Status, Participants and the row actions. */
import { Calculator, Pencil, Trash2, Users } from "lucide-react";
import { formatDate } from "@shared/format/format-date.ts";
import { formatMoney } from "@shared/money/money.ts";
import { LootStatusBadge, PendingBadge } from "@web/components/badge.tsx";
import { Button } from "@web/components/button.tsx";
import {
  rowClass,
  SkeletonRows,
  stickyCell,
  stickyEdge,
  stickyHeadCell,
  Table,
  TableCard,
  TableMessageCard,
  Td,
  Th,
} from "@web/components/data-table.tsx";
import { isLocalId } from "@web/data/mutations.ts";
import type { MarketItem } from "@web/data/portal-db.ts";

export type AdminMarketTableState =
  | { status: "loading" }
  | { status: "error"; message: string }
  | { status: "ready"; rows: readonly (MarketItem & { participantCount: number })[] };

export const NO_MARKET_ITEMS = "No market items found.";
export const marketItemsError = (message: string) => `Error loading items: ${message}`;

export interface RowActions {
  onParticipants: (item: MarketItem) => void;
  onDistribution: (item: MarketItem) => void;
  onEdit: (item: MarketItem) => void;
  onDelete: (item: MarketItem) => void;
}

export function AdminMarketTable({ state, actions }: { state: AdminMarketTableState; actions: RowActions }) {
  if (state.status === "error") {
    return <TableMessageCard label="Market items" title={marketItemsError(state.message)} alert />;
  }
  if (state.status === "ready" && state.rows.length === 0) {
    return <TableMessageCard label="Market items" title={NO_MARKET_ITEMS} />;
  }
  return (
    <TableCard label="Market items">
      <Table className="min-w-[56rem]">
        <thead>
          <tr>
            <Th className={`left-0 ${stickyHeadCell} ${stickyEdge}`}>Loot Name</Th>
            <Th>Boss Name</Th>
            <Th>Date</Th>
            <Th className="text-right">Value</Th>
            <Th>Status</Th>
            <Th className="text-center">Participants</Th>
            <Th className="text-right">Actions</Th>
          </tr>
        </thead>
        {state.status === "loading" ? (
          <SkeletonRows rows={5} columns={7} />
        ) : (
          <tbody>
            {state.rows.map((item) => (
              <tr key={item.id} className={rowClass} data-loot={item.lootName}>
                <Td className={`left-0 max-w-40 font-medium sm:max-w-none ${stickyCell} ${stickyEdge}`}>
                  {item.lootName}
                  {isLocalId(item.id) ? <PendingBadge /> : null}
                </Td>
                <Td className="text-ink-muted">{item.bossName}</Td>
                <Td className="whitespace-nowrap text-ink-muted">{formatDate(item.dateAcquired)}</Td>
                <Td className="whitespace-nowrap text-right tabular-nums">
                  {formatMoney(item.value, "usdt")}
                </Td>
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
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={`Distribution details of ${item.lootName}`}
                    title="Distribution Details"
                    onClick={() => actions.onDistribution(item)}
                  >
                    <Calculator className="size-4" aria-hidden="true" />
                  </Button>
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={`Edit ${item.lootName}`}
                    disabled={isLocalId(item.id)}
                    title="Edit"
                    onClick={() => actions.onEdit(item)}
                  >
                    <Pencil className="size-4" aria-hidden="true" />
                  </Button>
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={`Delete ${item.lootName}`}
                    disabled={isLocalId(item.id)}
                    title="Delete"
                    onClick={() => actions.onDelete(item)}
                  >
                    <Trash2 className="size-4 text-danger" aria-hidden="true" />
                  </Button>
                </Td>
              </tr>
            ))}
          </tbody>
        )}
      </Table>
    </TableCard>
  );
}
