import { CalendarPlus, UserPlus } from "lucide-react";
import { Tabs } from "radix-ui";
import { useMemo, useState } from "react";
import { MEMBER_CALLS } from "@shared/contract/members.ts";
import { PAYOUT_CALLS } from "@shared/contract/payouts.ts";
import { playerSearch } from "@shared/names/name-search.ts";
import { balanceOf, finalPayoutCents } from "@shared/payouts/member-balance.ts";
import { Button } from "../components/button.tsx";
import { PageHeader } from "../components/page-header.tsx";
import { useBossNames, useGuildMembers, useMarketItems, usePayouts, useSyncStatus } from "../data/hooks.ts";
import type { GuildMember } from "../data/portal-db.ts";
import { type MemberDialog, MemberDialogs } from "../features/admin-members/member-dialogs.tsx";
import { MemberListsBar } from "../features/admin-members/member-lists-bar.tsx";
import { buildMemberRows, noMemberMatches } from "../features/admin-members/member-rows.ts";
import {
  ActiveMembersTable,
  KickedMembersTable,
  type MembersState,
} from "../features/admin-members/member-tables.tsx";
import {
  type AttendanceDialogTarget,
  AttendanceFormDialog,
} from "../features/attendance/attendance-form-dialog.tsx";
import { describeMemberWrite } from "../features/outbox/describe-write.ts";
import { FailedWrites, PendingChanges } from "../features/outbox/write-status.tsx";
import { PayAnywayButton } from "../features/payouts/pay-anyway.tsx";
import { PayDialog } from "../features/payouts/pay-dialog.tsx";
import { PayoutHistoryDialog } from "../features/payouts/payout-history-dialog.tsx";
import { collectionState, hasRows } from "../features/sync-status/collection-state.ts";
import { useOnline } from "../features/sync-status/use-online.ts";
import { useMayCall } from "../lib/signed-in.ts";
import { useDocumentTitle } from "../shell/use-document-title.ts";
import { usePaidByMember, usePayoutsState } from "./admin/-components/use-payouts.ts";

const MEMBER_WRITES = [
  "createMember",
  "updateMember",
  "deleteMember",
  "kickMember",
  "markMemberPaid",
  "createPayout",
];
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
  const [paying, setPaying] = useState<GuildMember | null>(null);
  const [history, setHistory] = useState<GuildMember | null>(null);
  // By any name of the player: a main's, an alt's or the player alias (decision 085).
  const [search, setSearch] = useState("");
  const matches = useMemo(() => playerSearch(members ?? []), [members]);
  const emptyText = search.trim() === "" ? undefined : noMemberMatches(search);
  const paid = usePaidByMember();
  const historyState = usePayoutsState(history?.id ?? -1).state;
  // The dialogs show the member as the local store has them now (a payout queued meanwhile moves the balance).
  const current = (member: GuildMember | null) =>
    (member && members?.find((m) => m.id === member.id)) ?? member;
  const balance = (member: GuildMember | null) => (member ? balanceOf(member, paid).balance : 0);

  const stateFor = (status: string): MembersState => {
    if (roster.status !== "ready") return roster;
    if (items === undefined) return { status: "loading" };
    const shown = roster.data.filter((m) => m.status === status && matches(m.id, search));
    const rows = buildMemberRows(shown, items, roster.data).map((row) => ({
      ...row,
      balance: balanceOf(row.member, paid).balance,
    }));
    return { status: "ready", rows };
  };
  // A refused write names its member as the roster does, or from what this device remembers (decision 058).
  const payouts = usePayouts();
  // An officer adds and edits members; paying, kicking and deleting are the admins' (decision 067).
  const mayPay = useMayCall(PAYOUT_CALLS.create);
  const mayKick = useMayCall(MEMBER_CALLS.kick);
  const mayDelete = useMayCall(MEMBER_CALLS.remove);
  const mayMarkPaid = useMayCall(MEMBER_CALLS.markPaid);

  return (
    <>
      <PageHeader
        title="Guild Members"
        subtitle={
          mayPay
            ? "Manage the roster: add, edit, kick and pay out members."
            : "Manage the roster: add and edit members."
        }
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
      <FailedWrites
        names={MEMBER_WRITES}
        describe={(row) => describeMemberWrite(row, { members, payouts })}
        extraAction={(row) => <PayAnywayButton row={row} />}
      />
      <Tabs.Root defaultValue="active">
        <MemberListsBar search={search} onSearch={setSearch} />
        <Tabs.Content value="active">
          <ActiveMembersTable
            state={stateFor("active")}
            empty={emptyText}
            actions={{
              onPay: mayPay ? setPaying : undefined,
              onEdit: (member) => setDialog({ kind: "edit", member }),
              onKick: mayKick ? (member) => setDialog({ kind: "kick", member }) : undefined,
              onDelete: mayDelete ? (member) => setDialog({ kind: "delete", member }) : undefined,
            }}
          />
        </Tabs.Content>
        <Tabs.Content value="kicked">
          <KickedMembersTable
            state={stateFor("kicked")}
            empty={emptyText}
            onMarkPaid={
              mayMarkPaid
                ? (member) => setDialog({ kind: "paid", member, balance: finalPayoutCents(member, paid) })
                : undefined
            }
          />
        </Tabs.Content>
      </Tabs.Root>
      <MemberDialogs dialog={dialog} onClose={() => setDialog(null)} />
      <PayDialog
        member={current(paying)}
        balance={balance(current(paying))}
        onClose={() => setPaying(null)}
        onHistory={(member) => {
          setPaying(null);
          setHistory(member);
        }}
      />
      <PayoutHistoryDialog
        member={current(history)}
        balance={balance(current(history))}
        state={historyState}
        onClose={() => setHistory(null)}
      />
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
