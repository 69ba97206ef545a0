import { CalendarPlus, UserPlus } from "lucide-react";
import { Tabs } from "radix-ui";
import { useState } from "react";
import { Button } from "../components/button.tsx";
import { PageHeader } from "../components/page-header.tsx";
import { useBossNames, useGuildMembers, useMarketItems, useSyncStatus } from "../data/hooks.ts";
import type { OutboxRow } from "../data/portal-db.ts";
import { type MemberDialog, MemberDialogs } from "../features/admin-members/member-dialogs.tsx";
import { buildMemberRows } from "../features/admin-members/member-rows.ts";
import {
  ActiveMembersTable,
  KickedMembersTable,
  type MembersState,
} from "../features/admin-members/member-tables.tsx";
import {
  type AttendanceDialogTarget,
  AttendanceFormDialog,
} from "../features/attendance/attendance-form-dialog.tsx";
import { FailedWrites, PendingChanges } from "../features/outbox/write-status.tsx";
import { collectionState, hasRows } from "../features/sync-status/collection-state.ts";
import { useOnline } from "../features/sync-status/use-online.ts";
import { useDocumentTitle } from "../shell/use-document-title.ts";

const MEMBER_WRITES = ["createMember", "updateMember", "deleteMember", "kickMember", "markMemberPaid"];
const tabClass =
  "inline-flex min-h-11 flex-1 items-center justify-center rounded-lg px-3 text-sm font-semibold text-ink-muted transition-colors hover:text-ink data-[state=active]:bg-surface-raised data-[state=active]:text-gold sm:flex-none";

function describeWrite(row: OutboxRow, nameOf: (id: number) => string): string {
  const args = row.args as { playerName?: string; id?: number };
  const who = args.playerName ?? (args.id === undefined ? "a member" : nameOf(args.id));
  switch (row.name) {
    case "createMember":
      return `Adding ${who}`;
    case "updateMember":
      return `Updating ${who}`;
    case "deleteMember":
      return `Deleting ${who}`;
    case "kickMember":
      return `Kicking ${who}`;
    default:
      return `Marking ${who} as paid`;
  }
}

/** /guild-members (admin): active and kicked members with their actions, and quick attendance entry. */
export function GuildMembersPage() {
  useDocumentTitle((brand) => `Guild Members - ${brand}`);
  const online = useOnline();
  const members = useGuildMembers();
  const items = useMarketItems();
  const bossNames = useBossNames() ?? [];
  const roster = collectionState(members, useSyncStatus("guildMembers"), online, hasRows);
  const [dialog, setDialog] = useState<MemberDialog | null>(null);
  const [attendance, setAttendance] = useState<AttendanceDialogTarget | null>(null);

  const stateFor = (status: string): MembersState => {
    if (roster.status !== "ready") return roster;
    if (items === undefined) return { status: "loading" };
    const shown = roster.data.filter((m) => m.status === status);
    return { status: "ready", rows: buildMemberRows(shown, items, roster.data) };
  };
  const nameOf = (id: number) => members?.find((m) => m.id === id)?.playerName ?? `member ${id}`;

  return (
    <>
      <PageHeader
        title="Guild Members"
        subtitle="Manage the roster: add, edit, kick and pay out members."
        actions={
          <>
            <Button variant="secondary" onClick={() => setAttendance({ mode: "add" })}>
              <CalendarPlus className="size-4" aria-hidden="true" />
              Add Attendance
            </Button>
            <Button onClick={() => setDialog({ kind: "add" })}>
              <UserPlus className="size-4" aria-hidden="true" />
              Add Member
            </Button>
          </>
        }
      />
      <PendingChanges />
      <FailedWrites names={MEMBER_WRITES} describe={(row) => describeWrite(row, nameOf)} />
      <Tabs.Root defaultValue="active">
        <Tabs.List
          aria-label="Member lists"
          className="mb-4 flex gap-1 rounded-xl border border-line bg-surface p-1 sm:inline-flex"
        >
          <Tabs.Trigger value="active" className={tabClass}>
            Active Members
          </Tabs.Trigger>
          <Tabs.Trigger value="kicked" className={tabClass}>
            Kicked Members
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="active">
          <ActiveMembersTable
            state={stateFor("active")}
            actions={{
              onEdit: (member) => setDialog({ kind: "edit", member }),
              onKick: (member) => setDialog({ kind: "kick", member }),
              onDelete: (member) => setDialog({ kind: "delete", member }),
            }}
          />
        </Tabs.Content>
        <Tabs.Content value="kicked">
          <KickedMembersTable
            state={stateFor("kicked")}
            onMarkPaid={(member) => setDialog({ kind: "paid", member })}
          />
        </Tabs.Content>
      </Tabs.Root>
      <MemberDialogs dialog={dialog} onClose={() => setDialog(null)} />
      <AttendanceFormDialog
        target={attendance}
        onClose={() => setAttendance(null)}
        members={members ?? []}
        bossNames={bossNames}
        announceRaids
      />
    </>
  );
}
