import { formatDate } from "../../../../shared/format/format-date.ts";
import { formatMoney } from "../../../../shared/format/format-money.ts";
import { LootStatusBadge } from "../../components/badge.tsx";
import {
  rowClass,
  SkeletonRows,
  stickyCell,
  stickyEdge,
  stickyHeadCell,
  Table,
  TableCard,
  TableMessage,
  Td,
  Th,
} from "../../components/data-table.tsx";
import type { ParticipantView } from "./market-view.ts";
import { ParticipantsDialog } from "./participants-dialog.tsx";

export interface MarketRow {
  id: number;
  lootName: string;
  bossName: string;
  dateAcquired: string | null;
  status: string;
  value: string;
  participants: readonly ParticipantView[];
}

export type MarketTableState =
  | { status: "loading" }
  | { status: "error"; message: string }
  | { status: "ready"; rows: readonly MarketRow[]; filtered: boolean };

const COLUMNS = 6;

/** The public market table (rows already filtered and in order). */
export function MarketTable({ state }: { state: MarketTableState }) {
  if (state.status === "error") {
    return (
      <TableCard label="Market items">
        <div role="alert">
          <TableMessage title="Failed to load market items">{state.message}</TableMessage>
        </div>
      </TableCard>
    );
  }
  if (state.status === "ready" && state.rows.length === 0) {
    return (
      <TableCard label="Market items">
        <TableMessage title="No Market Items Found">
          {state.filtered ? null : "There are currently no items listed on the market exchange."}
        </TableMessage>
      </TableCard>
    );
  }
  return (
    <TableCard label="Market items">
      <Table className="min-w-[44rem]">
        <thead>
          <tr>
            <Th className={`left-0 ${stickyHeadCell} ${stickyEdge}`}>Loot Name</Th>
            <Th>Boss Name</Th>
            <Th>Date</Th>
            <Th>Status</Th>
            <Th className="text-right">Value</Th>
            <Th className="text-right">Participants</Th>
          </tr>
        </thead>
        {state.status === "loading" ? (
          <SkeletonRows rows={8} columns={COLUMNS} />
        ) : (
          <tbody>
            {state.rows.map((row) => (
              <tr key={row.id} className={rowClass}>
                <Td className={`left-0 max-w-40 font-medium sm:max-w-none ${stickyCell} ${stickyEdge}`}>
                  {row.lootName}
                </Td>
                <Td className="text-ink-muted">{row.bossName}</Td>
                <Td className="whitespace-nowrap text-ink-muted">{formatDate(row.dateAcquired)}</Td>
                <Td>
                  <LootStatusBadge status={row.status} />
                </Td>
                <Td className="whitespace-nowrap text-right tabular-nums">
                  {formatMoney(row.value, "usdt")}
                </Td>
                <Td className="py-1.5 text-right">
                  <ParticipantsDialog lootName={row.lootName} participants={row.participants} />
                </Td>
              </tr>
            ))}
          </tbody>
        )}
      </Table>
      {state.status === "loading" ? (
        <span role="status" className="sr-only">
          Loading market items
        </span>
      ) : null}
    </TableCard>
  );
}
