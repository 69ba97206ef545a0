/** The Active Members and Kicked Members tables of /guild-members, with one-at-a-time column sorting. */
import { ArrowDown, ArrowUp, ArrowUpDown, BadgeCheck, Pencil, Trash2, UserX } from "lucide-react";
import { type ReactNode, useState } from "react";
import { formatKickedDate } from "@shared/format/format-date.ts";
import { formatMoney } from "@shared/money/money.ts";
import { type RosterSortColumn, sortRoster } from "@shared/sorting/roster-sort.ts";
import { ariaSort, nextSortState, type SortState } from "@shared/sorting/sort-cycle.ts";
import { CategoryBadge, PendingBadge } from "@web/components/badge.tsx";
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
import type { GuildMember } from "@web/data/portal-db.ts";
import type { MemberRow } from "./member-rows.ts";

export type MembersState =
  | { status: "loading" }
  | { status: "error"; message: string }
  | { status: "ready"; rows: readonly MemberRow[] };

function SortHeader({
  column,
  sort,
  onSort,
  children,
}: {
  column: RosterSortColumn;
  sort: SortState<RosterSortColumn>;
  onSort: (column: RosterSortColumn) => void;
  children: ReactNode;
}) {
  const state = ariaSort(sort, column);
  const Icon = state === "descending" ? ArrowDown : state === "ascending" ? ArrowUp : ArrowUpDown;
  return (
    <Th aria-sort={state} className="p-0!">
      <button
        type="button"
        onClick={() => onSort(column)}
        className={`inline-flex min-h-11 w-full items-center justify-end gap-1.5 px-3 text-xs font-semibold uppercase tracking-wide transition-colors hover:text-ink sm:px-4 ${
          state === "none" ? "" : "text-gold"
        }`}
      >
        {children}
        <Icon className="size-3.5 shrink-0" aria-hidden="true" />
      </button>
    </Th>
  );
}

function StateMessage({ state, label, empty }: { state: MembersState; label: string; empty: string }) {
  if (state.status === "error") {
    return (
      <TableMessageCard label={label} title={`Error loading data: ${state.message}`} alert>
        Failed to load guild members. {state.message}
      </TableMessageCard>
    );
  }
  return <TableMessageCard label={label} title={empty} />;
}

export interface ActiveActions {
  onEdit: (member: GuildMember) => void;
  onKick: (member: GuildMember) => void;
  onDelete: (member: GuildMember) => void;
}

export function ActiveMembersTable({ state, actions }: { state: MembersState; actions: ActiveActions }) {
  const [sort, setSort] = useState<SortState<RosterSortColumn>>(null);
  const onSort = (column: RosterSortColumn) => setSort((current) => nextSortState(current, column));
  if (state.status === "error" || (state.status === "ready" && state.rows.length === 0)) {
    return <StateMessage state={state} label="Active members" empty="No active guild members found." />;
  }
  return (
    <TableCard label="Active members">
      <Table className="min-w-[44rem]">
        <thead>
          <tr>
            <Th className={`left-0 ${stickyHeadCell} ${stickyEdge}`}>Player Name</Th>
            <Th>Category</Th>
            <SortHeader column="attendance" sort={sort} onSort={onSort}>
              Attendance
            </SortHeader>
            <SortHeader column="lootParticipation" sort={sort} onSort={onSort}>
              Loot Participation
            </SortHeader>
            <SortHeader column="salary" sort={sort} onSort={onSort}>
              Salary
            </SortHeader>
            <Th className="text-right">Actions</Th>
          </tr>
        </thead>
        {state.status === "loading" ? (
          <SkeletonRows rows={5} columns={6} />
        ) : (
          <tbody>
            {sortRoster(state.rows, sort).map((row) => {
              const local = isLocalId(row.id);
              return (
                <tr key={row.id} className={rowClass} data-member={row.playerName}>
                  <Td className={`left-0 font-medium whitespace-nowrap ${stickyCell} ${stickyEdge}`}>
                    {row.playerName}
                    {local ? <PendingBadge /> : null}
                  </Td>
                  <Td>
                    <CategoryBadge category={row.category} />
                  </Td>
                  <Td className="text-right tabular-nums">{row.attendance}</Td>
                  <Td className="text-right tabular-nums">{row.lootParticipation}</Td>
                  <Td className="whitespace-nowrap text-right tabular-nums">
                    {formatMoney(row.salary, "usdt")}
                  </Td>
                  <Td className="whitespace-nowrap text-right">
                    <Button
                      variant="ghost"
                      size="icon"
                      aria-label={`Edit ${row.playerName}`}
                      disabled={local}
                      onClick={() => actions.onEdit(row.member)}
                    >
                      <Pencil className="size-4" aria-hidden="true" />
                    </Button>
                    <Button
                      variant="ghost"
                      size="icon"
                      aria-label={`Kick ${row.playerName}`}
                      disabled={local}
                      onClick={() => actions.onKick(row.member)}
                    >
                      <UserX className="size-4" aria-hidden="true" />
                    </Button>
                    <Button
                      variant="ghost"
                      size="icon"
                      className="hover:text-danger"
                      aria-label={`Delete ${row.playerName}`}
                      disabled={local}
                      onClick={() => actions.onDelete(row.member)}
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

export function KickedMembersTable({
  state,
  onMarkPaid,
}: {
  state: MembersState;
  onMarkPaid: (member: GuildMember) => void;
}) {
  const [sort, setSort] = useState<SortState<RosterSortColumn>>(null);
  const onSort = (column: RosterSortColumn) => setSort((current) => nextSortState(current, column));
  if (state.status === "error" || (state.status === "ready" && state.rows.length === 0)) {
    return <StateMessage state={state} label="Kicked members" empty="No kicked guild members found." />;
  }
  return (
    <TableCard label="Kicked members">
      <Table className="min-w-[52rem]">
        <thead>
          <tr>
            <Th className={`left-0 ${stickyHeadCell} ${stickyEdge}`}>Player Name</Th>
            <Th>Category</Th>
            <Th className="text-right">Attendance</Th>
            <Th className="text-right">Loot Participation</Th>
            <SortHeader column="finalSalary" sort={sort} onSort={onSort}>
              Final Salary
            </SortHeader>
            <Th>Kicked Date</Th>
            <Th className="text-right">Actions</Th>
          </tr>
        </thead>
        {state.status === "loading" ? (
          <SkeletonRows rows={5} columns={7} />
        ) : (
          <tbody>
            {sortRoster(state.rows, sort).map((row) => (
              <tr key={row.id} className={rowClass} data-member={row.playerName}>
                <Td className={`left-0 font-medium whitespace-nowrap ${stickyCell} ${stickyEdge}`}>
                  {row.playerName}
                </Td>
                <Td>
                  <CategoryBadge category={row.category} />
                </Td>
                <Td className="text-right tabular-nums">{row.attendance}</Td>
                <Td className="text-right tabular-nums">{row.lootParticipation}</Td>
                <Td className="whitespace-nowrap text-right tabular-nums">
                  {formatMoney(row.finalSalaryAmount ?? row.salary, "usdt")}
                </Td>
                <Td className="whitespace-nowrap">{formatKickedDate(row.member.kickedDate)}</Td>
                <Td className="text-right">
                  <Button variant="secondary" className="px-3!" onClick={() => onMarkPaid(row.member)}>
                    <BadgeCheck className="size-4" aria-hidden="true" />
                    Paid
                  </Button>
                </Td>
              </tr>
            ))}
          </tbody>
        )}
      </Table>
    </TableCard>
  );
}
