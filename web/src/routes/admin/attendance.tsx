import { Link } from "@tanstack/react-router";
import { CalendarPlus, Swords } from "lucide-react";
import { Tabs } from "radix-ui";
import { lazy, Suspense, useEffect, useMemo, useState } from "react";
import { formatCount, GLOSSARY } from "@shared/glossary/glossary.ts";
import { sortRosterDefault } from "@shared/sorting/roster-sort.ts";
import { CategoryBadge } from "@web/components/badge.tsx";
import { Button, buttonClass } from "@web/components/button.tsx";
import { Card } from "@web/components/card.tsx";
import type { TableState } from "@web/components/data-table.tsx";
import { FilterSelect } from "@web/components/filter-select.tsx";
import { PageHeader } from "@web/components/page-header.tsx";
import {
  useAttendance,
  useBossNames,
  useGuildMembers,
  useMarketItems,
  useSyncStatus,
} from "@web/data/hooks.ts";
import type { AttendanceRecord } from "@web/data/portal-db.ts";
import {
  type AttendanceDialogTarget,
  AttendanceFormDialog,
} from "@web/features/attendance/attendance-form-dialog.tsx";
import {
  AttendanceRecordsTable,
  LootParticipationTable,
} from "@web/features/attendance/attendance-tables.tsx";
import {
  type LootRow,
  lootParticipation,
  recordNames,
  rowsNaming,
  sortRecords,
} from "@web/features/attendance/attendance-view.ts";
import { DeleteRecordDialog } from "@web/features/attendance/delete-record-dialog.tsx";
import { FailedWrites, PendingChanges } from "@web/features/outbox/write-status.tsx";
import { collectionState, hasRows } from "@web/features/sync-status/collection-state.ts";
import { useOnline } from "@web/features/sync-status/use-online.ts";
import { useDocumentTitle } from "@web/shell/use-document-title.ts";
import { useGuildTimeZone } from "../-components/use-guild-time-zone.ts";

/**
 * Decision 088: the charts' code is not in the page's first download. Decision 094: it is fetched once the page is
 * idle with its records, so opening the tab only has to draw.
 */
const loadCharts = () => import("@web/features/attendance/attendance-charts.tsx");
const AttendanceCharts = lazy(loadCharts);

const ATTENDANCE_WRITES = ["createAttendance", "updateAttendance", "deleteAttendance"];
const tabClass =
  "inline-flex min-h-11 flex-1 items-center justify-center gap-2 rounded-lg px-3 text-sm font-semibold text-ink-muted transition-colors hover:text-ink data-[state=active]:bg-surface-raised data-[state=active]:text-gold sm:flex-none";

function describeWrite(row: { name: string; args: unknown }): string {
  const args = row.args as { bossName?: string; id?: number };
  if (row.name === "createAttendance") return `Adding the ${args.bossName ?? ""} record`;
  if (row.name === "updateAttendance") return "Updating an attendance record";
  return "Deleting an attendance record";
}

