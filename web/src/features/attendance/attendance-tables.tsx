/** The two tabs' tables of /admin/attendance: attendance records and the loot a member took part in. */
import { Pencil, Trash2 } from "lucide-react";
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
import type { AttendanceRecord, MarketItem } from "@web/data/portal-db.ts";
import { recordNames } from "./attendance-view.ts";

export type TableState<T> =
  | { status: "loading" }
  | { status: "error"; message: string }
  | { status: "ready"; rows: readonly T[] };

export function AttendanceRecordsTable({
  state,
  emptyText,
  onEdit,
  onDelete,
}: {
  state: TableState<AttendanceRecord>;
  emptyText: string;
  onEdit: (record: AttendanceRecord) => void;
  onDelete: (record: AttendanceRecord) => void;
}) {
  if (state.status === "error") {
    return (
      <TableMessageCard
        label="Attendance records"
        title={`Error loading attendance: ${state.message}`}
        alert
      />
    );
  }
  if (state.status === "ready" && state.rows.length === 0) {
    return <TableMessageCard label="Attendance records" title={emptyText} />;
  }
  return (
    <TableCard label="Attendance records">
      <Table className="min-w-[40rem]">
        <thead>
          <tr>
            <Th className={`left-0 ${stickyHeadCell} ${stickyEdge}`}>Boss Name</Th>
            <Th>Date Attended</Th>
            <Th>Participated Members</Th>
            <Th className="text-right">Actions</Th>
          </tr>
        </thead>
        {state.status === "loading" ? (
          <SkeletonRows rows={5} columns={4} />
        ) : (
          <tbody>
            {state.rows.map((record) => {
              const names = recordNames(record);
              const local = isLocalId(record.id);
              return (
                <tr key={record.id} className={rowClass} data-record-id={record.id}>
                  <Td className={`left-0 font-medium ${stickyCell} ${stickyEdge} whitespace-nowrap`}>
                    {record.bossName}
                    {local ? <PendingBadge /> : null}
                  </Td>
                  <Td className="whitespace-nowrap">{formatDate(record.dateAttended)}</Td>
                  <Td className="min-w-56">
                    <span className="mr-1 font-semibold tabular-nums">{names.length}:</span>
                    <span className="text-ink-muted">{names.join(", ")}</span>
                  </Td>
                  <Td className="text-right whitespace-nowrap">
                    <Button
                      variant="ghost"
                      size="icon"
                      aria-label={`Edit ${record.bossName} record of ${formatDate(record.dateAttended)}`}
                      disabled={local}
                      onClick={() => onEdit(record)}
                    >
                      <Pencil className="size-4" aria-hidden="true" />
                    </Button>
                    <Button
                      variant="ghost"
                      size="icon"
                      className="hover:text-danger"
                      aria-label={`Delete ${record.bossName} record of ${formatDate(record.dateAttended)}`}
                      disabled={local}
                      onClick={() => onDelete(record)}
                    >
                      <Trash2 className="size-4" aria-hidden="true" />
                    </Button>
                  </Td>
                </tr>
              );
            })}
          </tbody>
        )}
      </Table>
    </TableCard>
  );
}

export interface LootRow {
  item: MarketItem;
  participants: string[];
}

export function LootParticipationTable({ state }: { state: TableState<LootRow> }) {
  if (state.status === "error") {
    return (
      <TableMessageCard
        label="Loot participation"
        title={`Error loading loot participation: ${state.message}`}
        alert
      />
    );
  }
  if (state.status === "ready" && state.rows.length === 0) {
    return <TableMessageCard label="Loot participation" title="No loot participation records found." />;
  }
  return (
    <TableCard label="Loot participation">
      <Table className="min-w-[48rem]">
        <thead>
          <tr>
            <Th className={`left-0 ${stickyHeadCell} ${stickyEdge}`}>Loot Name</Th>
            <Th>Boss Name</Th>
            <Th className="text-right">Value</Th>
            <Th>Status</Th>
            <Th>Date Acquired</Th>
            <Th>All Participants</Th>
          </tr>
        </thead>
        {state.status === "loading" ? (
          <SkeletonRows rows={5} columns={6} />
        ) : (
          <tbody>
            {state.rows.map(({ item, participants }) => (
              <tr key={item.id} className={rowClass}>
                <Td className={`left-0 font-medium ${stickyCell} ${stickyEdge}`}>{item.lootName}</Td>
                <Td className="whitespace-nowrap">{item.bossName}</Td>
                <Td className="text-right whitespace-nowrap tabular-nums">
                  {formatMoney(item.value, "usdt")}
                </Td>
                <Td>
                  <LootStatusBadge status={item.status} />
                </Td>
                <Td className="whitespace-nowrap">{formatDate(item.dateAcquired)}</Td>
                <Td className="min-w-56 text-ink-muted">{participants.join(", ")}</Td>
              </tr>
            ))}
          </tbody>
        )}
      </Table>
    </TableCard>
  );
}
