/** The two tabs' tables of /admin/attendance: attendance records and the loot a member took part in. */
import { Pencil, Trash2 } from "lucide-react";
import { formatDate } from "@shared/format/format-date.ts";
import { formatMoney } from "@shared/money/money.ts";
import { LootStatusBadge, PendingBadge } from "@web/components/badge.tsx";
import {
  FirstTd,
  FirstTh,
  rowClass,
  StateTable,
  type TableState,
  Td,
  Th,
} from "@web/components/data-table.tsx";
import { RowActions } from "@web/components/row-actions.tsx";
import { isLocalId } from "@web/data/mutations.ts";
import type { AttendanceRecord, MarketItem } from "@web/data/portal-db.ts";
import { recordNames } from "./attendance-view.ts";

const recordLabel = (record: AttendanceRecord) =>
  `${record.bossName} record of ${formatDate(record.dateAttended)}`;

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
  const row = (record: AttendanceRecord) => {
    const names = recordNames(record);
    const local = isLocalId(record.id);
    return (
      <tr key={record.id} className={rowClass} data-record-id={record.id}>
        <FirstTd className="whitespace-nowrap">
          {record.bossName}
          {local ? <PendingBadge /> : null}
        </FirstTd>
        <Td className="whitespace-nowrap">{formatDate(record.dateAttended)}</Td>
        <Td className="min-w-56">
          <span className="mr-1 font-semibold tabular-nums">{names.length}:</span>
          <span className="text-ink-muted">{names.join(", ")}</span>
        </Td>
        <Td className="text-right whitespace-nowrap">
          <RowActions
            disabled={local}
            actions={[
              { icon: Pencil, label: `Edit ${recordLabel(record)}`, onClick: () => onEdit(record) },
              {
                icon: Trash2,
                label: `Delete ${recordLabel(record)}`,
                className: "hover:text-danger",
                onClick: () => onDelete(record),
              },
            ]}
          />
        </Td>
      </tr>
    );
  };
  return (
    <StateTable
      state={state}
      label="Attendance records"
      className="min-w-[40rem]"
      columns={4}
      head={
        <>
          <FirstTh>Boss Name</FirstTh>
          <Th>Date Attended</Th>
          <Th>Participated Members</Th>
          <Th className="text-right">Actions</Th>
        </>
      }
      body={(rows) => rows.map(row)}
      error={(message) => `Error loading attendance: ${message}`}
      empty={emptyText}
    />
  );
}

export interface LootRow {
  item: MarketItem;
  participants: string[];
}

export function LootParticipationTable({ state }: { state: TableState<LootRow> }) {
  return (
    <StateTable
      state={state}
      label="Loot participation"
      className="min-w-[48rem]"
      columns={6}
      head={
        <>
          <FirstTh>Loot Name</FirstTh>
          <Th>Boss Name</Th>
          <Th className="text-right">Value</Th>
          <Th>Status</Th>
          <Th>Date Acquired</Th>
          <Th>All Participants</Th>
        </>
      }
      body={(rows) =>
        rows.map(({ item, participants }) => (
          <tr key={item.id} className={rowClass}>
            <FirstTd>{item.lootName}</FirstTd>
            <Td className="whitespace-nowrap">{item.bossName}</Td>
            <Td className="text-right whitespace-nowrap tabular-nums">{formatMoney(item.value, "usdt")}</Td>
            <Td>
              <LootStatusBadge status={item.status} />
            </Td>
            <Td className="whitespace-nowrap">{formatDate(item.dateAcquired)}</Td>
            <Td className="min-w-56 text-ink-muted">{participants.join(", ")}</Td>
          </tr>
        ))
      }
      error={(message) => `Error loading loot participation: ${message}`}
      empty="No loot participation records found."
    />
  );
}
