/** The two tabs' tables of /admin/attendance: attendance records and the loot a member took part in. */
import { Pencil, Trash2 } from "lucide-react";
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
import { RowActions } from "@web/components/row-actions.tsx";
import type { VirtualRowProps } from "@web/components/virtual-rows.tsx";
import { isLocalId } from "@web/data/mutations.ts";
import type { AttendanceRecord } from "@web/data/portal-db.ts";
import { type LootRow, recordNames } from "./attendance-view.ts";

/** A row's usual height (a raid's twenty names wrap to a few lines), before the rendered rows are measured. */
const ROW_HEIGHT = 96;
/** The same for a row's card on a phone, where the names take the card's width. */
const RECORD_CARD_HEIGHT = 220;
const LOOT_CARD_HEIGHT = 210;
/** The names wrap in a column wide enough to read them; on a phone card they take the card's width. */
const NAMES = "sm:min-w-56";

/** The column headers, which also name a phone card's fields. */
const HEADERS = {
  bossName: "Boss Name",
  dateAttended: "Date Attended",
  participatedMembers: "Participated Members",
  lootName: "Loot Name",
  value: "Value",
  status: "Status",
  dateAcquired: "Date Acquired",
  allParticipants: "All Participants",
} as const;

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
          {local ? <UnsyncedBadge /> : null}
        </FirstTd>
        <Td className="whitespace-nowrap" label={HEADERS.dateAttended} card="wide">
          {formatDate(record.dateAttended)}
        </Td>
        <Td label={HEADERS.participatedMembers} card="wide">
          <div className={NAMES}>
            <span className="mr-1 font-semibold tabular-nums">{names.length}:</span>
            <span className="text-ink-muted">{names.join(", ")}</span>
          </div>
        </Td>
        <Td className="text-right whitespace-nowrap" card="actions">
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
          <FirstTh>{HEADERS.bossName}</FirstTh>
          <Th>{HEADERS.dateAttended}</Th>
          <Th>{HEADERS.participatedMembers}</Th>
          <Th className="text-right">Actions</Th>
        </>
      }
      row={row}
      rowHeight={ROW_HEIGHT}
      cardHeight={RECORD_CARD_HEIGHT}
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
          <FirstTh>{HEADERS.lootName}</FirstTh>
          <Th>{HEADERS.bossName}</Th>
          <Th className="text-right">{HEADERS.value}</Th>
          <Th>{HEADERS.status}</Th>
          <Th>{HEADERS.dateAcquired}</Th>
          <Th>{HEADERS.allParticipants}</Th>
        </>
      }
      row={({ item, participants }, props) => (
        <tr key={item.id} className={rowClass} {...props}>
          <FirstTd>{item.lootName}</FirstTd>
          <Td className="whitespace-nowrap" label={HEADERS.bossName}>
            {item.bossName}
          </Td>
          <Td className="text-right whitespace-nowrap tabular-nums" label={HEADERS.value}>
            {formatMoney(item.value, "usdt")}
          </Td>
          <Td label={HEADERS.status}>
            <LootStatusBadge status={item.status} />
          </Td>
          <Td className="whitespace-nowrap" label={HEADERS.dateAcquired}>
            {formatDate(item.dateAcquired)}
          </Td>
          <Td className="text-ink-muted" label={HEADERS.allParticipants} card="wide">
            <div className={NAMES}>{participants.join(", ")}</div>
          </Td>
        </tr>
      )}
      rowHeight={ROW_HEIGHT}
      cardHeight={LOOT_CARD_HEIGHT}
      countLabel={(count) => `${count.toLocaleString("en-US")} loot items`}
      error={(message) => `Error loading loot participation: ${message}`}
      empty="No loot participation records found."
    />
  );
}