/** /admin/attendance: raid attendance records and loot participation, filtered by member. */
export function AttendancePage() {
  useDocumentTitle((brand) => `Attendance - ${brand}`);
  const online = useOnline();
  const members = useGuildMembers();
  const records = useAttendance();
  const items = useMarketItems();
  const bossNames = useBossNames() ?? [];
  const attendance = collectionState(records, useSyncStatus("attendance"), online, hasRows);
  const loot = collectionState(items, useSyncStatus("marketItems"), online, hasRows);
  const [memberName, setMemberName] = useState("");
  const [formTarget, setFormTarget] = useState<AttendanceDialogTarget | null>(null);
  const [deleting, setDeleting] = useState<AttendanceRecord | null>(null);
  const [tab, setTab] = useState("records");
  const guildZone = useGuildTimeZone();

  const roster = useMemo(() => sortRosterDefault(members ?? []), [members]);
  const member = roster.find((m) => m.playerName === memberName);

  // Sorted and read once per change of the data; picking a member looks the rows up by name (decision 035).
  const recordData = attendance.status === "ready" ? attendance.data : null;
  const recordsRead = recordData !== null;
  useEffect(() => {
    if (!recordsRead) return;
    const idle = window.requestIdleCallback ?? ((run: () => void) => setTimeout(run, 500));
    // Offline without the precache it fails quietly: the lazy import asks again when the chart is opened.
    idle(() => void loadCharts().catch(() => undefined));
  }, [recordsRead]);
  const sorted = useMemo(() => (recordData ? sortRecords(recordData) : []), [recordData]);
  const recordsNaming = useMemo(() => rowsNaming(sorted, recordNames), [sorted]);
  // Every item's participants are read only when the loot tab or its count (a member picked) is shown.
  const lootData = loot.status === "ready" && (tab === "loot" || member) ? loot.data : null;
  const lootRows = useMemo(() => (lootData ? lootParticipation(lootData, roster) : []), [lootData, roster]);
  const lootNaming = useMemo(() => rowsNaming(lootRows, (row) => row.participants), [lootRows]);

  const recordState: TableState<AttendanceRecord> =
    attendance.status === "ready"
      ? { status: "ready", rows: member ? recordsNaming(member.playerName) : sorted }
      : attendance;
  const lootState: TableState<LootRow> =
    loot.status === "ready"
      ? { status: "ready", rows: member ? lootNaming(member.playerName) : lootRows }
      : loot;
  const count = (state: TableState<unknown>) =>
    member && state.status === "ready" ? ` (${formatCount(state.rows.length)})` : "";

  return (
    <>
      <PageHeader
        title="Attendance Management"
        subtitle="Record raid attendance and review each member's participation."
        actions={
          <>
            <Link to="/admin/record-raid" className={buttonClass("primary")}>
              <Swords className="size-4" aria-hidden="true" />
              Record a Raid
            </Link>
            <Button variant="secondary" onClick={() => setFormTarget({ mode: "add" })}>
              <CalendarPlus className="size-4" aria-hidden="true" />
              Add Attendance
            </Button>
          </>
        }
      />
      <PendingChanges />
      <FailedWrites names={ATTENDANCE_WRITES} describe={describeWrite} />
      <div className="mb-4 grid gap-4 sm:grid-cols-[minmax(0,20rem)_1fr] sm:items-end">
        <FilterSelect
          label="Filter by member"
          value={memberName}
          onChange={setMemberName}
          options={[
            { value: "", label: "All members" },
            ...roster.map((m) => ({
              value: m.playerName,
              label:
                m.status === "active"
                  ? m.playerName
                  : `${m.playerName} (${m.status === "kicked" ? "kicked" : "paid out"})`,
            })),
          ]}
        />
        {member ? (
          <Card className="flex flex-wrap items-center gap-x-6 gap-y-2 p-4!" data-testid="member-summary">
            <p className="font-semibold text-ink">{member.playerName}</p>
            <p className="flex items-center gap-2 text-sm text-ink-muted">
              Category <CategoryBadge category={member.category} />
            </p>
            <p className="flex items-center gap-2 text-sm text-ink-muted">
              <Swords className="size-4 text-gold" aria-hidden="true" />
              Raids:{" "}
              <span className="font-semibold text-ink tabular-nums" data-testid="member-raids">
                {formatCount(member.raidsParticipated)}
              </span>
            </p>
          </Card>
        ) : null}
      </div>
      <Tabs.Root value={tab} onValueChange={setTab}>
        <Tabs.List
          aria-label="Attendance views"
          className="mb-4 flex gap-1 rounded-xl border border-line bg-surface p-1 sm:inline-flex"
        >
          <Tabs.Trigger value="records" className={tabClass}>
            Attendance Records{count(recordState)}
          </Tabs.Trigger>
          <Tabs.Trigger value="loot" className={tabClass}>
            {GLOSSARY.lootItems}
            {count(lootState)}
          </Tabs.Trigger>
          <Tabs.Trigger value="charts" className={tabClass}>
            Charts
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="records">
          <AttendanceRecordsTable
            state={recordState}
            emptyText={
              member
                ? `No attendance records found for ${member.playerName}.`
                : "No attendance records found. Add your first record above."
            }
            onEdit={(record) => setFormTarget({ mode: "edit", record })}
            onDelete={setDeleting}
          />
        </Tabs.Content>
        <Tabs.Content value="loot">
          <LootParticipationTable state={lootState} />
        </Tabs.Content>
        <Tabs.Content value="charts">
          <Suspense fallback={null}>
            <AttendanceCharts
              records={recordData}
              members={members ?? null}
              zone={guildZone.status === "ready" ? guildZone.zone : null}
            />
          </Suspense>
        </Tabs.Content>
      </Tabs.Root>
      <AttendanceFormDialog
        target={formTarget}
        onClose={() => setFormTarget(null)}
        members={members ?? []}
        bossNames={bossNames}
      />
      <DeleteRecordDialog record={deleting} onClose={() => setDeleting(null)} />
    </>
  );
}
