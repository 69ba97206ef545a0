import { Users } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { formatDate } from "@shared/format/format-date.ts";
import { formatMoney } from "@shared/money/money.ts";
import { LootStatusBadge } from "@web/components/badge.tsx";
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
import type { ParticipantView } from "./market-view.ts";

const loadParticipantsDialog = () => import("@web/components/participants-dialog.tsx");
const ParticipantsDialog = lazy(() =>
  loadParticipantsDialog().then((module) => ({ default: module.ParticipantsDialog })),
);

/** A row's participants button; the dialog's code is fetched as the finger or pointer comes down. */
function ParticipantsButton({ row, onOpen }: { row: MarketRow; onOpen: (row: MarketRow) => void }) {
  return (
    <Button
      variant="secondary"
      className="px-3!"
      aria-label={`View participants of ${row.lootName}`}
      aria-haspopup="dialog"
      onPointerDown={() => void loadParticipantsDialog()}
      onFocus={() => void loadParticipantsDialog()}
      onClick={() => onOpen(row)}
    >
      <Users className="size-4" aria-hidden="true" />
      <span className="tabular-nums">{row.participants.length}</span>
    </Button>
  );
}

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
  const [shown, setShown] = useState<MarketRow | null>(null);
  if (state.status === "error") {
    return (
      <TableMessageCard label="Market items" title="Failed to load market items" alert>
        {state.message}
      </TableMessageCard>
    );
  }
  if (state.status === "ready" && state.rows.length === 0) {
    return (
      <TableMessageCard label="Market items" title="No Market Items Found">
        {state.filtered ? null : "There are currently no items listed on the market exchange."}
      </TableMessageCard>
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
                  <ParticipantsButton row={row} onOpen={setShown} />
                </Td>
              </tr>
            ))}
          </tbody>
        )}
      </Table>
      {shown ? (
        <Suspense fallback={null}>
          <ParticipantsDialog
            open
            onOpenChange={(open) => (open ? undefined : setShown(null))}
            lootName={shown.lootName}
            participants={shown.participants}
          />
        </Suspense>
      ) : null}
      {state.status === "loading" ? (
        <span role="status" className="sr-only">
          Loading market items
        </span>
      ) : null}
    </TableCard>
  );
}
