/**
 * The Characters screen's tables (docs/decisions/051): main characters with their alts and their account, and
 * the accounts with their character. Cards below 640 px (decision 046); every button is named after its row.
 */

import { Link2, Plus, X } from "lucide-react";
import { ROLE_LABELS } from "@shared/contract/roles.ts";
import type { Account } from "@shared/schemas/accounts.ts";
import type { GuildMember } from "@shared/schemas/members.ts";
import { Button } from "@web/components/button.tsx";
import {
  FirstTd,
  FirstTh,
  rowClass,
  StateTable,
  type TableState,
  Td,
  Th,
} from "@web/components/data-table.tsx";
import type { MainWithAlts } from "./characters-model.ts";

const pill = "inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold ring-1";

function StatusNote({ member }: { member: GuildMember }) {
  if (member.status === "active") return null;
  return <span className="ml-1 text-xs text-ink-muted">({member.status.replace("_", " ")})</span>;
}

const MAIN_HEADERS = { main: "Main character", alts: "Alts", account: "Account" } as const;

export function MainsTable({
  state,
  empty,
  accountOf,
  canLinkAccounts,
  onAddAlt,
  onUnlinkAlt,
  onLinkAccount,
}: {
  state: TableState<MainWithAlts>;
  /** What the table says when no group is listed. */
  empty: string;
  accountOf: (memberId: number) => Account | undefined;
  /** False while the accounts are not known (offline): the account column says so. */
  canLinkAccounts: boolean;
  onAddAlt: (main: GuildMember) => void;
  onUnlinkAlt: (main: GuildMember, alt: GuildMember) => void;
  onLinkAccount: (main: GuildMember) => void;
}) {
  return (
    <StateTable
      state={state}
      label="Main characters"
      className="min-w-[44rem]"
      columns={4}
      head={
        <>
          <FirstTh>{MAIN_HEADERS.main}</FirstTh>
          <Th>{MAIN_HEADERS.alts}</Th>
          <Th>{MAIN_HEADERS.account}</Th>
          <Th className="text-right">Actions</Th>
        </>
      }
      error={(message) => ({ title: "Failed to load members", body: message })}
      empty={empty}
      rowHeight={57}
      cardHeight={170}
      countLabel={(count) => `${count} main characters`}
      row={({ main, alts }, props) => {
        const account = accountOf(main.id);
        return (
          <tr key={main.id} className={rowClass} data-main={main.playerName} {...props}>
            <FirstTd>
              {main.playerName}
              <StatusNote member={main} />
            </FirstTd>
            <Td label={MAIN_HEADERS.alts} card="wide">
              {alts.length === 0 ? (
                <span className="text-ink-muted">No alts</span>
              ) : (
                <ul className="flex flex-wrap gap-1.5">
                  {alts.map((alt) => (
                    <li
                      key={alt.id}
                      className="inline-flex min-h-11 items-center gap-1 rounded-full bg-surface-raised pl-3 text-sm ring-1 ring-line md:min-h-9"
                    >
                      {alt.playerName}
                      <StatusNote member={alt} />
                      {/* 44 px on a phone; 36 px where the sidebar shows, as its links (decision 090). */}
                      <button
                        type="button"
                        className="inline-flex size-11 md:size-9 items-center justify-center rounded-full text-ink-muted hover:bg-danger/10 hover:text-danger"
                        aria-label={`Unlink ${alt.playerName} from ${main.playerName}`}
                        title={`Unlink ${alt.playerName}`}
                        onClick={() => onUnlinkAlt(main, alt)}
                      >
                        <X className="size-4" aria-hidden="true" />
                      </button>
                    </li>
                  ))}
                </ul>
              )}
            </Td>
            <Td label={MAIN_HEADERS.account}>
              {!canLinkAccounts ? (
                <span className="text-ink-muted">—</span>
              ) : account ? (
                <span className={`${pill} bg-gold/15 text-gold ring-gold/40`}>{account.displayName}</span>
              ) : (
                <span className="text-ink-muted">Not linked</span>
              )}
            </Td>
            <Td className="whitespace-nowrap text-right" card="actions">
              <div className="inline-flex flex-wrap justify-end gap-1">
                <Button
                  variant="ghost"
                  className="whitespace-nowrap px-3"
                  aria-label={`Add an alt to ${main.playerName}`}
                  onClick={() => onAddAlt(main)}
                >
                  <Plus className="size-4" aria-hidden="true" />
                  Add an alt
                </Button>
                <Button
                  variant="ghost"
                  className="whitespace-nowrap px-3"
                  aria-label={`Link account to ${main.playerName}`}
                  disabled={!canLinkAccounts}
                  onClick={() => onLinkAccount(main)}
                >
                  <Link2 className="size-4" aria-hidden="true" />
                  Link account
                </Button>
              </div>
            </Td>
          </tr>
        );
      }}
    />
  );
}

const ACCOUNT_HEADERS = {
  account: "Account",
  email: "Email",
  role: "Role",
  character: "Main character",
} as const;

export function AccountLinksTable({
  state,
  memberNameOf,
  onLink,
}: {
  state: TableState<Account>;
  memberNameOf: (userId: number) => string | undefined;
  onLink: (account: Account) => void;
}) {
  return (
    <StateTable
      state={state}
      label="Accounts and their characters"
      className="min-w-[40rem]"
      columns={5}
      head={
        <>
          <FirstTh>{ACCOUNT_HEADERS.account}</FirstTh>
          <Th>{ACCOUNT_HEADERS.email}</Th>
          <Th>{ACCOUNT_HEADERS.role}</Th>
          <Th>{ACCOUNT_HEADERS.character}</Th>
          <Th className="text-right">Actions</Th>
        </>
      }
      error={(message) => ({ title: "Failed to load accounts", body: message })}
      empty="No accounts yet."
      body={(rows) =>
        rows.map((account) => {
          const character = memberNameOf(account.id);
          return (
            <tr key={account.id} className={rowClass} data-account={account.email}>
              <FirstTd>{account.displayName}</FirstTd>
              <Td className="break-all text-ink-muted" label={ACCOUNT_HEADERS.email} card="wide">
                {account.email}
              </Td>
              <Td label={ACCOUNT_HEADERS.role}>{ROLE_LABELS[account.role]}</Td>
              <Td label={ACCOUNT_HEADERS.character} data-testid="linked-character">
                {character ?? <span className="text-ink-muted">Not linked</span>}
              </Td>
              <Td className="whitespace-nowrap text-right" card="actions">
                <Button
                  variant="ghost"
                  className="whitespace-nowrap px-3"
                  aria-label={`Link character to ${account.displayName}`}
                  onClick={() => onLink(account)}
                >
                  <Link2 className="size-4" aria-hidden="true" />
                  Link character
                </Button>
              </Td>
            </tr>
          );
        })
      }
    />
  );
}
