/**
 * /admin/characters (docs/decisions/051): which characters belong to one player (a main character and its alts)
 * and which account belongs to which main character, so a raider's "My earnings" covers all their characters.
 * Alt links are member updates (through the outbox, offline too); account links need the server.
 */
import { useMemo, useState } from "react";
import type { Account } from "@shared/schemas/accounts.ts";
import type { GuildMember } from "@shared/schemas/members.ts";
import { Button } from "@web/components/button.tsx";
import { Card } from "@web/components/card.tsx";
import type { TableState } from "@web/components/data-table.tsx";
import { NotStoredNotice } from "@web/components/online-only-notice.tsx";
import { PageHeader } from "@web/components/page-header.tsx";
import { SearchInput } from "@web/components/search-input.tsx";
import { useGuildMembers } from "@web/data/hooks.ts";
import { type AccountLinks, readAccountLinks } from "@web/features/characters/account-links.ts";
import {
  AddAltDialog,
  LinkAccountDialog,
  type LinkTarget,
  UnlinkAltDialog,
} from "@web/features/characters/characters-dialogs.tsx";
import {
  accountsByMember,
  groupCharacters,
  type MainWithAlts,
  visibleGroups,
} from "@web/features/characters/characters-model.ts";
import { AccountLinksTable, MainsTable } from "@web/features/characters/characters-tables.tsx";
import { useOnline } from "@web/features/sync-status/use-online.ts";
import { useServerRead } from "@web/lib/use-server-read.ts";
import { useDocumentTitle } from "@web/shell/use-document-title.ts";

type OpenDialog =
  | { kind: "add-alt"; main: GuildMember }
  | { kind: "unlink-alt"; main: GuildMember; alt: GuildMember }
  | { kind: "link"; target: LinkTarget }
  | null;

function SearchBox({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return (
    <div className="w-full sm:w-72">
      <SearchInput
        hiddenLabel="Search characters"
        autoComplete={undefined}
        placeholder="Search characters"
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  );
}

/** Which mains the list shows without a search, and the switch to the other choice. */
function FilterNote({
  total,
  shown,
  showAll,
  onToggle,
}: {
  total: number;
  shown: number;
  showAll: boolean;
  onToggle: (showAll: boolean) => void;
}) {
  return (
    <p className="flex flex-wrap items-center gap-x-2 text-sm text-ink-muted" data-testid="mains-filter">
      {showAll
        ? `Showing all ${total} main characters.`
        : `Showing ${shown} of ${total} main characters: those with alts or an account. Search to find anyone else.`}
      <Button variant="ghost" className="px-2 text-gold" onClick={() => onToggle(!showAll)}>
        {showAll ? "Show only linked players" : "Show every member"}
      </Button>
    </p>
  );
}

function CharacterDialogs({
  dialog,
  members,
  data,
  onClose,
  onSaved,
}: {
  dialog: OpenDialog;
  members: GuildMember[] | undefined;
  data: AccountLinks | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  if (dialog?.kind === "add-alt" && members)
    return <AddAltDialog main={dialog.main} members={members} onClose={onClose} />;
  if (dialog?.kind === "unlink-alt")
    return <UnlinkAltDialog main={dialog.main} alt={dialog.alt} onClose={onClose} />;
  if (dialog?.kind === "link" && data && members)
    return (
      <LinkAccountDialog
        target={dialog.target}
        members={members}
        data={data}
        onClose={onClose}
        onSaved={onSaved}
      />
    );
  return null;
}

export function CharactersPage() {
  useDocumentTitle((brand) => `Characters - ${brand}`);
  const online = useOnline();
  const members = useGuildMembers();
  const linksState = useServerRead(["account-links"], readAccountLinks, online);
  const [search, setSearch] = useState("");
  const [showAll, setShowAll] = useState(false);
  const [dialog, setDialog] = useState<OpenDialog>(null);

  const groups = useMemo(() => (members ? groupCharacters(members) : null), [members]);
  const data = linksState.data;
  const accountOfMember = useMemo(
    () => (data ? accountsByMember(data.accounts, data.links) : new Map<number, Account>()),
    [data],
  );
  const memberNameOfUser = useMemo(
    () => new Map((data?.links ?? []).map((l) => [l.userId, l.memberName])),
    [data],
  );
  const searching = search.trim() !== "";
  const shown = groups
    ? visibleGroups(groups, { search, showAll, hasAccount: (id) => accountOfMember.has(id) })
    : null;
  const mainsState: TableState<MainWithAlts> = shown
    ? { status: "ready", rows: shown }
    : { status: "loading" };
  let emptyText = "No main character has alts or an account yet. Search a name, or show every member.";
  if (searching) emptyText = `No character matches "${search.trim()}".`;
  else if (showAll) emptyText = "No members yet.";
  let accountsState: TableState<Account>;
  if (data) accountsState = { status: "ready", rows: data.accounts };
  else if (linksState.status === "error") accountsState = { status: "error", message: linksState.error };
  else accountsState = { status: "loading" };
  const canLinkAccounts = online && data !== null;

  return (
    <>
      <PageHeader
        title="Characters"
        subtitle="Link alts to their main character, and each raider's account to their main, so My earnings shows all their characters."
      />
      <div className="space-y-8">
        <section aria-labelledby="mains-title" className="space-y-3">
          <div className="flex flex-wrap items-end justify-between gap-3">
            <h2 id="mains-title" className="text-lg font-semibold text-ink">
              Main characters and alts
            </h2>
            <SearchBox value={search} onChange={setSearch} />
          </div>
          {groups && shown && !searching ? (
            <FilterNote total={groups.length} shown={shown.length} showAll={showAll} onToggle={setShowAll} />
          ) : null}
          <MainsTable
            state={mainsState}
            empty={emptyText}
            accountOf={(id) => accountOfMember.get(id)}
            canLinkAccounts={canLinkAccounts}
            onAddAlt={(main) => setDialog({ kind: "add-alt", main })}
            onUnlinkAlt={(main, alt) => setDialog({ kind: "unlink-alt", main, alt })}
            onLinkAccount={(member) => setDialog({ kind: "link", target: { kind: "member", member } })}
          />
        </section>
        <section aria-labelledby="accounts-title" className="space-y-3">
          <h2 id="accounts-title" className="text-lg font-semibold text-ink">
            Accounts
          </h2>
          {online ? (
            <AccountLinksTable
              state={accountsState}
              memberNameOf={(userId) => memberNameOfUser.get(userId)}
              onLink={(account) => setDialog({ kind: "link", target: { kind: "account", account } })}
            />
          ) : (
            <NotStoredNotice what="Accounts" use="link them to characters" />
          )}
          {online && linksState.status === "error" && data ? (
            <Card role="alert" className="text-sm text-red-200">
              Failed to refresh accounts: {linksState.error}
            </Card>
          ) : null}
        </section>
      </div>
      <CharacterDialogs
        dialog={dialog}
        members={members}
        data={data}
        onClose={() => setDialog(null)}
        onSaved={linksState.reload}
      />
    </>
  );
}
