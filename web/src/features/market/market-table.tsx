import { lazy, memo, Suspense, useState } from "react";
import { formatDate } from "@shared/format/format-date.ts";
import { formatMoney } from "@shared/money/money.ts";
import { LootStatusBadge } from "@web/components/badge.tsx";
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
import type { VirtualRowProps } from "@web/components/virtual-rows.tsx";
import type { ParticipantView } from "./market-view.ts";

const loadParticipantsDialog = () => import("@web/components/participants-dialog.tsx");
const ParticipantsDialog = lazy(() =>
  loadParticipantsDialog().then((module) => ({ default: module.ParticipantsDialog })),
);

/** A row's participants button; the dialog's code is fetched as the finger or pointer comes down. */
function RowParticipantsButton({
  row,
  count,
  onOpen,
}: {
  row: MarketRow;
  count: number;
  onOpen: (row: MarketRow) => void;
}) {
  return (
    <ParticipantsButton
      count={count}
      lootName={row.lootName}
      onPointerDown={() => void loadParticipantsDialog()}
      onFocus={() => void loadParticipantsDialog()}
      onClick={() => onOpen(row)}
    />
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
/** The same for a row's card on a phone. */
const CARD_HEIGHT = 220;

/** The column headers, which also name a phone card's fields. */
const HEADERS = {
  lootName: "Loot Name",
  bossName: "Boss Name",
  date: "Date",
  status: "Status",
  value: "Value",
  participants: "Participants",
} as const;

const countLabel = (count: number) => `${count.toLocaleString("en-US")} market items`;

export type MarketTableState = TableState<MarketRow>;

/**
 * The public market table (rows already filtered and in order); `participants` reads a row's participants, for
 * the rows on screen only. Memoised: a filter change renders the filter bar first and this table after.
 */
export const MarketTable = memo(function MarketTable({
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
      <FirstTd>{item.lootName}</FirstTd>
      <Td className="text-ink-muted" label={HEADERS.bossName}>
        {item.bossName}
      </Td>
      <Td className="whitespace-nowrap text-ink-muted" label={HEADERS.date}>
        {formatDate(item.dateAcquired)}
      </Td>
      <Td label={HEADERS.status}>
        <LootStatusBadge status={item.status} />
      </Td>
      <Td className="whitespace-nowrap text-right tabular-nums" label={HEADERS.value}>
        {formatMoney(item.value, "usdt")}
      </Td>
      <Td className="py-1.5 text-right" label={HEADERS.participants}>
        <RowParticipantsButton row={item} count={participants(item).length} onOpen={setShown} />
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
            <FirstTh>{HEADERS.lootName}</FirstTh>
            <Th>{HEADERS.bossName}</Th>
            <Th>{HEADERS.date}</Th>
            <Th>{HEADERS.status}</Th>
            <Th className="text-right">{HEADERS.value}</Th>
            <Th className="text-right">{HEADERS.participants}</Th>
          </>
        }
        row={row}
        rowHeight={ROW_HEIGHT}
        cardHeight={CARD_HEIGHT}
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
});
