/** The two tabs' tables of /admin/attendance: attendance records and the loot a member took part in. */
import { Pencil, Trash2 } from "lucide-react";
import { formatDate } from "@shared/format/format-date.ts";
import { formatMoney } from "@shared/money/money.ts";
import { LootStatusBadge, PendingBadge } from "@web/components/badge.tsx";
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
import { RowActions } from "@web/components/row-actions.tsx";
import type { VirtualRowProps } from "@web/components/virtual-rows.tsx";
import { isLocalId } from "@web/data/mutations.ts";
import type { AttendanceRecord } from "@web/data/portal-db.ts";
import { type LootRow, recordNames } from "./attendance-view.ts";

/** A row's usual height (a raid's twenty names wrap to a few lines), before the rendered rows are measured. */
const ROW_HEIGHT = 96;
/** On a phone a row's names are cut to two lines; the whole list is in the row's accessible text. */
const NAMES = "max-sm:line-clamp-2 sm:min-w-56";

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
  const row = (record: AttendanceRecord, props: VirtualRowProps | undefined) => {
    const names = recordNames(record);
    const local = isLocalId(record.id);
    return (
      <tr key={record.id} className={rowClass} data-record-id={record.id} {...props}>
        <FirstTd className="sm:whitespace-nowrap">
          {record.bossName}
          {local ? <PendingBadge /> : null}
          <PhoneDetails>{formatDate(record.dateAttended)}</PhoneDetails>
        </FirstTd>
        <Td className={`whitespace-nowrap ${WIDE_ONLY}`}>{formatDate(record.dateAttended)}</Td>
        <Td className="max-sm:px-2">
          <div className={NAMES}>
            <span className="mr-1 font-semibold tabular-nums">{names.length}:</span>
            <span className="text-ink-muted">{names.join(", ")}</span>
          </div>
        </Td>
        <Td className="text-right whitespace-nowrap max-sm:pr-1 max-sm:pl-0">
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
      className="sm:min-w-[40rem]"
      columns={4}
      head={
        <>
          <FirstTh>Boss Name</FirstTh>
          <Th className={WIDE_ONLY}>Date Attended</Th>
          <Th className="max-sm:px-2">
            Participated <span className="max-sm:hidden">Members</span>
          </Th>
          <Th className="text-right">Actions</Th>
        </>
      }
      row={row}
      rowHeight={ROW_HEIGHT}
      countLabel={(count) => `${count.toLocaleString("en-US")} attendance records`}
      error={(message) => `Error loading attendance: ${message}`}
      empty={emptyText}
    />
  );
}

export function LootParticipationTable({ state }: { state: TableState<LootRow> }) {
  return (
    <StateTable
      state={state}
      label="Loot participation"
      className="sm:min-w-[48rem]"
      columns={6}
      head={
        <>
          <FirstTh>Loot Name</FirstTh>
          <Th className={WIDE_ONLY}>Boss Name</Th>
          <Th className="text-right max-sm:px-2">Value</Th>
          <Th className={WIDE_ONLY}>Status</Th>
          <Th className={WIDE_ONLY}>Date Acquired</Th>
          <Th className="max-sm:px-2">
            <span className="max-sm:hidden">All </span>Participants
          </Th>
        </>
      }
      row={({ item, participants }, props) => (
        <tr key={item.id} className={rowClass} {...props}>
          <FirstTd className="max-sm:min-w-32">
            {item.lootName}
            <PhoneDetails>
              <LootStatusBadge status={item.status} /> {item.bossName} · {formatDate(item.dateAcquired)}
            </PhoneDetails>
          </FirstTd>
          <Td className={`whitespace-nowrap ${WIDE_ONLY}`}>{item.bossName}</Td>
          <Td className="text-right whitespace-nowrap tabular-nums max-sm:px-2">
            {formatMoney(item.value, "usdt")}
          </Td>
          <Td className={WIDE_ONLY}>
            <LootStatusBadge status={item.status} />
          </Td>
          <Td className={`whitespace-nowrap ${WIDE_ONLY}`}>{formatDate(item.dateAcquired)}</Td>
          <Td className="text-ink-muted max-sm:px-2">
            <div className={NAMES}>{participants.join(", ")}</div>
          </Td>
        </tr>
      )}
      rowHeight={ROW_HEIGHT}
      countLabel={(count) => `${count.toLocaleString("en-US")} loot items`}
      error={(message) => `Error loading loot participation: ${message}`}
      empty="No loot participation records found."
    />
  );
}
