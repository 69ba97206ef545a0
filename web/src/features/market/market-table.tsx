import { Users } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { formatDate } from "@shared/format/format-date.ts";
import { formatMoney } from "@shared/money/money.ts";
import { LootStatusBadge } from "@web/components/badge.tsx";
import { Button } from "@web/components/button.tsx";
import {
  PhoneDetails,
  rowClass,
  StateTable,
  stickyCell,
  stickyEdge,
  stickyHeadCell,
  type TableState,
  Td,
  Th,
  WIDE_ONLY,
} from "@web/components/data-table.tsx";
import type { VirtualRowProps } from "@web/components/virtual-rows.tsx";
import type { ParticipantView } from "./market-view.ts";

const loadParticipantsDialog = () => import("@web/components/participants-dialog.tsx");
const ParticipantsDialog = lazy(() =>
  loadParticipantsDialog().then((module) => ({ default: module.ParticipantsDialog })),
);

/** A row's participants button; the dialog's code is fetched as the finger or pointer comes down. */
function ParticipantsButton({
  row,
  count,
  onOpen,
}: {
  row: MarketRow;
  count: number;
  onOpen: (row: MarketRow) => void;
}) {
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
      <span className="tabular-nums">{count}</span>
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
  participatedMembers: string;
}

/** A row's height at rest (the participants button sets it), before the rendered rows are measured. */
const ROW_HEIGHT = 69;

const countLabel = (count: number) => `${count.toLocaleString("en-US")} market items`;

/**
 * The public market table (rows already filtered and in order); `participants` reads a row's participants, for
 * the rows on screen only.
 */
export function MarketTable({
  state,
  filtered,
  participants,
}: {
  state: TableState<MarketRow>;
  filtered: boolean;
  participants: (row: MarketRow) => readonly ParticipantView[];
}) {
  const [shown, setShown] = useState<MarketRow | null>(null);
  const row = (item: MarketRow, props: VirtualRowProps | undefined) => (
    <tr key={item.id} className={rowClass} {...props}>
      <Td className={`left-0 font-medium sm:max-w-none ${stickyCell} ${stickyEdge}`}>
        {item.lootName}
        <PhoneDetails>
          <LootStatusBadge status={item.status} /> {item.bossName} · {formatDate(item.dateAcquired)}
        </PhoneDetails>
      </Td>
      <Td className={`text-ink-muted ${WIDE_ONLY}`}>{item.bossName}</Td>
      <Td className={`whitespace-nowrap text-ink-muted ${WIDE_ONLY}`}>{formatDate(item.dateAcquired)}</Td>
      <Td className={WIDE_ONLY}>
        <LootStatusBadge status={item.status} />
      </Td>
      <Td className="whitespace-nowrap text-right tabular-nums max-sm:px-2">
        {formatMoney(item.value, "usdt")}
      </Td>
      <Td className="py-1.5 text-right max-sm:pr-2 max-sm:pl-1">
        <ParticipantsButton row={item} count={participants(item).length} onOpen={setShown} />
      </Td>
    </tr>
  );
  return (
    <>
      <StateTable
        state={state}
        label="Market items"
        className="sm:min-w-[44rem]"
        columns={6}
        skeletonRows={8}
        loadingLabel="Loading market items"
        head={
          <>
            <Th className={`left-0 ${stickyHeadCell} ${stickyEdge}`}>Loot Name</Th>
            <Th className={WIDE_ONLY}>Boss Name</Th>
            <Th className={WIDE_ONLY}>Date</Th>
            <Th className={WIDE_ONLY}>Status</Th>
            <Th className="text-right max-sm:px-2">Value</Th>
            <Th className="text-right max-sm:pr-2 max-sm:pl-1">
              <span className="sm:hidden">
                <Users className="ml-auto size-4" aria-hidden="true" />
                <span className="sr-only">Participants</span>
              </span>
              <span className="max-sm:hidden">Participants</span>
            </Th>
          </>
        }
        row={row}
        rowHeight={ROW_HEIGHT}
        countLabel={countLabel}
        error={(message) => ({ title: "Failed to load market items", body: message })}
        empty={
          filtered
            ? "No Market Items Found"
            : {
                title: "No Market Items Found",
                body: "There are currently no items listed on the market exchange.",
              }
        }
      />
      {shown ? (
        <Suspense fallback={null}>
          <ParticipantsDialog
            open
            onOpenChange={(open) => (open ? undefined : setShown(null))}
            lootName={shown.lootName}
            participants={participants(shown)}
          />
        </Suspense>
      ) : null}
    </>
  );
}
